import type { Scenario } from '../scenario/schema.js';
import { llamafactoryZero2OverlapComm } from '../scenario/llamafactory-release.js';
import { runsMegatronCore } from './megatron-core.js';

/**
 * The ZeRO-3 settings of the DeepSpeed JSON a run is launched with, by framework: a framework that
 * ships its own configs is run with them (its docs and examples pass `deepspeed: <its json>`), any
 * other with DeepSpeed's own defaults. Four keys decide what ZeRO-3 keeps on the GPU beside the
 * model's shard:
 *
 * - `reduce_bucket_size`: the contiguous gradient bucket (stage3.py `__ipg_bucket_flat_buffer`).
 *   "auto" is filled by transformers (integrations/deepspeed.py `trainer_config_finalize`) with
 *   hidden_size²;
 * - `stage3_max_live_parameters` and `stage3_max_reuse_distance`: how many gathered elements may
 *   stay on the GPU. PartitionedParameterCoordinator (runtime/zero/partitioned_param_coordinator.py,
 *   v0.10 → v0.16) prefetches only while `__n_available_params < __max_n_available_params`
 *   (`max_params_to_prefetch = min(max_live − available, prefetch_bucket_sz)`), and
 *   `__params_to_release` keeps a parameter gathered only when it recurs within
 *   `max_reuse_dist_in_numel` elements of the trace. At 0 and 0 nothing is prefetched and each
 *   module's parameters are released as soon as it has run: one module's tensors are gathered at a
 *   time;
 * - `sub_group_size`: the optimizer steps the partition in groups of this many elements
 *   (stage3.py `_create_fp16_sub_groups`: a group closes at the first parameter that reaches the
 *   size, so 0 makes every parameter its own group).
 */
export interface Zero3Config {
  /** Elements of the contiguous gradient bucket. */
  reduceBucketElements: number;
  /** True when reduce_bucket_size is "auto" (hidden²), for the formula. */
  reduceBucketAuto: boolean;
  /** stage3_max_live_parameters, elements. */
  maxLiveParameters: number;
  /** stage3_max_reuse_distance, elements. */
  maxReuseDistance: number;
  /** sub_group_size, elements (0: one parameter a group). */
  subGroupSize: number;
  /** Where the values come from, for the assumptions and the formulas. */
  source: string;
}

/** DeepSpeed's own defaults (runtime/zero/config.py DeepSpeedZeroConfig, v0.9 → v0.16). */
export const DEEPSPEED_ZERO3_DEFAULTS = { reduceBucketElements: 5e8, maxLiveParameters: 1e9, maxReuseDistance: 1e9, subGroupSize: 1e9 } as const;

export function zero3Config(s: Scenario): Zero3Config {
  const auto = s.model.arch.hidden ** 2;
  switch (s.framework) {
    case 'llama-factory':
      // LLaMA-Factory examples/deepspeed/ds_z3_config.json and ds_z3_offload_config.json (1d6e8b2):
      // reduce_bucket_size "auto", stage3_max_live_parameters 1e9, stage3_max_reuse_distance 1e9,
      // sub_group_size 1e9.
      return { ...DEEPSPEED_ZERO3_DEFAULTS, reduceBucketElements: auto, reduceBucketAuto: true, source: "LLaMA-Factory's ds_z3_config.json" };
    case 'axolotl':
      // axolotl deepspeed_configs/zero3.json, zero3_bf16.json, zero3_bf16_cpuoffload_params.json and
      // zero3_bf16_cpuoffload_all.json (54d2ac1, 2024-01-24 → 067b021, 2026-07, where the keys are
      // spelt max_live_parameters / max_reuse_distance, DeepSpeed's field names): sub_group_size 0,
      // reduce_bucket_size "auto", stage3_max_live_parameters 0, stage3_max_reuse_distance 0.
      return { reduceBucketElements: auto, reduceBucketAuto: true, maxLiveParameters: 0, maxReuseDistance: 0, subGroupSize: 0, source: "axolotl's deepspeed_configs/zero3*.json" };
    default:
      return { ...DEEPSPEED_ZERO3_DEFAULTS, reduceBucketAuto: false, source: "DeepSpeed's defaults" };
  }
}

/**
 * The ZeRO-1/2 gradient buckets of the DeepSpeed JSON a run is launched with. DeepSpeedZeroOptimizer
 * (runtime/zero/stage_1_and_2.py `backward`, v0.9 → v0.16) allocates, when contiguous_gradients (on
 * by default), `ipg_buffer = [torch.empty(reduce_bucket_size, dtype=self.dtype)]` at each backward
 * and a second one of the same size when overlap_comm ("double buffers to avoid data access
 * conflict"), and frees them once backward's last bucket is reduced
 * (`independent_gradient_partition_epilogue` → `_release_ipg_buffers`), before the optimizer step.
 * overlap_comm defaults to False below stage 3 (runtime/zero/config.py `overlap_comm_valid`).
 * A framework that ships its stage-1/2 JSON is run with it; any other with DeepSpeed's defaults.
 * (The older count, min(5e8, trainable) × the gradient's bytes held through the step, under-counted
 * a LoRA run's bucket and kept it past backward.)
 */
export interface Zero12Config {
  /** Elements of each gradient bucket. */
  reduceBucketElements: number;
  /** Two buckets instead of one. */
  overlapComm: boolean;
  /** Where the values come from, for the formula. */
  source: string;
}

export function zero12Config(s: Scenario): Zero12Config {
  switch (s.framework) {
    case 'longlora':
      // dvlab-research/LongLoRA ds_configs/stage2.json (unchanged from 2023-09 to be3bb47): stage 2,
      // reduce_bucket_size 1e9, overlap_comm true, contiguous_gradients true.
      return { reduceBucketElements: 1e9, overlapComm: true, source: "LongLoRA's ds_configs/stage2.json" };
    case 'axolotl':
      // axolotl deepspeed_configs/zero1.json and zero2.json (b0ee9ec, 2024-03-11): overlap_comm true,
      // reduce_bucket_size left to DeepSpeed (5e8).
      return { reduceBucketElements: 5e8, overlapComm: true, source: "axolotl's deepspeed_configs/zero1.json, zero2.json" };
    case 'llama-factory': {
      // LLaMA-Factory examples/deepspeed/ds_z2_config.json: reduce_bucket_size 5e8; overlap_comm true
      // in the releases v0.6.0 – v0.9.3 (5393794, 2024-11-02; the README's example from 73d9dfc,
      // 2024-03-06), false before and from v0.9.4 (a0d44c6): scenario/llamafactory-release.ts.
      const overlapComm = llamafactoryZero2OverlapComm(s.llamafactoryVersion);
      const release = s.llamafactoryVersion === undefined ? '' : ` ${s.llamafactoryVersion}`;
      return { reduceBucketElements: 5e8, overlapComm, source: `LLaMA-Factory${release}'s ds_z2_config.json` };
    }
    default:
      return { reduceBucketElements: 5e8, overlapComm: false, source: "DeepSpeed's defaults" };
  }
}

/** DeepSpeed's ZeRO-1/2 buckets are freed at the end of backward: not held in the optimizer step. */
export function zero12BucketsFreedBeforeStep(s: Scenario): boolean {
  return s.sharding.kind === 'zero' && s.sharding.stage < 3 && !runsMegatronCore(s);
}

/**
 * …and they are allocated before backward begins: DeepSpeedZeroOptimizer.backward
 * (runtime/zero/stage_1_and_2.py, e7dd28a 2024-06 and edaa722 2026, the same since v0.9) runs
 * `buf_0 = torch.empty(int(self.reduce_bucket_size), dtype=self.dtype, …)` (and `buf_1` under
 * overlap_comm) and only then `self.loss_scaler.backward(loss.float())`, so the buckets are alive
 * beside the activations and the logits' gradient at the start of backward. They are allocated
 * whatever the data-parallel size (one GPU included: the branch tests `self.contiguous_gradients`
 * only, on by default in runtime/zero/config.py).
 */
export function zero12BucketsFromBackwardStart(s: Scenario): boolean {
  return zero12BucketsFreedBeforeStep(s) && s.mode !== 'inference';
}

/** Neither prefetch nor reuse: one module's parameters gathered at a time. */
export function gathersOneModuleAtATime(c: Zero3Config): boolean {
  return c.maxLiveParameters === 0 && c.maxReuseDistance === 0;
}
