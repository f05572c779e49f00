import type { ErrorReply } from '../reply/types.js';
import { errorReply } from './errors.js';

/** Longest request read (DESIGN §2 bad input: a cap, said in the error). */
export const MAX_REQUEST_CHARS = 500;

const HINT = 'Write the request in plain words, e.g. "13b bf16 zero3 seq 4096 on 4x A100-80G", or say "help".';

/**
 * Input the lexer should never see: empty, over the cap, control characters, emoji, other
 * scripts. The request language is ASCII (plus "×"), which also keeps lower-casing from moving
 * character offsets.
 */
export function checkInput(text: string): ErrorReply | null {
  if (text.trim() === '') return errorReply(text, 0, `The request is empty. ${HINT}`);
  if (text.length > MAX_REQUEST_CHARS) {
    return errorReply(
      text.slice(0, MAX_REQUEST_CHARS),
      MAX_REQUEST_CHARS,
      `The request is ${text.length} characters long; I read at most ${MAX_REQUEST_CHARS}. Keep to the items that matter. ${HINT}`,
    );
  }
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const ch = text[i]!;
    if (code < 32 && ch !== '\n' && ch !== '\t' && ch !== '\r') {
      return errorReply(text, i, `The request contains a control character (code ${code}) at position ${i + 1}; it looks like binary data. ${HINT}`);
    }
    if (code === 127) return errorReply(text, i, `The request contains a control character (DEL) at position ${i + 1}. ${HINT}`);
    if (code > 126 && ch !== '×') {
      const rest = text.slice(i);
      const what = /^\p{Extended_Pictographic}/u.test(rest)
        ? 'an emoji'
        : /^\p{L}/u.test(rest)
          ? `"${String.fromCodePoint(rest.codePointAt(0)!)}", a letter outside English`
          : `"${String.fromCodePoint(rest.codePointAt(0)!)}"`;
      return errorReply(text, i, `I only read requests in English keywords and ASCII, and found ${what} at position ${i + 1}. ${HINT}`);
    }
  }
  return null;
}
