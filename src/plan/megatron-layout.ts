import { estimate, type EstimateOptions } from '../memory/estimate.js';
import { isMoe } from '../memory/parameters.js';
import type { Estimate } from '../memory/types.js';
import { gpuCountOf, gpusPerNodeOf } from '../scenario/gpus.js';
import { layoutUnstated } from '../scenario/layout-unstated.js';
import type { Scenario } from '../scenario/schema.js';

/**
 * A Megatron training run whose request named no tp / pp / ep (issue 23; scenario/layout-unstated.ts):
 * the verdict is given at the smallest split of the stated GPUs that holds the run, tried in the order
 * a Megatron user adds them, not on replicated weights (Megatron's tp 1 pp 1 defaults), and the reply
 * says the layout was assumed. Nothing else of the request changes: the memory terms are Megatron's as
 * for a stated layout (fp32 main-gradient buffer, distributed optimizer over the data-parallel ranks,
 * sequence parallelism with TP: scenario/presets.ts 'megatron'), so a layout found here estimates
 * exactly as the same request with that layout written (test/plan/megatron-layout.test.ts).
 *
 * The order: the model-parallel group of one replica (tp × pp GPUs) grows 1, 2, 4, 8, … ; inside a
 * node it is tensor parallel (tp up to the GPUs per node and 8), beyond it tp stays at its largest and
 * pipeline stages are added (pp = group ÷ tp), the split Megatron's recipes use for large dense models
 * (examples/gpt3/train_gpt3_175b_distributed.sh: TP 8 PP 16). At each group size a MoE model tries
 * expert parallel 1, 2, 4, … over the data-parallel ranks first, since it splits the experts without
 * adding model-parallel GPUs. Each candidate is one Megatron accepts:
 * - tp divides the attention heads and the query groups (megatron/core/transformer/attention.py:
 *   `divide(num_attention_heads, world_size)`, `divide(num_query_groups, world_size)`, which assert it);
 * - tp × pp divides the GPUs (megatron/core/parallel_state.py `initialize_model_parallel`: "world_size is
 *   not divisible by tensor_model_parallel_size × pipeline_model_parallel_size"), pp at most the layers;
 * - ep divides the routed experts (megatron/core/transformer/moe/moe_layer.py: num_moe_experts %
 *   expert_model_parallel_size == 0) and the data-parallel ranks it is carved from (GPUs ÷ (tp × pp)).
 * When no candidate holds the run, the verdict is ✗ at the candidate that needs least (for a dense model
 * the largest split). No recompute, offload or batch is added: what the user left unsaid there is said by the reply's own
 * flips and envelope, at the layout found.
 */

export interface LayoutDegrees {
  tp: number;
  pp: number;
  ep: number;
}

export interface AssumedLayout {
  /** The split the reply shows: the first that holds the run, else the one tried that needs least. */
  degrees: LayoutDegrees;
  /** True when it holds the run; false when no split of these GPUs does (the largest tried is shown). */
  holds: boolean;
  /** The scenario at that split, and its estimate (with the request's unstated flips). */
  setup: Scenario;
  estimate: Estimate;
  /** The peak per GPU as read, every degree 1 (replicated weights): the reply's second line. */
  replicatedBytes: number;
}

const POWERS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];

/** The candidate splits of `s`'s GPUs, in the order they are tried. */
export function layoutCandidates(s: Scenario): LayoutDegrees[] {
  const world = gpuCountOf(s);
  const arch = s.model.arch;
  const kv = arch.kvHeads || arch.heads;
  const tpMax = Math.max(...POWERS.filter((t) => t <= 8 && t <= gpusPerNodeOf(s) && world % t === 0 && arch.heads % t === 0 && kv % t === 0));
  const experts = isMoe(arch) ? arch.experts! : 1;
  const out: LayoutDegrees[] = [];
  for (const group of POWERS) {
    if (group > world || world % group !== 0) continue;
    const tp = Math.min(group, tpMax);
    const pp = group / tp;
    if (!Number.isInteger(pp) || pp > arch.layers) continue;
    const dp = world / group;
    for (const ep of POWERS) {
      if (ep > dp || dp % ep !== 0 || experts % ep !== 0) continue;
      out.push({ tp, pp, ep });
    }
  }
  return out;
}

/** `s` at a split, as the same request with "tp … pp … ep …" written reads it (sequence parallel with TP: presets.ts). */
export function atLayout(s: Scenario, d: LayoutDegrees): Scenario {
  return { ...s, parallel: { ...s.parallel, tp: d.tp, pp: d.pp, ep: d.ep, sp: d.tp > 1 } };
}

/** "tp 8 pp 2", "ep 8", "tp 1" (nothing split): the split in the request language. */
export function layoutWords(d: LayoutDegrees): string {
  const words = [d.tp > 1 ? `tp ${d.tp}` : '', d.pp > 1 ? `pp ${d.pp}` : '', d.ep > 1 ? `ep ${d.ep}` : ''].filter(Boolean);
  return words.length ? words.join(' ') : 'tp 1';
}

/**
 * The split the reply answers with, or null where the layout was stated (or the run is not such a
 * Megatron run) or where the request as read already holds (replicated weights fit: nothing to assume).
 * `asRead`: the estimate of `s` itself.
 */
export function assumedLayout(s: Scenario, asRead: Estimate, options: EstimateOptions = {}): AssumedLayout | null {
  if (!layoutUnstated(s) || s.question.kind !== 'none' || asRead.fits !== false) return null;
  const candidates = layoutCandidates(s).filter((d) => d.tp * d.pp * d.ep > 1);
  if (candidates.length === 0) return null;
  let found: LayoutDegrees | null = null;
  // When none holds, the one that needs least is shown (the first of equals): for a dense model the
  // largest split, for a MoE one the split that divides what dominates (experts or activations).
  let closest = { degrees: candidates[0]!, bytes: Infinity };
  for (const d of candidates) {
    const tried = estimate(atLayout(s, d), { numbersOnly: true });
    if (tried.fits === true) {
      found = d;
      break;
    }
    if (tried.deviceBytes < closest.bytes) closest = { degrees: d, bytes: tried.deviceBytes };
  }
  const degrees = found ?? closest.degrees;
  const setup = atLayout(s, degrees);
  return { degrees, holds: found !== null, setup, estimate: estimate(setup, options), replicatedBytes: asRead.deviceBytes };
}
