import type { Scenario } from '../scenario/schema.js';
import { count, num } from './format.js';
import { paramsPerGpu, type Layout } from './layout.js';
import type { Component } from './types.js';

/**
 * Pipeline parallelism through PyTorch's own `torch.distributed.pipelining` (torchtitan; FSDP2
 * composed with pipeline stages, which only that package drives: a `PipelineStage` whose submodule
 * is an `FSDPModule`). Megatron and DeepSpeed run their own schedules and are not this.
 *
 * Two things it does that a pipeline count alone does not say:
 *
 * 1. **At least p micro-batches a step.** `Schedule1F1B.__init__` raises `ValueError("Number of
 *    microbatches (…) must be greater than or equal to the number of stages (…)")` when
 *    `n_microbatches < num_stages` (torch/distributed/pipelining/schedules.py, torch 2.5 → main),
 *    and `_step_microbatches` warms the first stage up with `min(n_microbatches, num_stages −
 *    stage_index)` forwards before its first backward, each kept in `fwd_cache` (stage.py
 *    `forward_one_chunk`). So the first stage holds p micro-batches' activations, whatever the
 *    request said of accumulation; torchtitan's default schedule is "1F1B". Megatron instead
 *    derives the count from the global batch, which defaults to micro-batch × data-parallel size
 *    (megatron/training/arguments.py: one micro-batch), and DeepSpeed's PipelineEngine runs
 *    `gradient_accumulation_steps` micro-batches (default 1): both keep the count the request gives.
 *
 * 2. **FSDP2 stages stay unsharded for the whole step.** `_PipelineStageBase.backward_maybe_with_nosync`
 *    (torch/distributed/pipelining/stage.py) calls `set_reshard_after_backward(False)` and
 *    `set_requires_gradient_sync(False)` on an `FSDPModule` stage for every micro-batch's backward,
 *    and only the step's closing `_post_backward` (or `run_post_backward` on the last backward in
 *    older releases) reshards and reduce-scatters. So once a unit has run a backward its
 *    parameters stay all-gathered and its gradient stays whole and accumulates, until the step
 *    ends: the stage's unsharded 16-bit parameters and unsharded gradient are both alive while the
 *    first stage runs its later micro-batches. torchtitan also builds its FSDP units with
 *    `reshard_after_forward = not pp_enabled` ("default" policy,
 *    torchtitan/models/llama3/infra/parallelize.py `apply_fsdp`), so the parameters gathered by the
 *    first forward already stay.
 */
export function runsTorchPipelining(s: Scenario): boolean {
  if (s.parallel.pp <= 1 || s.parallel.schedule === 'sequential' || s.mode === 'inference') return false;
  if (s.framework === 'megatron') return false;
  return s.framework === 'torchtitan' || s.sharding.kind === 'fsdp' || s.sharding.kind === 'hsdp';
}

/** Micro-batches one optimizer step runs through the pipeline (item 1 above); the accumulation steps elsewhere. */
export function pipelineMicroBatches(s: Scenario): number {
  return runsTorchPipelining(s) ? Math.max(s.gradAccum, s.parallel.pp) : s.gradAccum;
}

/** True when the stage is FSDP-sharded under torch.distributed.pipelining (item 2 above). */
export function fsdpStageStaysUnsharded(s: Scenario, l: Layout): boolean {
  return runsTorchPipelining(s) && (s.sharding.kind === 'fsdp' || s.sharding.kind === 'hsdp') && l.shard.weights > 1;
}

/** The stage's parameters all-gathered for the whole step (item 2): every unit of the stage, not two layers and the root. */
export function unshardedStageParameters(s: Scenario, l: Layout, bytesPerParam: number): Component {
  const params = paramsPerGpu(l);
  return {
    key: 'gathered',
    name: 'stage parameters, unsharded (FSDP2 under pipelining)',
    group: 'buffers',
    bytes: params * bytesPerParam,
    formula: `${count(params)} (the stage's parameters) × ${num(bytesPerParam)} B, all-gathered until the step ends (reshard_after_backward False)`,
  };
}

/**
 * A step of exactly p micro-batches (the fewest Schedule1F1B accepts, and what an unstated count is
 * read as): stage 0 runs all p forwards in its warm-up, then only backwards. Its gradients (and,
 * under FSDP2, the unsharded gradient) first exist during the first backward, when the p-th
 * micro-batch's forward is already done; at the end of that backward p − 1 micro-batches'
 * activations remain. With more than p micro-batches the steady state runs a forward after each
 * backward, and p micro-batches meet the gradients.
 */
export function pipelineStepIsWarmupOnly(s: Scenario): boolean {
  return runsTorchPipelining(s) && pipelineMicroBatches(s) <= s.parallel.pp;
}

/** What the first stage still holds when its first backward ends: p − 1 of the p micro-batches' activations. */
export function pipelineFirstBackwardActivations(s: Scenario, acts: Component): Component {
  const p = s.parallel.pp;
  return {
    ...acts,
    key: 'activations-after-first-backward',
    name: `${acts.name}, ${p - 1} of ${p} micro-batches left`,
    bytes: (acts.bytes * (p - 1)) / p,
    formula: `${acts.formula} × ${p - 1}/${p} (micro-batch 0's backward done)`,
  };
}
