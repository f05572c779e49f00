import type { MappedText } from '../mapped-text.js';
import { applyRules } from './engine.js';
import { CARD_DTYPE_RULES } from './rules/training.js';
import { SEQ_KEY_RULES } from './rules/seq-evidence.js';
import { KEY_SET_IN_WORDS_RULES } from './rules/key-set-in-words.js';
import { ROLLOUT_GROUP_WORD_RULES } from './rules/rollout-group-words.js';
import { FORMAT_MEMORY_LIST_RULES } from './rules/format-memory-lists.js';

/**
 * The training rules the config keys need first (torchtune's `llama3_1`, Unsloth's
 * `bf16 = is_bfloat16_supported()`), two length keys given one value together (seq-evidence.ts), and
 * a key given its value in a sentence ("set the offload_optimizer_device to cpu", key-set-in-words.ts), and an RL
 * trainer's rollouts per prompt in words ("num of generation = 8", rollout-group-words.ts), and formats listed with
 * the memory each takes (format-memory-lists.ts), before a key or the hardware reads a row's format or figure.
 * Notes are none: these rules only respell.
 */
const BEFORE_KEYS = [...FORMAT_MEMORY_LIST_RULES, ...CARD_DTYPE_RULES, ...SEQ_KEY_RULES, ...KEY_SET_IN_WORDS_RULES, ...ROLLOUT_GROUP_WORD_RULES];
export function cardDtypeFlags(text: MappedText): MappedText {
  return applyRules(text, BEFORE_KEYS, []);
}
