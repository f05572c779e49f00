import type { Token } from '../lexer.js';

/** The small word sets and tests every token pass shares. */

export const DROPPED = new Set(['ws', 'sep', 'mention']);
export const ARTICLES = new Set(['a', 'an', 'the', 'my', 'our', 'your', 'their', 'his', 'her', 'each', 'this', 'these', 'those', 'single', 'one', 'of', 'with', 'using', 'in', 'at', 'per', 'total', 'just', 'only', 'some', 'two']);
/** Marks prose words in the gap between two kept tokens. */
export const PROSE = '\u0001';
/** Words after a card number that name a variant ("3080 Ti", "2080 Super"). */
export const CARD_VARIANT = /^(?:ti|super)$/;
export const POST_NEGATIONS = new Set(['disabled', 'off', 'false', 'disable']);
export const NEGATIONS = new Set(['no', 'not', 'without', 'non', 'disable', 'disabled', "don't", 'dont', 'never']);
export const QUANT_WORDS = /^(?:quantization|quantisation|quantized|quantised|quantize|quant|quantizing)$/;

export const isSep = (t: Token) => t.type === 'ws' || t.type === 'sep';
export const isWord = (t: Token | undefined): t is Token => t?.type === 'word' || t?.type === 'foreign';

/** Text from the start of `a` to the end of `b`, in normalised-text offsets (for spans only). */
export function spanText(a: Token, b: Token): string {
  const [first, last] = a.offset <= b.offset ? [a, b] : [b, a];
  return (first.text + ' '.repeat(Math.max(0, last.offset - first.offset - first.text.length)) + last.text).slice(0, last.offset + last.text.length - first.offset);
}
