import { GPUS } from '../catalog/index.js';
import type { FactTrace } from './facts.js';
import type { Scenario } from './schema.js';

/**
 * A memory said with no card may be one card's or several cards' in all (issue 22, item 3: a total
 * that disagrees with the reading is asked about, not taken in silence). "Not only it doesn't fit
 * 96Gb" (ollama/ollama#6741, corpus c652) was four RTX 4090s; "4 GPUs and 96GB of VRAM" may be four
 * of 24 GB. The reading keeps the memory as one card's and says it weak on the first screen, with
 * the other reading to say (facts.ts, `asTotal`). A total the message calls one ("96GB in total")
 * is read as one by the hardware grammar and never reaches here.
 */

/** The most memory a consumer card has (the RTX 5090's 32 GB): above it, a memory alone may be a rig's. */
const CONSUMER_MAX_GIB = 32;
/** The card multi-GPU rigs are built of (RTX 3090 / 4090): a bare memory that is 2–16 of them may be their total. */
const RIG_CARD_GIB = 24;
/** The smallest card memory a split may give; "8 GPUs, 80GB" is eight of 80, not eight of 10. */
const SMALLEST_SPLIT_GIB = 16;

/** A count in the words beside the memory: digits, number words, CJK and Korean numerals. */
const COUNT = /\d|\b(?:one|two|three|four|five|six|seven|eight|single|dual|double|twin|triple|quad|pair)\b|[一二两三四五六七八九十双单]|(?:^|\s)[두세네]\s/i;

/** Memory sizes cards are sold in (nominal GB). */
const CARD_SIZES = [...new Set(GPUS.map((g) => g.nominalGB))];
const isCardSize = (gib: number) => CARD_SIZES.some((size) => Math.abs(size - gib) <= 0.05 * size);

export function withMemoryTotal(f: FactTrace, s: Scenario): FactTrace {
  const hw = s.hardware;
  if (f.fact !== 'card' || f.weak || f.at === null || !hw || hw.gpuId !== null) return f;
  // The memory alone in the card's words ("96Gb", "96GB of VRAM"): a count said with it ("two 48G",
  // "4x 96GB") makes it each card's.
  const memory = /\d+(?:\.\d+)?\s*(?:gb|gib|g)\b/i.exec(f.words);
  if (!memory || COUNT.test(f.words.replace(memory[0], ' '))) return f;
  const gib = Math.round(hw.capacityBytes / 2 ** 30);
  const total = split(gib, hw.count);
  const cards = hw.count > 1 ? `the ${hw.count} cards'` : "several cards'";
  return total ? { ...f, weak: true, weakWords: f.words.trim(), asTotal: { say: total, gib, cards } } : f;
}

/** The words for the other reading, several cards of the memory in all; null when none is likely. */
function split(gib: number, count: number): string | null {
  if (count > 1) {
    const each = gib / count;
    return Number.isInteger(each) && each >= SMALLEST_SPLIT_GIB && isCardSize(each) ? `on ${count}x ${each}gb` : null;
  }
  const cards = gib / RIG_CARD_GIB;
  return gib > CONSUMER_MAX_GIB && Number.isInteger(cards) && cards >= 2 && cards <= 16 ? `on ${cards}x ${RIG_CARD_GIB}gb` : null;
}
