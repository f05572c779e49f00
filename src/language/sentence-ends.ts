/**
 * Where a sentence ends in a user's message: a full stop before white space or the end of the text,
 * "?" or "!", a line break, or a CJK stop (。？！). A dot inside a word is no end: "qwen2.5", "v0.8.3",
 * "config.json", "1.5B" (the dot of "Qwen2.5-7B" had cut the sentence that asked about it in two).
 * Abbreviations whose dot ends nothing ("e.g.", "vs.") are masked first, at the same offsets.
 */

const ABBREVIATION = /\b(?:e\.g|i\.e|etc|vs|cf)\./gi;

/** The text with the dots of abbreviations replaced, offsets kept. */
export const maskAbbreviations = (text: string): string => text.replace(ABBREVIATION, (m) => m.replace(/\./g, '_'));

/** A sentence's end mark: one character, its end at the match's end. */
const END_MARK = String.raw`\.(?=\s|$)|[!?\n。？！]`;
export const SENTENCE_END = new RegExp(END_MARK, 'g');
const FIRST_END = new RegExp(END_MARK);

/** The offset where the sentence holding `at` starts: just after the last end mark before it. */
export function sentenceStart(text: string, at: number): number {
  // One character past `at`, so that a dot just before it is judged by what follows it in the text.
  const head = maskAbbreviations(text.slice(0, at + 1));
  let start = 0;
  for (const m of head.matchAll(SENTENCE_END)) if (m.index < at) start = m.index + 1;
  return start;
}

/** The offset just after the first end mark at or after `from` (its mark kept), or the text's length. */
export function sentenceStop(text: string, from: number): number {
  const rest = maskAbbreviations(text.slice(from));
  const m = FIRST_END.exec(rest);
  return m ? from + m.index + 1 : text.length;
}

/** Whether a sentence ends somewhere in `text` (the words between two spans of one message). */
export const holdsSentenceEnd = (text: string): boolean => FIRST_END.test(maskAbbreviations(text));
