import type { Token } from './lexer.js';

/**
 * A minus sign written on a number that counts something ("seq -1", "on -2x h100", "bs=-4",
 * "−2 gpus" with a Unicode minus, normalised to "-"). The lexer reads "-" as a separator, so
 * without this step the sign was dropped and "seq -1" read as seq 1 (issue 26). The sign joins
 * the number it touches, and the value is negative: the scenario's range checks then refuse it
 * with the valid range, as they refuse "seq 0".
 *
 * Only a minus that starts a word counts: after a space, the start of the text, or "=", ":", "(".
 * A hyphen inside or between words and numbers stays a hyphen: "llama-2-7b", "A100-80G",
 * "zero-3", "2-3 steps", "x-2", "--max-model-len 8192", "- 8 GPUs" (a list bullet).
 */

/** Tokens that count or measure something and so can carry a sign. */
const SIGNED = new Set(['number', 'knum', 'count', 'nodes', 'seqPost']);

export function signNumbers(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    // A bare card number ("4070", "3090") with a minus on it is a signed number, never a card: "seq -4070".
    const cardNumber = next?.type === 'gpu' && /^\d+$/.test(next.text);
    if (t.type === 'sep' && t.text.endsWith('-') && next && (SIGNED.has(next.type) || cardNumber) && next.offset === t.offset + t.text.length && startsWord(t, out.at(-1))) {
      const before = t.text.slice(0, -1);
      if (before) out.push({ ...t, value: before, text: before });
      out.push({ ...next, ...(cardNumber ? { type: 'number', value: `-${next.text}` } : { value: `-${next.value}` }), text: `-${next.text}`, offset: next.offset - 1 });
      i++;
      continue;
    }
    out.push(t);
  }
  return out;
}

/** The "-" at the end of `sep` starts a word: it follows "=", ":" or "(", or it is the whole separator and follows a space or nothing. */
function startsWord(sep: Token, previous: Token | undefined): boolean {
  const rest = sep.text.slice(0, -1);
  if (rest !== '') return /^[=:(]$/.test(rest);
  return previous === undefined || previous.type === 'ws' || previous.offset + previous.text.length < sep.offset;
}
