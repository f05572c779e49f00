import type { Token } from '../lexer.js';

/** The small word sets and tests every token pass shares. */

export const DROPPED = new Set(['ws', 'sep', 'mention']);
export const ARTICLES = new Set(['a', 'an', 'the', 'my', 'our', 'your', 'their', 'his', 'her', 'each', 'this', 'these', 'those', 'single', 'one', 'of', 'with', 'using', 'in', 'at', 'per', 'total', 'just', 'only', 'some', 'two']);
/** Marks prose words in the gap between two kept tokens. */
export const PROSE = '\u0001';
/** Words after a card number that name a variant ("3080 Ti", "2080 Super"). */
export const CARD_VARIANT = /^(?:ti|super)$/;
export const POST_NEGATIONS = new Set(['disabled', 'off', 'false', 'disable']);
/**
 * Words that may stand between a setting and the negation after it ("gradient checkpointing turned
 * off", "was set to false", "is NOT enabled"): the verb of a sentence whose subject is the setting.
 * Filler words only (src/language/filler.ts), so nothing read is skipped.
 */
export const NEGATION_LINKS = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'turned', 'switched', 'set', 'to', 'left', 'still']);
/** What "not" before them says was not done to the setting before it: "gradient checkpointing is not enabled", "… not used". */
export const NOT_DONE = new Set(['enabled', 'used', 'turned', 'switched', 'set']);
/** At most this many link words between a setting and its negation: a sentence's verb, not a clause. */
const MAX_LINKS = 3;

/** The filler words after a setting, links skipped: the word a negation after it would be, if any. */
export function afterLinks(words: readonly string[] | undefined): string | undefined {
  if (!words) return undefined;
  let k = 0;
  while (k < words.length && k < MAX_LINKS && NEGATION_LINKS.has(words[k]!) && k + 1 < words.length) k++;
  return words[k];
}

/** Whether the words after a setting are only links ("is", "was set to"): a "not" after them negates it. */
export const onlyLinks = (words: readonly string[] | undefined) => (words ?? []).length <= MAX_LINKS && (words ?? []).every((w) => NEGATION_LINKS.has(w));

// "didn't use use-flash-atten" (NVIDIA/Megatron-LM#525, c531) as "did not use": the reach of a negation
// is bounded (negation.ts NEGATION_REACH), so "didn't fit even with gradient checkpointing" turns nothing off.
export const NEGATIONS = new Set(['no', 'not', 'without', 'non', 'disable', 'disabled', "don't", 'dont', "didn't", 'didnt', "doesn't", 'doesnt', 'never']);
export const QUANT_WORDS = /^(?:quantization|quantisation|quantized|quantised|quantize|quant|quantizing)$/;

export const isSep = (t: Token) => t.type === 'ws' || t.type === 'sep';
export const isWord = (t: Token | undefined): t is Token => t?.type === 'word' || t?.type === 'foreign';

/** Text from the start of `a` to the end of `b`, in normalised-text offsets (for spans only). */
export function spanText(a: Token, b: Token): string {
  const [first, last] = a.offset <= b.offset ? [a, b] : [b, a];
  return (first.text + ' '.repeat(Math.max(0, last.offset - first.offset - first.text.length)) + last.text).slice(0, last.offset + last.text.length - first.offset);
}
