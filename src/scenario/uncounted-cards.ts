import type { FactTrace } from './facts.js';
import { DEFAULT_PER_NODE } from './hardware.js';
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

export function withUncountedCards(facts: FactTrace[], s: Scenario, notes: readonly string[], text: string): FactTrace[] {
  const machines = withUncountedMachines(facts, s, notes, text);
  if (machines !== facts || s.hardware?.count !== 1) return machines;
  const several = notes.map((n) => SEVERAL.exec(n)?.[1]).find((w) => w !== undefined && (/卡|gpu|card/i.test(w) || !/node|machine|host|机|节点|노드|ノード/i.test(w)));
  const plural = several === undefined ? pluralCard(facts, text) : undefined;
  const words = several ?? plural?.words;
  if (!words) return facts;
  // A count the user's words give (a gpus fact with a number in its words) is theirs.
  if (facts.some((f) => f.fact === 'gpus' && f.at !== null && COUNT_WORD.test(f.words))) return facts;
  // The plural card itself; else the one GPU read from the plural ("on multiple GPUs"), else the card named alone; a
  // card already weak for its memory sizes says the count first (the sizes stay in its correction).
  const target = plural?.fact ?? facts.find((f) => f.fact === 'gpus' && f.at !== null && f.value === '1') ?? facts.find((f) => f.fact === 'card' && f.at !== null);
  if (!target) return facts;
  return facts.map((f) => (f === target ? { ...f, weak: true, weakWords: words, uncounted: true } : f));
}

/**
 * "on my 4090s", "Vram not used rtx 4090's" (TransformerLens/TransformerLens#698, c3845: four 4090s read as one, in
 * silence), "on A100 GPUs": a card, or its GPU noun, in the plural with no count before it says several cards as
 * "several 4090s" does; the card is read once, so the one card is said weak with those words. The phrase read no
 * count of its own (no hw.count-… rule among its rules: "2 A100s", "two 80GB A100s", "4x 3090s" are counted).
 */
const ONE_OF = /\b(?:one|1|single|each)\s+of\s+(?:(?:my|our|the|these|those|its|their|his|her)\s+)?(?:on\s+)?$/i;
const PLURAL_WORDS = /(?:[a-z]?\d{2,4}[a-z]{0,2}(?<![a-z]s)s|\d['’]s|\b(?:gpus|cards))$/i;

function pluralCard(facts: readonly FactTrace[], text: string): { words: string; fact: FactTrace } | undefined {
  const read = facts.filter((f) => (f.fact === 'card' || f.fact === 'gpus') && f.at !== null);
  if (read.some((f) => f.rules.some((r) => /count/.test(r)))) return undefined;
  // "on one of my A100s" is one card of several, counted.
  const plural = read.find((f) => PLURAL_WORDS.test(f.words.trim()) && !ONE_OF.test(text.slice(Math.max(0, f.at! - 24), f.at!)));
  if (!plural) return undefined;
  // "A100 GPUs": the noun is said with the card before it.
  const card = plural.fact === 'gpus' ? read.find((f) => f.fact === 'card' && f.end! <= plural.at! && plural.at! - f.end! <= 2) : undefined;
  const words = card ? text.slice(card.at!, plural.end!) : plural.words;
  return { words: words.trim().replace(/^(?:on|with|using|in)\s+/i, ''), fact: plural };
}

/**
 * Words that say several machines ("multi-node", "multiple H100 nodes", 多机, 多节点, 멀티 노드); "单机多卡" is one
 * machine of several cards, which the count of cards above answers.
 */
const SEVERAL_MACHINES = /multi[- ]?(?:nodes?|machines?|hosts?)\b|(?<!单)多机|多节点|多台机器|멀티\s?노드|マルチ\s?ノード|\b(?:multiple|several|many)\b.*\bnodes\b/i;

/** "on multiple nodes of 8x A100", "across several H200 nodes": no rule sets these aside when a card's count follows. */
const NODES_OF_CARDS = /\b(?:multiple|several|many)\s+(?:[\w-]+\s+){0,2}nodes\b/i;

/**
 * "multi-node H100 setup", "Slurm env running multiple H100 nodes" (sgl-project/sglang#2673, c3069, b91), "多机多卡训练":
 * the words say several machines, and the cards read fit one machine with no node count said. The count is then a
 * guess against the user's own words (one machine's eight from a tp 8, or one card): the count, else the card, is
 * weak, said with those words and the switch to a node count (issue 22, item 5).
 */
function withUncountedMachines(facts: FactTrace[], s: Scenario, notes: readonly string[], text: string): FactTrace[] {
  const hw = s.hardware;
  if (!hw || hw.count > DEFAULT_PER_NODE || hw.count !== hw.perNode) return facts;
  const words = notes.map((n) => SEVERAL.exec(n)?.[1]).find((w) => w !== undefined && SEVERAL_MACHINES.test(w)) ?? NODES_OF_CARDS.exec(text)?.[0];
  if (!words || facts.some((f) => f.fact === 'nodes' && f.at !== null)) return facts;
  const target = facts.find((f) => f.fact === 'gpus' && f.at !== null && !f.weak) ?? facts.find((f) => f.fact === 'card' && f.at !== null);
  if (!target) return facts;
  const perNode = hw.count > 1 ? hw.count : DEFAULT_PER_NODE;
  const card = hw.gpuId ?? `${Math.round(hw.capacityBytes / 2 ** 30)}gb`;
  const nodeSwitch = `say "on N nodes of ${perNode}x ${card}" with your node count`;
  return facts.map((f) => (f === target ? { ...f, weak: true, weakWords: words, against: words, nodeSwitch } : f));
}
