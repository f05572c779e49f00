import type { MappedText } from '../mapped-text.js';
import { applyRules } from './engine.js';
import { CARD_DTYPE_RULES } from './rules/training.js';
import { SEQ_KEY_RULES } from './rules/seq-evidence.js';

/**
 * The training rules the config keys need first (torchtune's `llama3_1`, Unsloth's
 * `bf16 = is_bfloat16_supported()`), and two length keys given one value together (seq-evidence.ts).
 * Notes are none: these rules only respell.
 */
const BEFORE_KEYS = [...CARD_DTYPE_RULES, ...SEQ_KEY_RULES];
export function cardDtypeFlags(text: MappedText): MappedText {
  return applyRules(text, BEFORE_KEYS, []);
}
