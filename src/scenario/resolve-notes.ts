import { notUsedIn, numbersIn, type NotUsed } from '../language/accounting.js';
import { saidAgainSpans } from './said-again.js';
import { familySizeGuess } from '../language/family-size-note.js';
import { saidWeak, type FactTrace } from './facts.js';
import type { ParseOutcome } from '../language/parse.js';
import type { Patch } from './patch.js';
import type { Scenario } from './schema.js';

/** What the reply says about a reading besides its facts: its notes, weak facts first, and the words no fact used. */

/** What the reader read (resolve.ts ReadItems, named here so that this file needs nothing from its user). */
type ReadItems = Extract<ParseOutcome, { ok: true }>;

/**
 * The weak facts first (issue 22, item 5), so the first screen's clipped notices always hold them:
 * their own lines, then the notes that ask about the words of a weak fact or ask which of two
 * readings was meant, then the rest. A family's "names no size" note goes where its size is asked
 * ("llama2 — which size: 7b, 13b or 70b? read as 7b"): the question says all the note did.
 */
export function weakFirst(weak: string[], allNotes: string[], trace: FactTrace[]): string[] {
  const askedSize = saidWeak(trace).filter((f) => f.familySizes).map((f) => f.words.trim().toLowerCase());
  const notes = allNotes.filter((n) => !askedSize.includes(familySizeGuess(n)?.words.toLowerCase() ?? ''));
  const words = trace.filter((f) => f.weak && f.words.trim()).map((f) => f.words);
  const quotes = (n: string) => [...n.matchAll(/"([^"]{2,})"/g)].map((m) => m[1]!);
  const asks = (n: string) => /which did you mean/i.test(n) || quotes(n).some((q) => words.some((w) => w.includes(q)));
  return [...weak, ...notes.filter(asks), ...notes.filter((n) => !asks(n))];
}

/** What the message holds that no fact uses: the items set aside, unread words, set-aside keys, unused numbers. */
export function accountFor(text: string, parsed: ReadItems, trace: FactTrace[], patch: Patch, scenario: Scenario | null): NotUsed[] {
  const facts = trace.filter((f) => f.at !== null && f.end !== null).map((f) => ({ at: f.at!, end: f.end! }));
  // A fact said again (the model named twice, the card's memory) is that fact's (its `also`), never a number left out.
  const outside = numbersIn(text, [...parsed.logs, ...facts]);
  const used = [...facts, ...saidAgainSpans(text, trace, scenario, parsed.again ?? [], outside)];
  const setAside = [
    // Another run's settings (a past run, a paper's setup) first, with their reason.
    ...(parsed.otherRuns ?? []),
    ...parsed.items.filter((i) => patch.setAside.some((n) => n.includes(`"${i.text}"`))).map((i) => ({ at: i.at, end: i.end, words: i.text })),
  ];
  return notUsedIn(text, { used, setAside, unread: parsed.unread, keys: parsed.keys, logs: parsed.logs });
}

/** The words in order, each once: for lists this short, cheaper than spreading a Set. */
export function unique(words: string[]): string[] {
  return words.filter((word, i) => words.indexOf(word) === i);
}

/** What reading could not do or did by assumption, in words for the reply (issue 11: never silent). */
export function readingNotes(parsed: ReadItems): string[] {
  const notes = [...parsed.notes];
  // The same words as the "not used" list: those that could be a setting, never a question's prose.
  const listed = parsed.unread.filter((u) => u.listed !== false);
  if (listed.length) {
    const words = [...new Set(listed.map((u) => (u.suggestion ? `"${u.word}" (did you mean "${u.suggestion}"?)` : `"${u.word}"`)))];
    notes.unshift(`not read: ${words.join(', ')}`);
  }
  return notes;
}
