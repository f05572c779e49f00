import type { FactTrace } from './facts.js';
import type { Scenario } from './schema.js';

/**
 * "多卡训练 … A100 80G", "multi-gpu training on A100s": the words say several cards and give no count
 * (prose.multi-without-count sets them aside with a note), and the card named alone reads as one. One card is
 * then a default against the user's own words, so the card fact is weak: said on the first screen with the words
 * that say several and how to give the count (issue 22, item 5: two readings that disagree are said, not picked
 * in silence). A count the message states anywhere ("4张A100", "--nproc_per_node 4") leaves it strong.
 */
/** The note prose.multi-without-count leaves, with the user's words; only words of cards count here (not "multi-node"). */
const SEVERAL = /^"([^"]+)" says several without a count/;

export function withUncountedCards(facts: FactTrace[], s: Scenario, notes: readonly string[]): FactTrace[] {
  if (s.hardware?.count !== 1) return facts;
  const words = notes.map((n) => SEVERAL.exec(n)?.[1]).find((w) => w !== undefined && /卡|gpu|card/i.test(w));
  if (!words) return facts;
  // A count read from the user's words (a gpus fact at a place in the text) is theirs.
  if (facts.some((f) => f.fact === 'gpus' && f.at !== null)) return facts;
  const card = facts.find((f) => f.fact === 'card' && f.at !== null && !f.weak);
  if (!card) return facts;
  return facts.map((f) => (f === card ? { ...f, weak: true, weakWords: words, uncounted: true } : f));
}
