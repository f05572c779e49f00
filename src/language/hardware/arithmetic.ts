import { allMatches } from '../all-matches.js';
import { GPUS, gpuById } from '../../catalog/index.js';
import type { HardwareReading } from './types.js';

/**
 * The user's own arithmetic beside their card is reasoning, not a second card (issue 22, item 7):
 * "Can't serve Qwen3-235B-A22B-AWQ on 4A10? each A10 GPU has 24G RAM? so we have 24*4 G?" (c578,
 * vllm-project/vllm) multiplies the card's memory by the count; read as hardware, "24*4 G" was 24
 * cards of 4 GB and the message was refused as contradicting "on 4A10". A product of a count and a
 * memory ("24*4 G", "24G*4", "2x24=48GB") that the hardware grammar did not read as a phrase of its
 * own, in a message that names a card, is set aside: said as the user's total where it is the
 * count times the card's memory, asked where it is not — never refused.
 */
export const MEMORY_ARITHMETIC = {
  id: 'hw.user-arithmetic',
  // A count and a memory multiplied, a unit on either factor or on the product, an optional "= total".
  pattern:
    /(?<![\w.])(?<a>\d{1,3})\s*(?<ua>gib|gb|g)?\s*\\?[*x×]\s*(?<b>\d{1,3})\s*(?<ub>gib|gb|g)?(?:\s*=\s*(?<t>\d{1,4})\s*(?:gib|gb|g))?(?![a-z\d])/g,
  example: 'each A10 GPU has 24G RAM? so we have 24*4 G?',
  source: 'vllm-project/vllm (corpus c578)',
};

export interface SetAside {
  at: number;
  to: number;
  rule: string;
  note: string;
}

/**
 * Each product of MEMORY_ARITHMETIC with a unit somewhere (a bare "4*8" is no memory) that no hardware
 * phrase read: its span, its factors and its "= total", if written.
 */
function* productsOutside(text: string, readings: readonly HardwareReading[]): Generator<{ at: number; end: number; a: number; b: number; t: number | null }> {
  for (const m of allMatches(MEMORY_ARITHMETIC.pattern, text)) {
    const g = m.groups!;
    if (!g.ua && !g.ub && !g.t) continue;
    const at = m.index;
    const end = at + m[0].trimEnd().length;
    if (readings.some((r) => r.at < end && at < r.end)) continue;
    yield { at, end, a: Number(g.a), b: Number(g.b), t: g.t ? Number(g.t) : null };
  }
}

/** Within a tenth: "24G" for an A10 of 22.5 GiB usable is its memory. */
const near = (a: number, b: number) => Math.abs(a - b) <= 0.1 * Math.max(a, b);

export function readMemoryArithmetic(text: string, readings: readonly HardwareReading[], userText: (at: number, end: number) => string): SetAside[] {
  const stated = readings.find((r) => r.gpuId !== null);
  if (!stated) return countsInArithmetic(text, readings, userText);
  const count = stated.count ?? 1;
  const cardGiB = stated.memoryGiB ?? gpuById(stated.gpuId!).totalMiB / 1024;
  const found: SetAside[] = [];
  for (const { at, end, a, b, t } of productsOutside(text, readings)) {
    const total = t ?? a * b;
    // The factor that is the card's memory, as the user wrote it ("24G" for the A10's 22.5 GiB).
    const memory = near(a, cardGiB) && b === count ? a : near(b, cardGiB) && a === count ? b : null;
    const agrees = memory !== null && near(total, count * cardGiB);
    const said = `"${userText(at, end).trim()}"`;
    const card = `${count}x ${stated.gpuId}`;
    const note = agrees
      ? `${said} read as your own sum of the cards' memory (${count} × ${memory} GB), not another card`
      : `${said} is not ${count} × the ${gpuById(stated.gpuId!).name} — read as ${card}; which did you mean?`;
    found.push({ at, to: end, rule: MEMORY_ARITHMETIC.id, note });
  }
  return found;
}

/** The most cards one machine holds, for a count read from the user's arithmetic (a DGX's 8, twice over). */
const MAX_COUNTED = 16;
/** The memory sizes cards are sold with, in GB as people write them (24 for a 4090's 24 GiB): the catalog's. */
const CARD_MEMORIES = new Set(GPUS.map((g) => Math.round(g.totalMiB / 1024)));

/**
 * "Each 4090 is 24GB so 4 x 24 = 96GB total": with no count beside the card (the hardware grammar
 * read no phrase), a product of a small count and a card's memory may be the only place the user
 * counts their cards, when the other factor is a size cards are sold with. It is not taken as the count (it is reasoning, issue 22 §7), but said on the
 * first screen, so a reading of one card is never silent.
 */
function countsInArithmetic(text: string, readings: readonly HardwareReading[], userText: (at: number, end: number) => string): SetAside[] {
  const found: SetAside[] = [];
  for (const { at, end, a, b, t } of productsOutside(text, readings)) {
    if (t !== null && t !== a * b) continue;
    const [count, memory] = a <= b ? [a, b] : [b, a];
    // "18*8 = 144GB" of memory in use (c707) is a measurement: 18 GB is no card's size.
    if (count < 2 || count > MAX_COUNTED || !CARD_MEMORIES.has(memory)) continue;
    const said = `"${userText(at, end).trim()}"`;
    found.push({ at, to: end, rule: MEMORY_ARITHMETIC.id, note: `${said} read as your own sum (${count} cards of ${memory} GB?), not as your setup — say "on ${count}x" with your card if you have ${count}` });
  }
  return found;
}
