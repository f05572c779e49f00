import type { ErrorReply } from '../reply/types.js';
import { DEFAULT_WORDS } from './defaults.js';
import { peftKbitRecipeNote, readsAsPeftKbitRecipe } from './kbit-recipe.js';
import type { Resolution } from './resolution.js';

/** QLoRA with no framework named is PEFT's k-bit recipe, gradient checkpointing on (scenario/kbit-recipe.ts). */
export function kbitRecipeStep(r: Resolution): ErrorReply | null {
  if (!r.isNew || !readsAsPeftKbitRecipe(r.s, r.patch.has('framework'))) return null;
  r.s.framework = 'peft';
  r.unassume(DEFAULT_WORDS.framework);
  if (!r.patch.has('recompute')) {
    r.s.recompute = 'full';
    r.unassume(DEFAULT_WORDS.recompute);
  }
  r.assume(peftKbitRecipeNote(r.patch.has('recompute')));
  return null;
}
