/**
 * Where a sentence ends in a user's message: a full stop before white space or the end of the text,
 * "?" or "!", a line break, or a CJK stop (。？！). A dot inside a word is no end: "qwen2.5", "v0.8.3",
 * "config.json", "1.5B" (the dot of "Qwen2.5-7B" had cut the sentence that asked about it in two).
 * Abbreviations whose dot ends nothing ("e.g.", "vs.") are masked first, at the same offsets.
 */

/** "(e.g. change deepspeed config …)?" (huggingface/open-r1#100, corpus c785) is one sentence, not one ending at "e.". */
const ABBREVIATION = /\b(?:e\.g|i\.e|etc|vs|cf)\./gi;

/** The text with the dots of abbreviations replaced, offsets kept. */
export const maskAbbreviations = (text: string): string => text.replace(ABBREVIATION, (m) => m.replace(/\./g, '_'));

/** A sentence's end mark: one character, its end at the match's end. */
const END_MARK = String.raw`\.(?=\s|$)|[!?\n。？！]`;
const SENTENCE_END = new RegExp(END_MARK, 'g');
const FIRST_END = new RegExp(END_MARK);
/** The longest abbreviation masked ("e.g.", "etc."): a window's mask starts this far before it. */
const ABBREVIATION_REACH = 4;

/**
 * Windows a sentence end is looked for in, growing fourfold: the nearest end is most often close by, and a rule
 * that asks once per span of a long message had masked the whole text every time (quadratic: reader-cost.test.ts,
 * 420 "vs." on one line).
 */
const FIRST_WINDOW = 256;

/**
 * The offset where the sentence holding `at` starts: just after the last end mark before it, and
 * no earlier than `from` (a caller that looks only so far back scans only that far).
 */
export function sentenceStart(text: string, at: number, from = 0): number {
  for (let size = FIRST_WINDOW; ; size *= 4) {
    const windowStart = Math.max(from, at - size);
    // One character past `at`, so that a dot just before it is judged by what follows it in the text;
    // a few before the window, so that an abbreviation across its start is masked whole.
    const offset = Math.max(0, windowStart - ABBREVIATION_REACH);
    const head = maskAbbreviations(text.slice(offset, at + 1));
    let last = -1;
    for (const m of head.matchAll(SENTENCE_END)) if (offset + m.index < at) last = offset + m.index;
    if (windowStart === from) return Math.max(from, last + 1);
    // An end inside the window stands; one only in the few characters before it is looked at again, masked whole.
    if (last >= windowStart) return last + 1;
  }
}

/** The offset just after the first end mark at or after `from` (its mark kept), or the text's length. */
export function sentenceStop(text: string, from: number): number {
  for (let size = FIRST_WINDOW; ; size *= 4) {
    const whole = from + size >= text.length;
    // One character past the window, so that a dot at its end is judged by what follows it in the text.
    const rest = maskAbbreviations(text.slice(from, whole ? text.length : from + size + 1));
    const m = FIRST_END.exec(rest);
    if (m && (whole || m.index < size)) return from + m.index + 1;
    if (whole) return text.length;
  }
}

/** Whether a sentence ends somewhere in `text` (the words between two spans of one message). */
export const holdsSentenceEnd = (text: string): boolean => FIRST_END.test(maskAbbreviations(text));
