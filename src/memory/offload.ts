import type { Scenario } from '../scenario/schema.js';
import { gpuCountOf, gpusPerNodeOf } from '../scenario/gpus.js';
import { largestParameter, paramsPerGpu, type Layout } from './layout.js';
import { OPTIMIZERS, recipeBytes } from './precision.js';
import { usesDeepSpeed } from './states.js';
import type { Component } from './types.js';
import { count } from './format.js';

/**
 * Host RAM that offload keeps, tensor by tensor, per framework (issue 23 item 4). Each function
 * counts the host tensors one rank allocates for its partition; offloadHostBytes multiplies by the
 * ranks on one node. DeepSpeed's own estimators (estimate_zero2/3_model_states_mem_needs) add an
 * `additional_buffer_factor=1.5` on top: a safety margin of the estimator, not an allocation of the
 * runtime, so it is not counted here (a node that holds the tensors below runs).
 */

/** Bytes of one optimizer state element on the host (Adam m or v), and how many states. */
function hostStates(s: Scenario, fp32: number): { states: number; bytes: number } {
  const opt = OPTIMIZERS[s.optimizer];
  return { states: opt.states, bytes: opt.elementBytes ?? fp32 };
}

/**
 * DeepSpeed ZeRO-Offload, stages 1–2: DeepSpeedZeroOptimizer.__init__ (deepspeed/runtime/zero/
 * stage_1_and_2.py, v0.10 → master) with offload_optimizer cpu builds, per rank and partition, the
 * fp32 master partition (`single_partition_of_fp32_groups`, pinned), its fp32 gradient
 * (`.grad`, pinned), a 16-bit copy-back buffer (`param_buffer_of_bit16_for_cpu_offload_groups`) and
 * DeepSpeedCPUAdam's m and v; under gradient accumulation `async_accumulate_grad_in_cpu_via_gpu`
 * keeps each partitioned gradient in 16 bits too (`accumulated_grads_in_cpu`). The 16-bit
 * parameters stay whole on the GPU (stage ≤ 2 does not partition them).
 */
export function zeroOffloadHostBytesPerRank(s: Scenario, l: Layout): number {
  const partition = trainableOnGpu(s, l) / l.shard.optimizer;
  const { states, bytes } = hostStates(s, 4);
  const accumulation = s.gradAccum > 1 ? 2 : 0;
  return partition * (4 + 4 + 2 + states * bytes + accumulation);
}

/**
 * DeepSpeed ZeRO-3 offload (ZeRO-Offload / ZeRO-Infinity with cpu): DeepSpeedZeroOptimizer_Stage3
 * (deepspeed/runtime/zero/stage3.py) keeps the fp32 partition (`fp32_partitioned_groups_flat`), the
 * fp32 gradient partitions (`grad_partitions_flat_buffer`, pinned) and CPU Adam's m and v on the
 * host; with offload_param cpu the 16-bit partitions live there too
 * (`param_groups_fp16_flat_cpu_memory`, pinned). Per parameter 16 B, 18 B with parameter offload,
 * the same multipliers as `estimate_zero3_model_states_mem_needs` (zero_init) before its 1.5.
 * With nvme the states are swapped to disk through pinned staging buffers
 * (partitioned_param_swapper.py `buffer_count × buffer_size`, 5 × 1e8 elements), counted here.
 */
export function zero3OffloadHostBytesPerRank(s: Scenario, l: Layout): number {
  const partition = trainableOnGpu(s, l) / l.shard.optimizer;
  const { states, bytes } = hostStates(s, 4);
  const optimizer = s.offload.optimizer === 'cpu' ? partition * (4 + 4 + states * bytes) : 0;
  const paramPartition = paramsPerGpu(l) / l.shard.weights;
  const params = s.offload.params === 'cpu' ? paramPartition * recipeBytes(s).weights : 0;
  const swapBuffers = s.offload.params === 'nvme' || s.offload.optimizer === 'nvme' ? NVME_SWAP_BUFFER_ELEMENTS * 2 : 0;
  return optimizer + params + swapBuffers;
}

/** DeepSpeed's offload_param defaults for ZeRO-Infinity: buffer_count 5 × buffer_size 1e8 (runtime/zero/offload_config.py). */
export const NVME_SWAP_BUFFER_ELEMENTS = 5 * 1e8;

/**
 * PyTorch FSDP `CPUOffload(offload_params=True)`: FlatParamHandle.init_flat_param_attributes
 * (torch/distributed/fsdp/_flat_param.py, torch 2.0 → 2.5) pins the sharded flat parameter on the
 * host in its storage dtype (`_local_shard`, fp32 under MixedPrecision) and pre-allocates a
 * pinned gradient of the same size (`_cpu_grad`); the optimizer, built over those CPU parameters,
 * keeps its states there. No separate master copy: the fp32 shard is the master.
 */
export function fsdpCpuOffloadHostBytesPerRank(s: Scenario, l: Layout): number {
  const shard = paramsPerGpu(l) / l.shard.weights;
  const r = recipeBytes(s);
  const storage = r.master > 0 ? r.master : r.weights;
  const { states, bytes } = hostStates(s, storage);
  // A LoRA base is frozen 16-bit; only the adapters get a host gradient and optimizer states.
  const paramBytes = s.mode === 'full' ? storage : 2;
  const trainable = trainableOnGpu(s, l) / l.shard.weights;
  return shard * paramBytes + trainable * (storage + states * bytes);
}

function trainableOnGpu(s: Scenario, l: Layout): number {
  return s.mode === 'full' ? paramsPerGpu(l) : l.trainable / l.pp / l.tp;
}

/**
 * CPU optimizer offload is DeepSpeed's ZeRO-Offload, and it runs only under ZeRO: `offload_optimizer`
 * is "valid for ZeRO stage 1, 2, 3" (deepspeed/runtime/zero/config.py DeepSpeedZeroConfig;
 * docs/_pages/config-json.md), and the stage-0 optimizers (FP16_Optimizer, BF16_Optimizer) have no
 * host path. A request that offloads the optimizer but names no sharding therefore runs ZeRO; the
 * stage is DeepSpeed's own ZeRO-Offload configuration (docs/_tutorials/zero-offload.md: `"stage": 2`
 * with `offload_optimizer` cpu, "stage 1 also works"), which is also the default stage of the
 * trainers that expose the switch (OpenRLHF's `--adam_offload` under its `--zero_stage` 2,
 * openrlhf/cli/train_sft.py). Read as DDP, the GPU would keep whole 16-bit gradients and DDP's
 * bucket copy that stage 2 sends to the host partition. Only where the optimizer offload is
 * DeepSpeed's: torchtune (torchao's CPUOffloadOptimizer), litgpt, Megatron, torchtitan, Unsloth and
 * FSDP have their own, and a device_map split is one process that DeepSpeed does not drive.
 */
export const ZERO_OFFLOAD_STAGE = 2;

const OWN_OFFLOAD_FRAMEWORKS = new Set<Scenario['framework']>(['fsdp', 'megatron', 'torchtune', 'litgpt', 'unsloth', 'torchtitan', 'llama-recipes', 'tgi', 'llamacpp']);

export const ZERO_OFFLOAD_ASSUMPTION = `DeepSpeed ZeRO-${ZERO_OFFLOAD_STAGE}: optimizer offload is DeepSpeed's ZeRO-Offload, which runs only under ZeRO, and stage ${ZERO_OFFLOAD_STAGE} is the setup DeepSpeed documents for it (say zero1 or zero3 for another)`;

/**
 * A parameter offload is ZeRO-Infinity's `offload_param`, "valid only with stage 3"
 * (deepspeed/runtime/zero/config.py DeepSpeedZeroConfig.offload_param; docs/_pages/config-json.md):
 * asked with no sharding named ("offload params on 2x 4090"), it runs ZeRO-3, the only stage that
 * partitions the parameters it moves; read as DDP it was refused as a contradiction nobody wrote.
 */
export const ZERO_PARAM_OFFLOAD_STAGE = 3;

export const ZERO_PARAM_OFFLOAD_ASSUMPTION = `DeepSpeed ZeRO-${ZERO_PARAM_OFFLOAD_STAGE}: parameter offload runs only under ZeRO stage ${ZERO_PARAM_OFFLOAD_STAGE} (or FSDP's CPU offload; say fsdp if yours is)`;

/** The ZeRO sharding an optimizer or parameter offload implies where none was named; null where it does not apply. */
export function zeroOffloadSharding(s: Scenario): Scenario['sharding'] | null {
  if (s.mode === 'inference' || (s.offload.optimizer === 'none' && s.offload.params === 'none')) return null;
  if (s.sharding.kind !== 'none' && s.sharding.kind !== 'ddp') return null;
  if (s.parallel.schedule === 'sequential' || OWN_OFFLOAD_FRAMEWORKS.has(s.framework)) return null;
  return { kind: 'zero', stage: s.offload.params !== 'none' ? ZERO_PARAM_OFFLOAD_STAGE : ZERO_OFFLOAD_STAGE };
}

/** The words that say which stage an unnamed offload implied. */
export function zeroOffloadAssumption(sharding: Scenario['sharding']): string {
  return sharding.stage === ZERO_PARAM_OFFLOAD_STAGE ? ZERO_PARAM_OFFLOAD_ASSUMPTION : ZERO_OFFLOAD_ASSUMPTION;
}

/** `s` with the ZeRO sharding its optimizer offload implies (the resolver's and the offload lever's one rule). */
export function withZeroOffload(s: Scenario): Scenario {
  const sharding = zeroOffloadSharding(s);
  return sharding ? { ...s, sharding } : s;
}

/** Which offload a scenario runs. */
export function offloadKind(s: Scenario): 'none' | 'fsdp' | 'zero12' | 'zero3' {
  const fsdp = s.sharding.kind === 'fsdp' || s.sharding.kind === 'hsdp';
  if (fsdp) return s.offload.params !== 'none' ? 'fsdp' : 'none';
  if (s.offload.optimizer === 'none' && s.offload.params === 'none') return 'none';
  return s.sharding.kind === 'zero' && s.sharding.stage >= 3 ? 'zero3' : 'zero12';
}

/** Host RAM offload keeps on one node: the per-rank tensors above × the ranks on the node. */
export function offloadHostBytes(s: Scenario, l: Layout): number {
  const ranks = Math.min(gpusPerNodeOf(s), gpuCountOf(s));
  switch (offloadKind(s)) {
    case 'none':
      return 0;
    case 'fsdp':
      return fsdpCpuOffloadHostBytesPerRank(s, l) * ranks;
    case 'zero12':
      return s.offload.optimizer === 'cpu' ? zeroOffloadHostBytesPerRank(s, l) * ranks : 0;
    case 'zero3':
      return zero3OffloadHostBytesPerRank(s, l) * ranks;
  }
}

/**
 * The GPU-side staging buffer of ZeRO-Offload stages 1–2: DeepSpeedZeroOptimizer.__init__
 * (runtime/zero/stage_1_and_2.py) allocates `temp_grad_buffer_for_gpu_offload`, one tensor of the
 * largest parameter's size in the 16-bit dtype on the GPU, through which gradients are copied to
 * and from the host partition; it lives from start-up to the end of training.
 */
export function zeroOffloadGpuStaging(s: Scenario, l: Layout): Component | null {
  if (!usesDeepSpeed(s) || s.sharding.stage >= 3 || s.offload.optimizer === 'none' || s.mode !== 'full') return null;
  const largest = largestParameter(l);
  const bytes = recipeBytes(s).weights;
  return { key: 'offload-staging', name: 'ZeRO-Offload GPU gradient staging buffer', group: 'buffers', bytes: largest * bytes, formula: `largest parameter ${count(largest)} × ${bytes} B` };
}
