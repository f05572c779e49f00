import type { Scenario } from '../scenario/schema.js';
import { count } from './format.js';
import { largestParameter, type Layout } from './layout.js';
import { gradientBytes, usesDeepSpeed } from './states.js';
import type { Component } from './types.js';

/**
 * ZeRO-Offload (stages 1–2) checks each gradient of its partition on the GPU before it copies it to
 * the host. DeepSpeedZeroOptimizer.copy_grads_in_partition (deepspeed/runtime/zero/stage_1_and_2.py,
 * its `cpu_offload` branch, at every accumulation boundary) runs, one after the other:
 *
 * 1. `set_norm_for_param_grad_in_gpu`: `accumulated_grad.data.double().norm(2)` — an fp64 copy of
 *    the gradient: 8 B per element (v0.9 → master).
 * 2. `update_offload_overflow_tracker` → `_has_inf_or_nan(grad.data)` on the whole gradient:
 *    `float_x = x.float(); nan = float_x.isnan(); inf = float_x.isinf();
 *    inf_or_nan = nan.logical_or(inf); return inf_or_nan.float().max()` — all five alive at once:
 *    4 + 1 + 1 + 1 + 4 = 11 B per element of a 16-bit gradient; of an fp32 gradient `x.float()` is
 *    the tensor itself, 7 B (v0.13.3 → master; before it, `float(x.float().sum())`, 4 B).
 * 3. `async_inplace_copy_grad_to_fp32_buffer_from_gpu`: `src_tensor.float()`, 4 B, then to the host.
 *
 * The largest of them, for the largest parameter (the embedding or an untied LM head), is the
 * transient. A parameter above reduce_bucket_size is reduced from its own gradient tensor
 * (`extra_large_param_to_reduce`) instead of the contiguous bucket, so that gradient (the one in
 * flight, states.ts `gradients`) and the bucket are alive with it.
 *
 * When: ZeRO-2 (`partition_gradients`) reduces a bucket as the next gradient arrives in backward,
 * and an untied LM head's gradient is the first backward makes, so its check runs while the
 * forward's activations are still held. ZeRO-1 reduces at the end of backward, and a tied
 * embedding's gradient is the last one backward makes: then no activations are left.
 */
export interface OffloadGradientCheck {
  component: Component;
  /** Phase label: when the check of the largest gradient runs. */
  moment: string;
  /** Whether the forward's activations are still held then. */
  withActivations: boolean;
}

/** Bytes per element of the check's largest step (list above) for a gradient of `gradBytes` B. */
export function gradientCheckBytesPerElement(gradBytes: number): number {
  const fp64Norm = 8;
  const infNanScan = (gradBytes < 4 ? 4 : 0) + 1 + 1 + 1 + 4;
  const fp32Copy = gradBytes < 4 ? 4 : 0;
  return Math.max(fp64Norm, infNanScan, fp32Copy);
}

export function zeroOffloadGradientCheck(s: Scenario, l: Layout): OffloadGradientCheck | null {
  if (!usesDeepSpeed(s) || s.mode !== 'full' || s.offload.optimizer === 'none') return null;
  if (s.sharding.stage < 1 || s.sharding.stage > 2) return null;
  const largest = largestParameter(l);
  const perElement = gradientCheckBytesPerElement(gradientBytes(s));
  const untiedHeadFirst = s.sharding.stage === 2 && l.params.lmHead > 0 && l.params.lmHead >= l.params.embedding;
  const component: Component = {
    key: 'offload-grad-check',
    name: 'ZeRO-Offload gradient check (fp64 norm, inf/nan scan)',
    group: 'buffers',
    bytes: largest * perElement,
    formula: `largest parameter ${count(largest)} × ${perElement} B (${perElement === 8 ? 'its fp64 copy for the norm' : 'inf/nan scan: fp32 copy, three bool masks, fp32 max'})`,
  };
  return untiedHeadFirst
    ? { component, moment: 'check of the LM head gradient (ZeRO-Offload)', withActivations: true }
    : { component, moment: 'check of the largest gradient (ZeRO-Offload)', withActivations: false };
}
