import type { ErrorReply } from '../reply/types.js';

/** The example every error ends with: a complete, valid request. */
export const ERROR_EXAMPLE = '13b bf16 zero3 seq 4096 on 4x A100-80G';

/** The request on one line and a caret under character `at` (DESIGN §2: name the position). */
export function caretLine(text: string, at: number): string {
  const oneLine = text.replace(/[\r\n\t]/g, ' ');
  return `${oneLine}\n${' '.repeat(Math.max(0, Math.min(at, oneLine.length)))}^`;
}

export function errorReply(
  text: string,
  at: number,
  message: string,
  options: { expected?: string[]; suggestion?: string | null; example?: string } = {},
): ErrorReply {
  return {
    kind: 'error',
    message,
    at,
    caret: caretLine(text, at),
    expected: options.expected ?? [],
    suggestion: options.suggestion ?? null,
    example: options.example ?? ERROR_EXAMPLE,
  };
}
