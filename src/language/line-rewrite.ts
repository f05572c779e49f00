import type { MappedText, RuleRef } from './mapped-text.js';

/** A text's characters blanked, its line breaks kept (offsets and lines stay where they were). */
export const blank = (s: string) => s.replace(/[^\n]/g, ' ');

/**
 * Whole lines rewritten by their number (a table or report read as a few request words): a line
 * mapped to words becomes those words, one mapped to '' goes blank, the others stay as written.
 * `rule` names the rewrite (the reader the lines were read by) for the trace: the lines it blanks
 * are listed there as set aside by it.
 */
export function rewriteLines(text: MappedText, say: ReadonlyMap<number, string>, rule: RuleRef): MappedText {
  if (!say.size) return text;
  const starts = new Map<number, string>();
  let offset = 0;
  text.text.split('\n').forEach((line, n) => {
    if (say.has(n)) starts.set(offset, say.get(n)!);
    offset += line.length + 1;
  });
  return text.replace(/^[^\n]*$/gm, (m) => {
    const words = starts.get(m.index);
    return words === undefined ? m[0] : words || blank(m[0]);
  }, rule);
}
