import { allMatches } from '../language/all-matches.js';
import type { FactTrace } from './facts.js';
import type { Scenario } from './schema.js';

/**
 * A card whose memory the message's own PyTorch out-of-memory message contradicts (issue 22: a fact that
 * another part of the same message argues against is said, never taken in silence). The message's "X GiB
 * total capacity" is cudaMemGetInfo's total for the card the run had; a card named with another memory
 * ("4块 NVIDIA GeForce RTX 2080", 8 GB, beside "10.75 GiB total capacity": the 11 GB 2080 Ti,
 * hiyouga/LlamaFactory, c2435; a Tesla P4, 8 GB, beside "14.58 GiB total capacity": the T4 of the other VM
 * the post lists, vllm-project/vllm#1616, c3072; a 10 GB card beside "14.76 GiB", c2510) is kept, weak, and
 * said with the capacity's words and the switch to a card of that memory.
 */

/** PyTorch's two spellings of the total: "(GPU 0; 10.75 GiB total capacity; …" and "GPU 0 has a total capacity of 79.15 GiB" (2.1 and 2.2 print "capacty"). */
const TOTAL_CAPACITY = /(\d{1,4}(?:\.\d{1,3})?)[ \t]*([gm])i?b[ \t]+total[ \t]+capacity\b|total[ \t]+capac?i?ty[ \t]+of[ \t]+(\d{1,4}(?:\.\d{1,3})?)[ \t]*([gm])i?b\b/gi;

/** How far a card's memory may sit from the total PyTorch prints for it: the total is 1–4% under the size sold (catalog/gpus.ts). */
const AGREES = 0.1;

/** Every total capacity the message prints, in GiB, with its words. */
function capacities(text: string): { gib: number; words: string }[] {
  if (!/capac/i.test(text)) return [];
  return allMatches(TOTAL_CAPACITY, text).map((m) => {
    const [amount, unit] = m[1] !== undefined ? [m[1], m[2]!] : [m[3]!, m[4]!];
    return { gib: Number(amount) / (unit.toLowerCase() === 'm' ? 1024 : 1), words: m[0] };
  });
}

export function withCapacityAgainstCard(facts: FactTrace[], s: Scenario, text: string): FactTrace[] {
  const hw = s.hardware;
  if (!hw) return facts;
  const found = capacities(text).filter((c) => c.gib >= 1);
  if (!found.length) return facts;
  const card = hw.capacityBytes / 2 ** 30;
  // One total that is the card's (another GPU of a mixed machine may print another) leaves it standing.
  if (found.some((c) => Math.abs(card - c.gib) <= AGREES * card)) return facts;
  const target = facts.find((f) => f.fact === 'card' && f.at !== null);
  if (!target) return facts;
  const { gib, words } = found[0]!;
  const say = `on ${hw.count > 1 ? `${hw.count}x ` : ''}${Math.round(gib)}gb`;
  return facts.map((f) => (f === target ? { ...f, weak: true, weakWords: f.weakWords ?? f.words.trim(), against: words.trim(), capacity: { words: words.trim(), say } } : f));
}
