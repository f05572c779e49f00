import { ACCELERATE } from './accelerate.js';
import { AXOLOTL } from './axolotl.js';
import { DEEPSPEED } from './deepspeed.js';
import { DEEPSPEED_CHAT } from './deepspeed-chat.js';
import { LLAMA_FACTORY } from './llamafactory.js';
import { MLX_LM } from './mlx-lm.js';
import { MS_SWIFT } from './ms-swift.js';
import { OPENRLHF } from './openrlhf.js';
import type { ProgramOption } from '../program-option.js';
import type { Framework } from './option.js';
import { PEFT } from './peft.js';
import { TRANSFORMERS } from './transformers.js';
import { TORCHTUNE } from './torchtune.js';
import { TRL } from './trl.js';
import { UNSLOTH } from './unsloth.js';
import { VERL } from './verl.js';
import { XTUNER } from './xtuner.js';

/**
 * The training frameworks whose option lists we read from their source, in the order a key no
 * framework of the message claims is looked up (the most used first: a TrainingArguments field
 * before an RL trainer's flag of the same spelling).
 */
// DeepSpeed-Chat first: named only by its actor/critic flags, and then its `--deepspeed` (a bare switch) and
// its batch flag are its own, not TrainingArguments' (deepspeed-chat.ts).
export const FRAMEWORKS: readonly Framework[] = [DEEPSPEED_CHAT, TRANSFORMERS, TRL, PEFT, DEEPSPEED, ACCELERATE, LLAMA_FACTORY, AXOLOTL, MS_SWIFT, XTUNER, TORCHTUNE, UNSLOTH, OPENRLHF, VERL, MLX_LM];

/**
 * Each framework's options by spelling, built the first time a key is looked up in it: a message
 * with no config key (most one-line requests) builds none (issue 22, cold start).
 */
const bySpelling = new Map<Framework, Map<string, ProgramOption>>();

function optionsBySpelling(framework: Framework): Map<string, ProgramOption> {
  let table = bySpelling.get(framework);
  if (!table) bySpelling.set(framework, (table = new Map(framework.options.flatMap((o) => o.spellings.map((s) => [s, o] as const)))));
  return table;
}

/** The frameworks a message names (its text lower-cased, as the config reader sees it), in list order. */
export const namedFrameworks = (text: string): Framework[] => FRAMEWORKS.filter((f) => f.named.test(text));

/** The first of `frameworks` that defines `key`, and its option. */
export function frameworkOption(key: string, frameworks: readonly Framework[]): { framework: Framework; option: ProgramOption } | undefined {
  for (const framework of frameworks) {
    const option = optionsBySpelling(framework).get(key);
    if (option) return { framework, option };
  }
  return undefined;
}
