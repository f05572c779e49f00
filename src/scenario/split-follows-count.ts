import { gpuCountOf } from './gpus.js';
import type { Parallel, Scenario } from './schema.js';

/**
 * A serving split the thread took over all of its GPUs (vLLM's tp = the count, HF's device_map
 * layers = the count) was never the user's setting: it follows a new count. "两卡或者三卡3090" read
 * as 2 cards (tp 2), then "我租了三张3090" (InternLM/InternLM#433, c543) is a split over 3, never
 * "3 GPUs cannot be split into model replicas of tp 2". Undone here (tp = pp = 1) so the resolver
 * splits again over the new count; true when it did. Only a split the new count cannot hold is
 * undone (the resolver asks this only when the message sets no tp, pp or dp): the scenario does not
 * record whether the user set it, and a count it divides keeps it, as replicas.
 */
export function undoSplitOverOldCount(base: Scenario | null, parallel: Parallel, gpus: number): boolean {
  if (!base || base.mode !== 'inference') return false;
  const before = gpuCountOf(base);
  if (before <= 1 || before === gpus) return false;
  // Only where the old split cannot serve the new count (2 → 4 GPUs is two replicas of tp 2, as before).
  if (gpus % (parallel.tp * parallel.pp) === 0) return false;
  const overAll = (parallel.tp === before && parallel.pp === 1) || (parallel.pp === before && parallel.tp === 1);
  if (!overAll || parallel.tp !== base.parallel.tp || parallel.pp !== base.parallel.pp) return false;
  parallel.tp = 1;
  parallel.pp = 1;
  return true;
}
