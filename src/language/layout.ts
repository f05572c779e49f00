import type { MappedText } from './mapped-text.js';

/**
 * Layout that is not a request word, removed after normalising (whose contract is to keep plain
 * ASCII as it is): the marks of an outline and of a plural that a card's memory interrupts.
 *
 * A numbered list's marker at the start of a line ("1.When I use two 48G cards", "2) lora r16"):
 * an outline, never a GPU count or a size. Only before a word, so "1.5b" and "8.5G" stay numbers.
 */
const LIST_MARKER = /^[ \t>*-]*\d{1,2}[.)](?=[ \t]*[A-Za-z\u4e00-\u9fff])/gm;
/** The plural "s" after a card's memory in parentheses ("4 A100(40G)s"): the card's plural, not a word. */
const PLURAL_AFTER_MEMORY = /(?<=\(\s*\d+(?:\.\d+)?\s*(?:g|gb|gib)\s*\))s(?![A-Za-z0-9])/gi;

/**
 * Markdown bold around a word ("are **three** A100 nodes sufficient"): emphasis, never "×" or a word.
 * Between a number (or a closing bracket) and a number it is Python's power (`(336 / 14)**2`, c1867;
 * `2**13`), which value-arithmetic.ts reads: not emphasis.
 */
const BOLD = /\*\*(?=[^\s*])(?<!(?:\d|\))\*\*(?=[\d(]))|(?<=[^\s*])\*\*(?<!(?:\d|\))\*\*(?=[\d(]))/g;

export function dropLayout(text: MappedText): MappedText {
  const plain = text.text.includes('**') ? text.replace(BOLD, () => '  ', 'normalise.bold') : text;
  return plain.replace(LIST_MARKER, () => ' ', 'normalise.list-marker').replace(PLURAL_AFTER_MEMORY, () => ' ', 'normalise.plural-after-memory');
}
