import { gpuById } from '../../catalog/index.js';
import { otherSizes } from '../../scenario/card-variants.js';

/**
 * A memory said before a card with "of" and no count, too large for one of it, is the cards' memory in all:
 * "I have 256 GB VRAM of Tesla V100 32GB" (vllm-project/vllm#4733, c3916: read as two 16 GB V100s) is
 * eight 32 GB V100s; "96GB VRAM of RTX 3090" four 3090s. The count is the total over the card's
 * memory — the size said right after the card ("V100 32GB"), else one of the sizes it is sold in that
 * divides the total (the catalog's default first). A total no size divides is left to the phrase's
 * other readings. Issue 22 item 3: a total that the card explains is read, and said. Without "of" the memory
 * describes one card ("32G的T4", CVI-SZU/Linly#22, c838: a T4 said to have 32G, asked about, not two T4s).
 */
export interface CardsInTotal {
  count: number;
  gpuId: string;
  memoryGiB: number;
}

/** Whole cards of `gib` in `total` GB, within 3% (cards are sold in round GB; "GB" and "GiB" are mixed freely). */
function wholeCards(total: number, gib: number): number | null {
  const n = Math.round(total / gib);
  return n >= 2 && Math.abs(n * gib - total) <= 0.03 * total ? n : null;
}

export function cardsInTotal(gpuId: string, total: number, afterCard: string): CardsInTotal | null {
  const sizes = [gpuById(gpuId), ...otherSizes(gpuId)];
  const largest = Math.max(...sizes.map((g) => g.nominalGB));
  if (total < 1.5 * largest) return null;
  const said = /^[\s(（-]*(\d+(?:\.\d+)?)\s*(?:gb|gib|g)(?![a-z])/i.exec(afterCard);
  const named = said ? sizes.find((g) => g.nominalGB === Number(said[1])) : undefined;
  for (const g of named ? [named] : sizes) {
    const count = wholeCards(total, g.nominalGB);
    if (count !== null) return { count, gpuId: g.id, memoryGiB: g.nominalGB };
  }
  return null;
}
