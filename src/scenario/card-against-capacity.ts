import { gibOf, torchOomMessages } from '../language/torch-oom-message.js';
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

/** How far a card's memory may sit from the total PyTorch prints for it: the total is 1–4% under the size sold (catalog/gpus.ts). */
const AGREES = 0.1;

/** Every total capacity the message prints (language/torch-oom-message.ts, either spelling), in GiB, with its words. */
function capacities(text: string): { gib: number; words: string }[] {
  return torchOomMessages(text).flatMap((m) => (m.total && m.totalWords ? [{ gib: gibOf(m.total), words: m.totalWords }] : []));
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
