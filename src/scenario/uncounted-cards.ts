import type { FactTrace } from './facts.js';
import type { Scenario } from './schema.js';

/**
 * "多卡训练 … A100 80G", "multi-gpu training on A100s": the words say several cards and give no count
 * (prose.multi-without-count sets them aside with a note), and the card named alone reads as one. One card is
 * then a default against the user's own words, so the card fact is weak: said on the first screen with the words
 * that say several and how to give the count (issue 22, item 5: two readings that disagree are said, not picked
 * in silence). A count the message states anywhere ("4张A100", "--nproc_per_node 4") leaves it strong.
 */
/** The note prose.multi-without-count and prose.several-without-count leave, with the user's words; words of nodes alone ("multi-node") count no cards. */
const SEVERAL = /^"([^"]+)" says several without a count/;
/** A count in words or digits. */
const COUNT_WORD = /\d|\b(?:one|two|three|four|five|six|seven|eight|single|dual|quad)\b|[一二两三四五六七八九十单双]/i;

export function withUncountedCards(facts: FactTrace[], s: Scenario, notes: readonly string[]): FactTrace[] {
  if (s.hardware?.count !== 1) return facts;
  const words = notes.map((n) => SEVERAL.exec(n)?.[1]).find((w) => w !== undefined && (/卡|gpu|card/i.test(w) || !/node|machine|host|机|节点|노드|ノード/i.test(w)));
  if (!words) return facts;
  // A count the user's words give (a gpus fact with a number in its words) is theirs.
  if (facts.some((f) => f.fact === 'gpus' && f.at !== null && COUNT_WORD.test(f.words))) return facts;
  // The one GPU read from the plural itself ("on multiple GPUs"), else the card named alone; a card already weak
  // for its memory sizes says the count first (the sizes stay in its correction).
  const target = facts.find((f) => f.fact === 'gpus' && f.at !== null && f.value === '1') ?? facts.find((f) => f.fact === 'card' && f.at !== null);
  if (!target) return facts;
  return facts.map((f) => (f === target ? { ...f, weak: true, weakWords: words, uncounted: true } : f));
}
