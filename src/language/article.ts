/**
 * "a" or "an" before a word as it is said aloud: "an axolotl run", "an 8 GB card", "an 11B model", "a 24 GB
 * card", "a LLaMA-Factory run". Notes put names and numbers after an article; English picks it by the sound.
 */
export function withArticle(word: string): string {
  return `${startsWithVowelSound(word) ? 'an' : 'a'} ${word}`;
}

/**
 * A number is said by its leading group of three digits ("8,192" is eight thousand…, "11,000" eleven thousand…):
 * eight, eleven, eighteen, eighty-…, eight hundred… start with a vowel.
 */
function numberStartsWithVowel(digits: string): boolean {
  const lead = digits.slice(0, ((digits.length - 1) % 3) + 1);
  return /^(?:8\d{0,2}|11|18)$/.test(lead);
}

/** Letters said with a vowel first when spelt out (an FSDP run, an LLM, an RTX card, an H100, an M2). */
const VOWEL_LETTER = /^[aefhilmnorsx]/i;

function startsWithVowelSound(word: string): boolean {
  if (/^\d/.test(word)) return numberStartsWithVowel(/^[\d,]+/.exec(word)![0].replace(/,/g, ''));
  // An acronym or a letter before digits is spelt out ("an RTX", "an H100"); a word is said ("a LLaMA-Factory").
  if (VOWEL_LETTER.test(word) && /^[A-Z]{2,}(?![a-z])|^[A-Za-z]\d|^[A-Z](?:[\s-]|$)/.test(word)) return true;
  return /^[aeiou]/i.test(word) && !/^(?:uni|use|usu|one|eu)/i.test(word);
}
