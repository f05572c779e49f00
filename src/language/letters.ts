/**
 * What a letter is, wherever the reader cuts words (the lexer's words, the name tables' guards and
 * chunks): the lower-case Latin letters of the languages people write their questions in, not only
 * English's a–z. The text is lower-cased before (normalise.ts), so the lower-case letters are enough:
 * Latin-1's ß–ö and ø–ÿ (é, è, ê, à, ç, ñ, ü, ö, ä, ã, õ, ß …) and Latin Extended-A (œ, ł, ś, ő …).
 * "mémoire" (French memory) is one word, not "m", "é" and "moire" listed apart, and a keyword never
 * ends inside a word that runs on in an accented letter ("lot" is no word of "lotería").
 * Other scripts (Chinese, Cyrillic, Korean …) stay `foreign` runs (lexer.ts).
 */
export const LATIN_LETTERS = 'a-z\\u00df-\\u00f6\\u00f8-\\u00ff\\u0100-\\u017f';

/** A lower-case Latin letter's code (LATIN_LETTERS), tested by code where a regex per character would cost. */
export function isLatinLetterCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 0xdf && c <= 0x17f && c !== 0xf7);
}

/** A letter of another script than Latin: Han, Hangul, Kana, Cyrillic … ("显存", "на"); "mémoire" has none. */
const OTHER_SCRIPT_LETTER = /(?=\p{L})\P{Script=Latin}/u;

/** Whether a word holds a letter of another script (a word the reader lists but never counts against a message). */
export function isOtherScript(word: string): boolean {
  return OTHER_SCRIPT_LETTER.test(word);
}
