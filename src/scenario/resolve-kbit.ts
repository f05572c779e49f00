import type { ErrorReply } from '../reply/types.js';
import { DEFAULT_WORDS } from './defaults.js';
import { adaptersOverBitsandbytes } from '../memory/kbit.js';
import { namesLauncherOnly, peftKbitRecipeNote, readsAsPeftKbitRecipe } from './kbit-recipe.js';
import type { Resolution } from './resolution.js';

/**
 * QLoRA with no framework named is PEFT's k-bit recipe, gradient checkpointing on (scenario/kbit-recipe.ts).
 * A follow-up that turns the thread to QLoRA ("How do I tuning llama 65B with 6000 ADA?" then "How do I
 * tuning it with QLoRA?", artidoro/qlora#81, c729) is read as a new request would be: the thread's
 * Hugging Face conventions were its default, and its recompute off was a default of another mode.
 */
export function kbitRecipeStep(r: Resolution): ErrorReply | null {
  const turnsToKbit = !r.isNew && r.modeChanged() && !adaptersOverBitsandbytes(r.base!);
  const framework = r.patch.get<string>('framework');
  // A launcher said ("deepspeed --num_gpus 2 …", "accelerate launch …") names no trainer (kbit-recipe.ts LAUNCHERS).
  const launcher = framework && namesLauncherOnly(framework.value, r.text) ? framework.item.text.trim() : undefined;
  if (!(r.isNew || turnsToKbit) || !readsAsPeftKbitRecipe(r.s, framework !== undefined && launcher === undefined)) return null;
  r.s.framework = 'peft';
  r.unassume(DEFAULT_WORDS.framework);
  if (!r.patch.has('recompute') && (r.isNew || r.base!.mode === 'inference' || r.base!.recompute === 'none')) {
    r.s.recompute = 'full';
    r.unassume(DEFAULT_WORDS.recompute);
  }
  r.assume(peftKbitRecipeNote(r.patch.has('recompute'), launcher));
  return null;
}
