import type { Scenario } from '../scenario/schema.js';
import { count, gib } from './format.js';
import { activationBytes } from './precision.js';
import type { Component } from './types.js';
import { profileTokens } from './serving.js';

/**
 * vLLM's profile run samples after its forward, not during it, so the budget loses the larger of
 * the two peaks, not their sum. V0: `ModelRunner.execute_model` (vllm/worker/model_runner.py,
 * 0.5 → 0.10) runs `model_executable(...)`, whose per-layer intermediates are freed as each decoder
 * layer returns, and only then `self.model.compute_logits(hidden_or_intermediate_states, …)` and
 * `self.model.sample(...)`, holding the forward's output hidden states (tokens × hidden) beside the
 * logits. V1: `GPUModelRunner.profile_run` (vllm/v1/worker/gpu_model_runner.py, 0.8 on) runs
 * `hidden_states = self._dummy_run(self.max_num_tokens)` and then
 * `self._dummy_sampler_run(hidden_states)`. The budget reads the allocator's peak
 * (`torch.cuda.memory_stats()["allocated_bytes.all.peak"]` in 0.6's determine_num_available_blocks,
 * `torch_peak_increase` of `memory_profiling` from 0.6.5 and in V1), which is the maximum over time.
 * So the sampler adds only what it holds, with the hidden states, beyond the forward's peak.
 */
export function samplerBeyondForward(s: Scenario, forward: Component, sampler: Component): Component {
  const tokens = profileTokens(s);
  const hiddenStates = tokens * s.model.arch.hidden * activationBytes(s);
  const bytes = Math.max(0, hiddenStates + sampler.bytes - forward.bytes);
  return {
    ...sampler,
    name: `${sampler.name}, beyond the forward's peak`,
    bytes,
    formula: `max(0, hidden states ${count(tokens)} × ${s.model.arch.hidden} × ${activationBytes(s)} B + ${sampler.formula} (${gib(sampler.bytes)} GiB) − forward peak ${gib(forward.bytes)} GiB): the sampler runs after the forward`,
  };
}
