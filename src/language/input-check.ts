import type { ErrorReply } from '../reply/types.js';
import { errorReply } from './errors.js';

/**
 * Longest request read (DESIGN §2 bad input: a cap, said in the error). Pasted configs (a
 * DeepSpeed JSON, an axolotl YAML, a vLLM command) run to a few thousand characters.
 */
export const MAX_REQUEST_CHARS = 6000;

/**
 * Most request words one message hands the grammar. Real messages at the character cap hold up
 * to ~300 (pasted prose with its settings, test/corpus); past that a message repeats itself
 * ("r8 r8 r8 …") and would only cost time to read (issue 26).
 */
export const MAX_GRAMMAR_TOKENS = 400;

const HINT = 'Write the request in plain words, e.g. "13b bf16 zero3 seq 4096 on 4x A100-80G", or say "help".';

/**
 * Input that is not a message: empty, over the cap, control characters (binary data). Other
 * scripts, emoji and typographic characters are read (src/language/normalise.ts), not refused.
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
  }
  return null;
}

/** A message with more request words than the grammar reads in one go; `at` is the first one past the cap. */
export function tooManyItems(text: string, count: number, at: number): ErrorReply {
  return errorReply(
    text,
    at,
    `This message has ${count} words I would read as settings; I read at most ${MAX_GRAMMAR_TOKENS} in one message, and it is usually one item said many times. Keep to the items that matter. ${HINT}`,
  );
}
