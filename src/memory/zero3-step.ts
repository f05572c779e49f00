import type { Scenario } from '../scenario/schema.js';

/**
 * DeepSpeed ZeRO-3 steps its optimizer one sub-group at a time (deepspeed/runtime/zero/stage3.py,
 * v0.9 → v0.16): `step` loops over the sub-groups and for each one `_prepare_fp32_grad_for_sub_group`
 * flattens that group's 16-bit gradient partitions and casts them to fp32
 * (`self.flatten(self.averaged_gradients[sub_group_id]).to(fp32)`, set as the flat fp32 partition's
 * `.grad`), `_optimizer_step` hands the wrapped optimizer that one flat fp32 tensor
 * (`param_groups[...]['params'] = [fp32_param]`), and `_release_sub_group` drops the fp32 gradient
 * before the next group. `_create_fp16_sub_groups` cuts the partition into groups of
 * `sub_group_size` elements (zero/config.py default 1e9; a group closes at the first parameter that
 * takes it past the size, an overshoot of under one parameter, not counted). So the fp32 gradient
 * and a foreach optimizer's state-sized temporary cover one sub-group, not the whole partition:
 * the same as before for a partition under 1e9 elements, less for larger ones.
 */
export const ZERO3_SUB_GROUP_SIZE = 1e9;

/**
 * Elements one ZeRO-3 optimizer step works on at once: the partition, at most one sub-group of it.
 * A sub-group closes at the first parameter that reaches `subGroupSize`, so it is never smaller
 * than one parameter's partition: with sub_group_size 0 (axolotl's configs, deepspeed-config.ts)
 * each parameter steps alone and the largest one's partition sets the size.
 */
export function zero3StepElements(partitionElements: number, subGroupSize: number = ZERO3_SUB_GROUP_SIZE, largestParameterPartition = 0): number {
  return Math.min(partitionElements, Math.max(subGroupSize, largestParameterPartition));
}

/**
 * DeepSpeed ZeRO-3 releases every gathered parameter before its optimizer step: `step` opens with
 * `self._pre_step()` then `self._partition_all_parameters()` (deepspeed/runtime/zero/stage3.py,
 * DeepSpeedZeroOptimizer_Stage3.step), which calls the parameter coordinator's
 * `release_and_reset_all(module)` (partitioned_param_coordinator.py): every parameter of the module is
 * partitioned again and `ds_status` must read NOT_AVAILABLE afterwards, or it raises. So the live
 * parameters kept through forward and backward (stage3_max_live_parameters, the reuse-distance cache;
 * states.ts gatheredLayers) are not held while the sub-groups step; the next forward gathers them again.
 * `deepSpeed`: the ZeRO stage is DeepSpeed's own (states.ts usesDeepSpeed; Megatron's distributed optimizer is not).
 */
export function zero3ReleasesGatheredBeforeStep(s: Scenario, deepSpeed: boolean): boolean {
  return trainsUnderDeepSpeedZero3(s, deepSpeed);
}

/** A training run whose ZeRO-3 is DeepSpeed's own stage3.py optimizer, which both behaviours here are read from. */
function trainsUnderDeepSpeedZero3(s: Scenario, deepSpeed: boolean): boolean {
  return deepSpeed && s.sharding.kind === 'zero' && s.sharding.stage === 3 && s.mode !== 'inference';
}

/**
 * DeepSpeed ZeRO-3 holds its gradient partition for the whole run, not from backward on: the optimizer's
 * set-up (`_setup_for_real_optimizer`, deepspeed/runtime/zero/stage3.py) allocates
 * `grad_partitions_flat_buffer = torch.zeros(sum(p.partition_numel() for p in all_params),
 * dtype=self.gradient_accumulation_dtype, device=self.device)` once and points every trainable
 * parameter's partition gradient into it (`__param_id_to_grad_partition[...] = buffer.narrow(...)`);
 * it is zeroed, never freed. `self.device` is the CPU under offload_optimizer, so only a run without
 * optimizer offload holds it on the GPU (states.ts deepSpeedGradientsOnHost). So the 16-bit gradient
 * partition (states.ts gradients) is alive in forward too, as Megatron's grad buffer is (estimate.ts).
 */
export function zero3GradPartitionResident(s: Scenario, deepSpeed: boolean): boolean {
  return trainsUnderDeepSpeedZero3(s, deepSpeed) && s.offload.optimizer === 'none';
}
