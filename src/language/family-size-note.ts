/**
 * The note the reader writes for a family named without a size ("llama2" read as llama-2-7b), and
 * its reading back: the facts' weighing (scenario/fact-doubts.ts) asks which size on the first
 * screen where the family has several. One module for both sides, so the words cannot drift apart.
 */

/** A family's name read as one member, with the family's other sizes. */
export interface FamilySizeGuess {
  /** The user's words ("llama2"). */
  words: string;
  /** The member read ("llama-2-7b"). */
  id: string;
  /** The family's other sizes, in the family's order ("13b", "70b"). */
  others: string[];
}

/** `"llama2" names no size: read as llama-2-7b (say 13b, 70b for another)`. */
export function familySizeNote(guess: FamilySizeGuess): string {
  const others = guess.others.length ? ` (say ${guess.others.join(', ')} for another)` : '';
  return `"${guess.words}" names no size: read as ${guess.id}${others}`;
}

const NOTE = /^"(?<words>[^"]+)" names no size: read as (?<id>\S+)(?: \(say (?<others>.+) for another\))?$/;

/** The guess a note states, or null for any other note. */
export function familySizeGuess(note: string): FamilySizeGuess | null {
  const m = NOTE.exec(note);
  if (!m?.groups) return null;
  const { words, id, others } = m.groups;
  return { words: words!, id: id!, others: others ? others.split(', ') : [] };
}
