import { FAMILIES } from './lexicon.js';

/**
 * The family written before a size in a script's or a run folder's name, its version with it: "run_qwen2.5_7b_grpo.sh"
 * and "run_qwen2_5_7b_grpo.sh" (a dot written as an underscore, as shell names often do) are Qwen2.5's 7B,
 * "llama_2_13b" Llama 2's. Shared by the script rules of the prose stage (prose.script-model-size) and of
 * commands (command.rl-trainer-script), so a size in a name is read with its family wherever the name stands.
 */
const FAMILY = FAMILIES.map((f) => f.replace(/[^a-z0-9]/g, '')).filter((f) => f.length >= 2).join('|');
const FAMILY_BEFORE = new RegExp(`(?<![a-z])(${FAMILY})(?:[-_.]?(v?\\d+(?:[._]\\d+)?)[-_]|[-_.])?$`);

/** "qwen2.5" for the text before a size that ends in "qwen2_5_"; undefined when no family ends it. */
export function familyBeforeSize(before: string): string | undefined {
  const named = FAMILY_BEFORE.exec(before);
  return named ? `${named[1]}${(named[2] ?? '').replace('_', '.')}` : undefined;
}
