import { FAMILIES } from '../../lexicon.js';
import type { ProseRule } from '../types.js';

/**
 * A model's name written as a code identifier (s34, rmodel12): a benchmark table's `llama3_1_8b_instruct_q40`
 * (b4rtaz/distributed-llama#252, c2569), a recipe's `qwen3_8b_pretrain_4gpu_h100_bf16_config` (c2570), a served
 * or file name's `Mistral_7B_Instruct_v0_2`, "Qwen-2.5VL-instruct-3B" (hiyouga/EasyR1#450, c2522),
 * "qwen2_vl_instruct_7b". Identifiers cannot hold a dot, so the version's dot is an underscore; and a checkpoint word
 * ("instruct", "chat", "it", "base") may stand before the size as well as after it. One rule writes such an identifier
 * in the spelling the name rules read (family-version-variant-size, the checkpoint's words after the size joined by
 * '-'), so every notation reaches the same reader: the recipe's other words after the size are left as they are.
 */

/** A catalog family's letters at the start of an identifier ("llama", "qwen", "gemma", "mistral"). */
const FAMILY_START = new RegExp(`^(?:${FAMILIES.map((f) => f.replace(/[^a-z0-9]/g, '')).filter((f) => f.length >= 3).join('|')})`);
/** A size as one part of an identifier: "8b", "0.5b", "270m", the "30b" of "30b_a3b". */
const SIZE_PART = /(?<![a-z0-9.])\d+(?:\.\d+)?[bm](?![a-z0-9])/;
/**
 * An underscore inside a version: "llama3_1", "llama_3_1", "qwen2_5", "v0_2", not before a size ("qwen3_8b" is
 * Qwen3 8B). The number after it is one or two digits that end the part.
 */
const VERSION_UNDERSCORE = /(?<=(?:^|[-_])(?:[a-z]{2,}[-_]?|v)\d{1,2})_(?=\d{1,2}(?![\d.])(?!(?:\.\d+)?[bm](?![a-z0-9])))/g;
/** A checkpoint word between the name and its size ("qwen-2.5vl-instruct-3b", "qwen2_vl_instruct_7b"). */
const CHECKPOINT_BEFORE_SIZE = /[-_](?:instruct|chat|it|base|hf)(?=[-_]\d+(?:\.\d+)?[bm](?![a-z0-9]))/g;
/** A checkpoint word and its release joined to the size by '_' ("7b_instruct_v0.2", "8b_instruct"): one name's tail. */
const CHECKPOINT_AFTER_SIZE = /(?<=\d[bm])_(instruct|chat|it|base|hf)(?:_(v\d+(?:\.\d+)*))?(?=$|[-_.])/;

export function identifierSpelling(identifier: string): string {
  if (!FAMILY_START.test(identifier) || !SIZE_PART.test(identifier.replace(/_/g, '-'))) return identifier;
  return identifier
    .replace(VERSION_UNDERSCORE, '.')
    .replace(CHECKPOINT_BEFORE_SIZE, '')
    .replace(CHECKPOINT_AFTER_SIZE, (_, word: string, release?: string) => `-${word}${release ? `-${release}` : ''}`);
}

export const MODEL_IDENTIFIER_RULES: readonly ProseRule[] = [
  {
    id: 'prose.model-identifier',
    pattern: /(?<![\w.\-/\\])[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)+(?![\w\-])/g,
    when: (t) => /[a-z][_-]?\d/.test(t),
    write: (m) => identifierSpelling(m[0]),
    example: '| `llama3_1_8b_instruct_q40` | 24.80 | 24.80 | 33.32  | 45.33 |',
    source: 'b4rtaz/distributed-llama#252',
  },
];
