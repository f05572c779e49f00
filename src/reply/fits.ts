import type { Estimate } from '../memory/types.js';
import type { Scenario } from '../scenario/schema.js';

/**
 * The one verdict a user acts on, three-valued (issue 23, item 8): "yes" fits with room to spare;
 * "tight" fits by less than TIGHT_SHARE of the card's usable memory, which one fragmented
 * allocation or a longer batch than the average takes (DESIGN §3.5: under ~5% is not a ✓), or a
 * served model runs but holds fewer sequences at once than asked; "no" does not fit.
 */
export type Fits = 'yes' | 'tight' | 'no';

/** Below this share of the card's usable memory to spare, a fit is "tight" (⚠), not ✓. */
export const TIGHT_SHARE = 0.05;

/** The verdict on a scenario as read; null with no card to judge against. */
export function fitsOf(s: Scenario, e: Estimate): Fits | null {
  if (e.capacityBytes === null || e.headroomBytes === null) return null;
  if (e.headroomBytes < 0) return 'no';
  // Offload that outgrows the node's stated RAM fails whatever the GPU margin (memory/estimate.ts).
  if ((e.hostShortBytes ?? 0) > 0) return 'no';
  const held = sequencesHeld(s, e);
  // Not even one sequence of max-model-len: vLLM refuses to start.
  if (held === 0) return 'no';
  // The server starts; the sequences past `held` wait their turn.
  if (held !== null) return 'tight';
  if (servedCardMargin(e) !== null) return 'tight';
  return isTight(e.headroomBytes, e.capacityBytes) ? 'tight' : 'yes';
}

/**
 * A server's margin is its KV pool beyond one sequence, but the card outside its plan is where
 * everything it did not plan for must fit (vLLM's CUDA graphs after the pool, and its V1 sampler
 * warm-up after them in whatever of the profile run's room the graphs leave, served-words.ts
 * `afterPlan`; TGI 1.x's requests beyond the warm-up's cached peak). A plan that leaves less
 * than TIGHT_SHARE of the card (gpu_memory_utilization 0.97, TGI 1.3's cuda_memory_fraction 1.0)
 * is tight however large its pool: that margin in bytes, else null.
 */
export function servedCardMargin(e: Estimate): number | null {
  if (!e.serving || e.capacityBytes === null) return null;
  const margin = e.capacityBytes - e.deviceBytes;
  return margin >= 0 && isTight(margin, e.capacityBytes) ? margin : null;
}

/** A margin (≥ 0) under TIGHT_SHARE of the card. */
export function isTight(headroomBytes: number, capacityBytes: number): boolean {
  return headroomBytes < TIGHT_SHARE * capacityBytes;
}

/**
 * A served model whose KV cache, on a named card, holds fewer sequences than its batch: how many
 * it holds (0: not even one of max-model-len), else null. The verdict, its summary and its "why"
 * all read it from here.
 */
export function sequencesHeld(s: Scenario, e: Estimate): number | null {
  const held = e.serving?.concurrentSequences;
  return held !== undefined && e.capacityBytes !== null && held < s.microBatch ? held : null;
}
