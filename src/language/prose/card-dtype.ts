import type { MappedText } from '../mapped-text.js';
import { applyRules } from './engine.js';
import { CARD_DTYPE_RULES } from './rules/training.js';

/**
 * The training rules the config keys need first (torchtune's `llama3_1`, Unsloth's
 * `bf16 = is_bfloat16_supported()`). Notes are none: these rules only respell.
 */
export function cardDtypeFlags(text: MappedText): MappedText {
  return applyRules(text, CARD_DTYPE_RULES, []);
}
