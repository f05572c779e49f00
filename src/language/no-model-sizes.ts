import type { Token } from './lexer.js';
import { sizeNumber } from './numbers.js';
import { MAX_PARAMS, MIN_PARAMS } from '../scenario/shape.js';

/**
 * A bare number with a size suffix that no model has, in prose: a count the message gives of something
 * else, not the model. "run the model on many prompts (>1M)" (unslothai/unsloth, corpus c2092: a million
 * prompts), "Ryzen 5800X3D (8C/16T)" (nomic-ai/gpt4all, c1346: sixteen threads), "910b 280t 8机64卡"
 * (hiyouga/LlamaFactory, c1376: the Ascend 910B's 280 TFLOPS) had refused the whole message with "not a
 * model size I can shape"; and as a second model size it broke the parse, whose recovery could set aside
 * the model named before it ("a Llama-3 instruct model" in c2092). Models run from 10M to 10,000B
 * parameters (scenario/shape.ts), so outside that the figure counts something else: set aside before the
 * parse and said. Prose only (the tolerant reading): "1m lora" typed as a request is still refused with
 * the range, and a size after a family ("llama 1m") still names a model, so it is left to the range.
 */
export function withoutNoModelSizes(kept: readonly Token[]): { kept: Token[]; aside: Token[] } {
  const aside: Token[] = [];
  const rest: Token[] = [];
  for (const [i, t] of kept.entries()) {
    if (isNoModelSize(t) && kept[i - 1]?.type !== 'family') aside.push(t);
    else rest.push(t);
  }
  return { kept: rest, aside };
}

/**
 * A size token no model has ("1m", "16t"). Never the one size a series named without its own is read
 * at (read-tokens/model-names.ts): "a Llama-3 instruct model … many prompts (>1M)" is Llama-3's default
 * member, where "1M" had left "Llama-3" a family with a version and no size, which the parse then dropped.
 */
export function isNoModelSize(t: Token): boolean {
  if (t.type !== 'size') return false;
  const params = sizeNumber(String(t.value));
  return Number.isFinite(params) && !(params >= MIN_PARAMS && params <= MAX_PARAMS);
}

/** What the reply says of such a figure. */
export const noModelSizeNote = (written: string) =>
  `"${written}" set aside: no model has that many parameters (sizes run from 10M to 10,000B), so it counts something else the message says`;
