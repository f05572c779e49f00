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
 * into their partitions every micro-step; Accelerate never calls `no_sync` there). A LoRA run through
 * the Trainer holds only the adapters' unsharded gradient, which is small: the Trainer wraps the
 * adapters as their own units (transformers trainer.py `_fsdp_qlora_plugin_updates` sets peft
 * `fsdp_auto_wrap_policy`), so the frozen units have no gradient at all. litgpt's LoRA does not
 * (`mixedUnitsUnderNoSync` below).
 */
const NO_SYNC_FRAMEWORKS = new Set<Scenario['framework']>([...HF_TRAINER_FRAMEWORKS, 'litgpt']);

/** True when micro-steps accumulate under FSDP1's no_sync (see above). */
export function accumulatesUnderNoSync(s: Scenario): boolean {
  const fsdp = s.sharding.kind === 'fsdp' || s.sharding.kind === 'hsdp';
  return fsdp && s.mode === 'full' && s.gradAccum > 1 && NO_SYNC_FRAMEWORKS.has(s.framework);
}

/**
 * litgpt's multi-GPU LoRA wraps each transformer Block, frozen base and adapters together, as one
 * FSDP unit: `FSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block},
 * state_dict_type="full", ...)` in finetune/lora.py (lit-gpt 8641822, 2023-10-16, the commit of its
 * resource tables, → litgpt 0.5), after `mark_only_lora_as_trainable`. Fabric sets
 * `use_orig_params=True` on PyTorch ≥ 2.0 (lightning/fabric/strategies/fsdp.py, Lightning 2.1.0:
 * `self._fsdp_kwargs.setdefault("use_orig_params", True)`), so each Block's FlatParameter mixes frozen
 * and trainable parameters, and FSDP computes the gradient of the whole FlatParameter: PyTorch warns
 * of exactly this ("the gradient memory usage will be higher than expected ({total} numel instead of
 * {nonfrozen} numel before sharding via reduce-scatter)", torch/distributed/fsdp/_wrap_utils.py
 * `_validate_frozen_params`, torch 2.1 → 2.5). The loop accumulates under
 * `fabric.no_backward_sync(model, enabled=is_accumulating)` (lora.py: `gradient_accumulation_iters =
 * batch_size // micro_batch_size`, 128 // 4 at 8641822; `TrainArgs.gradient_accumulation_iters`,
 * global_batch_size 16 ÷ devices ÷ micro_batch_size, in litgpt 0.5), so no reduce-scatter comes
 * between micro-steps and every Block's unsharded gradient, the frozen base's included, is held until
 * the step's last backward. The root unit (embedding, final norm, LM head) is frozen whole unless the
 * head is adapted: it has none.
 *
 * Until litgpt 0.5.7. 0.5.8 wraps each torch.nn.Linear instead ("Do not wrap LoRA layers with FSDP",
 * 281510a, #1538, 2025-03-18), so the frozen weights are units of their own, and 0.5.11 shards with
 * FSDP2 per parameter (ModelParallelStrategy, `parallelize_fn`, 5ac69b0, 2025-08-13): neither holds a
 * frozen weight's gradient. The request language reads no litgpt release; the releases before 0.5.8,
 * which GT063–GT066 measured, are the ones counted, and the formula says so.
 *
 * This is what litgpt's multi-GPU LoRA rows measure above the one-GPU rows (GT063–GT066: one whole
 * 16-bit copy of the blocks whatever the number of GPUs). It was counted before as a full state dict
 * gathered for saving, which it is not: Fabric saves a full state dict with
 * `FullStateDictConfig(offload_to_cpu=True, rank0_only=True)` on more than one GPU
 * (`_get_full_state_dict_context`, Lightning 2.1.0 `offload_to_cpu = world_size > 1 or
 * _TORCH_GREATER_EQUAL_2_1`; always True from c712ec1, 2023-05-11, to 84d901e, 2026-07), so each
 * unit is gathered and moved to the CPU in turn, and lit-gpt printed its "Memory used" before the
 * final save (finetune/lora.py at 8641822).
 */
export function mixedUnitsUnderNoSync(s: Scenario): boolean {
  const fsdp = s.sharding.kind === 'fsdp' || s.sharding.kind === 'hsdp';
  return fsdp && s.mode === 'lora' && s.gradAccum > 1 && s.framework === 'litgpt';
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
  if (mixedUnitsUnderNoSync(s)) return blockUnitGradients(s, l);
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

/** Every Block unit's unsharded gradient, frozen weights and adapters alike, in the unsharded parameters' dtype (mixedUnitsUnderNoSync). */
function blockUnitGradients(s: Scenario, l: Layout): Component {
  const blocks = (l.params.perLayer * l.layersOnStage) / l.tp;
  const adapters = l.trainable / l.pp / l.tp;
  const params = blocks + adapters;
  const perParam = gatheredBytesPerParam(s);
  return {
    key: 'no-sync-grads',
    name: `gradients, unsharded ${perParam * 8}-bit over the frozen blocks too (FSDP no_sync, ga ${s.gradAccum})`,
    group: 'gradients',
    bytes: params * perParam,
    formula: `(${l.layersOnStage} blocks × ${count(l.params.perLayer)} + adapters ${count(adapters)}) × ${num(perParam)} B (each Block one FSDP unit with use_orig_params: its whole FlatParameter's gradient, not ÷ GPUs, until the last micro-step; litgpt ≤ 0.5.7, later releases wrap the frozen Linear layers apart)`,
  };
}
