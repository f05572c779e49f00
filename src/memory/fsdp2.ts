import type { Scenario } from '../scenario/schema.js';
import { torchtuneBefore, type TorchtuneRelease } from './torchtune-release.js';

/**
 * Runs that shard with PyTorch's FSDP2 (`torch.distributed.fsdp.fully_shard`, per-parameter DTensor
 * sharding) rather than FSDP1 (`FullyShardedDataParallel`, flat parameters) or DeepSpeed ZeRO-3.
 *
 * Why it matters to memory: the sharded-gathers term of the allocator slack (overhead.ts
 * `SLACK.shardedGathers`, +26 %) was fitted on FSDP1 and ZeRO-3 runs only (shared/reference GT013–GT017:
 * PEFT's DeepSpeed ZeRO-3 and Accelerate-FSDP1 Llama-2-70B rows). Both engines gather parameters on a
 * side stream and free them through `Tensor.record_stream` (FSDP1
 * `FlatParamHandle._free_unsharded_flat_param`: `_no_dispatch_record_stream(unsharded_flat_param,
 * current_stream())` then `_free_storage`, torch/distributed/fsdp/_flat_param.py; DeepSpeed `free_param`:
 * `param.data.record_stream(get_accelerator().current_stream())`, deepspeed/runtime/zero/
 * partition_parameters.py, and the gradients in stage3.py), so a freed gathered block returns to the
 * cache only once the recorded stream has passed it, and the allocator meanwhile reserves new ones. FSDP2 was built without that: "FSDP2 implements a different memory management
 * approach to handle the multi-stream usages that avoids torch.Tensor.record_stream. This ensures
 * deterministic and expected memory usage and does not require blocking the CPU like in FSDP1's
 * limit_all_gathers=True" (pytorch/pytorch docs/source/distributed.fsdp.fully_shard.md, the FSDP2 page).
 * A fit made on the record_stream engines is not carried to it; its block rounding (12.8 %) and the
 * variable-length term stay.
 *
 * Who runs FSDP2:
 * - torchtitan: every release (its README: "FSDP2 with per param sharding"; `apply_fsdp` in the
 *   models' parallelize.py calls `fully_shard` per transformer block and on the root).
 * - torchtune: from v0.3.0 (2024-09-17). The full fine-tune recipe moved in meta-pytorch/torchtune#1287
 *   (2024-08, `training.shard_model` over `fully_shard`), the LoRA recipe in #1517 and DPO in #1536
 *   (2024-09-10: "Last recipe to move to FSDP2"); v0.2.x wrapped with FullyShardedDataParallel.
 * Not here: Accelerate / the HF Trainer (FSDP1 unless `fsdp_version: 2`, which the request language
 * does not read), litgpt (FSDP1 through Fabric before 0.5.11), verl and llama-recipes (FSDP1).
 */
export const TORCHTUNE_FSDP2_FROM: TorchtuneRelease = [0, 3, 0];

export function runsFsdp2(s: Scenario): boolean {
  if (s.sharding.kind !== 'fsdp' && s.sharding.kind !== 'hsdp') return false;
  if (s.framework === 'torchtitan') return true;
  return s.framework === 'torchtune' && !torchtuneBefore(s.torchtuneVersion, TORCHTUNE_FSDP2_FROM);
}
