import type { Scenario } from '../scenario/schema.js';
import { count, num } from './format.js';
import { HF_TRAINER_FRAMEWORKS } from './hf-trainer.js';
import { paramsPerGpu, type Layout } from './layout.js';
import { gatheredBytesPerParam } from './states.js';
import type { Component } from './types.js';
import { pipelineMicroBatches, runsTorchPipelining } from './pipeline-schedule.js';

/**
 * Gradient accumulation under PyTorch FSDP (FSDP1) when the trainer skips the reduce-scatter of
 * the micro-steps that do not end in an optimizer step by entering `FullyShardedDataParallel.no_sync()`:
 *
 * - Hugging Face Trainer, before it ran on Accelerate (transformers 4.27 → 4.30 `_inner_training_loop`:
 *   `with model.no_sync()` whenever `args._no_sync_in_gradient_accumulation`, which is `not
 *   (self.deepspeed or sagemaker …)`: FSDP is not excepted), and since (`with
 *   self.accelerator.accumulate(model)`: accelerate/accelerator.py `accumulate` enters `no_sync(m)`
 *   for every micro-step but the last, and `no_sync` takes `model.no_sync` for every distributed type
 *   but DeepSpeed ZeRO-2/3, accelerate v0.20 → v1.x; `GradientAccumulationPlugin.sync_each_batch`,
 *   default False, is the opt-out, "may reduce memory requirements"). TRL's trainers, LLaMA-Factory,
 *   axolotl, LongLoRA and alpaca-lora train through that Trainer.
 * - Lightning Fabric (litgpt's loops: `fabric.no_backward_sync(model, enabled=is_accumulating)`):
 *   `_FSDPBackwardSyncControl.no_backward_sync` returns `module.no_sync()`
 *   (lightning/fabric/strategies/fsdp.py, Lightning 2.0 → 2.5).
 *
 * Inside it FSDP keeps each unit's *unsharded* gradient: `_post_backward_hook` returns before the
 * reduce-scatter when `not state._sync_gradients`, and `_finalize_params` leaves it ("`.grad` remains
 * the unsharded gradient from prior `no_sync()` iterations", torch/distributed/fsdp/_runtime_utils.py,
 * torch 2.0 → 2.5); the `no_sync` docstring: "FSDP will accumulate the full model gradients (instead
 * of gradient shards) until the eventual sync", also with CPU offload ("the gradients will not be
 * offloaded to CPU when inside the context manager"). The gradient has the dtype of the unsharded
 * parameter it is computed for, MixedPrecision's param_dtype (16-bit) over an fp32 model. So from the
 * first micro-step's backward until the last micro-step's post-backward hooks reduce-scatter it,
 * every GPU holds the whole model's gradient, whatever the number of GPUs; the sharded gradients were
 * set to None by the previous step's `zero_grad`.
 *
 * Not here: torchtune and torchtitan (FSDP2 with a plain backward on every micro-step), llama-recipes
 * (its loop calls `loss.backward()` on every micro-step, no `no_sync`), DeepSpeed (ZeRO-2/3 reduce
 * into their partitions every micro-step; Accelerate never calls `no_sync` there). Only full
 * fine-tuning is counted: under PEFT's FSDP wrap policy the trainable adapters are their own units
 * (peft `fsdp_auto_wrap_policy`), so their unsharded gradient is the adapters' own and small.
 */
const NO_SYNC_FRAMEWORKS = new Set<Scenario['framework']>([...HF_TRAINER_FRAMEWORKS, 'litgpt']);

/** True when micro-steps accumulate under FSDP1's no_sync (see above). */
export function accumulatesUnderNoSync(s: Scenario): boolean {
  const fsdp = s.sharding.kind === 'fsdp' || s.sharding.kind === 'hsdp';
  return fsdp && s.mode === 'full' && s.gradAccum > 1 && NO_SYNC_FRAMEWORKS.has(s.framework);
}

/**
 * The same whole gradient under torch.distributed.pipelining: an FSDP2 stage runs every
 * micro-batch's backward with `set_requires_gradient_sync(False)` and reduce-scatters only when the
 * step closes (pipeline-schedule.ts), so the stage's gradient is held unsharded across the p or more
 * micro-batches the schedule runs.
 */
function accumulatesUnderPipelining(s: Scenario): boolean {
  const fsdp = s.sharding.kind === 'fsdp' || s.sharding.kind === 'hsdp';
  return fsdp && s.mode === 'full' && runsTorchPipelining(s);
}

/** The whole model's (or pipeline stage's) unsharded gradient, held across the micro-steps (null when not accumulating unsharded). */
export function noSyncGradients(s: Scenario, l: Layout): Component | null {
  const pipelined = accumulatesUnderPipelining(s);
  if (!pipelined && !accumulatesUnderNoSync(s)) return null;
  const params = paramsPerGpu(l);
  const perParam = gatheredBytesPerParam(s);
  return {
    key: 'no-sync-grads',
    name: pipelined
      ? `gradients, unsharded ${perParam * 8}-bit (FSDP2 under pipelining, ${pipelineMicroBatches(s)} micro-batches)`
      : `gradients, unsharded ${perParam * 8}-bit (FSDP no_sync, ga ${s.gradAccum})`,
    group: 'gradients',
    bytes: params * perParam,
    formula: pipelined
      ? `${count(params)} × ${num(perParam)} B (the whole stage, not ÷ GPUs: requires_gradient_sync False until the step's last backward)`
      : `${count(params)} × ${num(perParam)} B (whole model, not ÷ GPUs, until the last micro-step)`,
  };
}
