import type { Scenario } from '../scenario/schema.js';
import { count, gib, num } from './format.js';
import { kvCache, prefillWorkingSet } from './inference.js';
import { paramsPerGpu, shardedParamsPerGpu, type Layout } from './layout.js';
import { recipeBytes } from './precision.js';
import type { Component } from './types.js';

/**
 * Online RL fine-tuning with TRL (issue 14: PPO / GRPO): the trained policy, frozen copies
 * (reference, reward), PPO's trained value model, and the rollout generation that precedes
 * each step.
 */

/**
 * TRL GRPOConfig (trl/trainer/grpo_config.py, v0.14 → v0.17): max_prompt_length 512,
 * max_completion_length 256, num_generations 8, beta 0.04 (so a reference model is loaded), and
 * `ds3_gather_for_generation=True`. max_completion_length still defaults to 256 on TRL's main
 * (grpo_config.py at 006d32c, 2026); max_prompt_length 512 up to v0.19.0. PPOConfig
 * (trl/trainer/ppo_config.py, v0.12 →): response_length 53; the completion length used here is
 * GRPO's unless the user states one ("completion 1024", scenario `completion`), capped by the
 * request's sequence.
 */
export const GRPO_COMPLETION_TOKENS = 256;
export const GRPO_PROMPT_TOKENS = 512;

export function isOnlineRl(s: Scenario): boolean {
  return (s.framework === 'grpo' || s.framework === 'ppo') && s.mode !== 'inference';
}

/**
 * Generated tokens per sequence: the sequence is prompt + completion. TRL's GRPOTrainer keeps the
 * policy's logits for these positions only (`logits_to_keep = completion_ids.size(1)` in
 * _compute_loss / _get_per_token_logps), and the rollout prefills the rest.
 */
export function completionTokens(s: Scenario): number {
  return Math.max(1, Math.min(s.completion ?? GRPO_COMPLETION_TOKENS, s.seq - 1));
}

/**
 * Positions whose logits the policy's forward keeps. TRL: the completion's only (above). verl: every
 * position of the sequence, prompt and response alike: DataParallelPPOActor._forward_micro_batch
 * (verl/workers/actor/dp_actor.py, verl v0.1 as vendored by Jiayi-Pan/TinyZero e3df048 and
 * PeterGriffinJin/Search-R1 0b26e61) takes `output.logits` of the whole input (with use_remove_padding,
 * `logits_rmpad` over every non-pad token of the micro-batch), divides them by the temperature in place,
 * and computes entropy_from_logits and logprobs_from_logits on all of them before slicing the response
 * (`[:, -response_length - 1:-1]`), in the update and in compute_log_prob alike. Counted as the
 * full-vocabulary term of memory/logits.ts over the whole sequence (÷ Ulysses' split, as any sequence).
 */
export function logitsOfCompletionOnly(s: Scenario): boolean {
  return isOnlineRl(s) && s.rlTrainer !== 'verl';
}

function frozenCopy(key: string, name: string, s: Scenario, l: Layout): Component {
  const perParam = s.compute === 'fp32' ? 4 : 2;
  // Sharded like the policy: under expert parallelism every expert's share (layout.ts shardedParamsPerGpu).
  const params = shardedParamsPerGpu(l, l.shard.weights);
  const bytes = (params * perParam) / l.shard.weights;
  const shard = l.shard.weights > 1 ? ` ÷ ${l.shard.weights}` : '';
  return { key, name: `${name}, ${perParam * 8}-bit (frozen)${shard}`, group: 'weights', bytes, formula: `${count(params)} × ${perParam} B${shard}` };
}

/**
 * TRL's GRPO loads its reference model only while `beta` (the KL coefficient) is not 0.0:
 * `GRPOTrainer.__init__` sets `self.ref_model = None` when `self.beta == 0.0` (trl/trainer/grpo_trainer.py),
 * and GRPOConfig's `beta` defaulted to 0.04 from v0.14.0 to v0.18.x and defaults to 0.0 from v0.19.0
 * ("🎀 New default: `beta=0.0` for GRPO", huggingface/trl#3516, 7359ddc, 2025-05-30; v0.19.0 tagged
 * 2025-06-20; grpo_config.py: "If `0.0` (default), the reference model is not loaded"). The request
 * language reads no TRL release, so the estimate keeps the reference of the releases GRPO threads were
 * first written against (as the checkpointing default of trl-preset.ts keeps the Trainer's off), and
 * the reply says that 0.19.0 and later load none unless beta is set.
 */
export const GRPO_NO_REFERENCE_FROM = '0.19.0';

export const GRPO_REFERENCE_WORDS = `TRL's beta 0.04 before v${GRPO_NO_REFERENCE_FROM}; from v${GRPO_NO_REFERENCE_FROM} beta defaults to 0.0 and no reference model is loaded unless you set beta (huggingface/trl#3516)`;

/**
 * What GRPO's micro-batch counts, by release. TRL v0.14.0 (2025-01-29, GRPOTrainer's first release)
 * took per_device_train_batch_size prompts, generated `num_generations` (GRPOConfig default 8)
 * completions for each (`num_return_sequences=self.num_generations`, `torch.repeat_interleave(...,
 * self.num_generations)`) and ran the policy's forward on all of them at once in compute_loss
 * (`get_per_token_logps(model, prompt_completion_ids, ...)`, trl/trainer/grpo_trainer.py at v0.14.0):
 * bs × 8 sequences a step on each GPU. From v0.15.0 (2025-02-13) RepeatRandomSampler repeats each
 * prompt num_generations times across the global batch and per_device_train_batch_size counts
 * completions (grpo_config.py: "The global batch size (num_processes * per_device_batch_size) must
 * be divisible by this value"). The request language reads no TRL release: the micro-batch is read
 * as completions, and the reply says how to write a v0.14 run.
 */
export const GRPO_BATCH_COUNTS_COMPLETIONS_FROM = '0.15.0';

export const GRPO_BATCH_WORDS = `the micro-batch counts completions, as TRL has since v${GRPO_BATCH_COUNTS_COMPLETIONS_FROM}; TRL 0.14 ran each prompt's num_generations (8) completions in one forward, so write its bs N as bs N×8`;

/**
 * The extra models of online RL, each the policy's size (TRL's examples use one base for all):
 * GRPO loads a reference model (beta > 0); PPO (`PPOTrainer(policy, ref_policy, reward_model,
 * value_model)`) a reference, a reward model and a value model that trains like the policy
 * (16 B/param under mixed precision, sharded like it). Under PEFT the reference is the policy
 * with its adapters disabled, so there is no copy.
 */
export function rlModels(s: Scenario, l: Layout, policyStateBytes: number): Component[] {
  if (!isOnlineRl(s)) return [];
  const models: Component[] = [];
  // β = 0: no reference (TRL GRPOTrainer `self.ref_model = None` when `self.beta == 0.0`, above).
  if (s.mode === 'full' && s.klReference !== false) models.push(frozenCopy('reference', 'reference model', s, l));
  if (s.framework === 'ppo') {
    // verl scores by rule unless reward_model.enable (False in verl/trainer/config/ppo_trainer.yaml,
    // v0.1 as vendored by TinyZero e3df048): no reward model on the GPUs by default.
    if (s.rlTrainer !== 'verl') models.push(frozenCopy('reward', 'reward model', s, l));
    const r = recipeBytes(s);
    models.push({ key: 'value', name: 'value model (trained like the policy)', group: 'optimizer', bytes: policyStateBytes, formula: `as the policy: weights + gradients + master + optimizer (${num(r.weights + r.grads + r.master + 2 * r.state)} B/param under ${r.label})` });
  }
  return models;
}

/** The KV cache HF generate holds for `sequences` rollouts: in the compute dtype (bf16 unless the run is fp32). */
function rolloutKvCache(s: Scenario, l: Layout, sequences: number): Component {
  return kvCache({ ...s, microBatch: sequences, inference: { ...s.inference, kvDtype: s.compute === 'fp32' ? 'fp32' : 'bf16' } }, l);
}

/**
 * Rollout generation with the policy (`unwrap_model_for_generation`, HF generate unless use_vllm):
 * under ZeRO-3 TRL gathers the whole policy for it (`ds3_gather_for_generation=True`), then the
 * KV cache of every sequence at prompt + completion, and one layer's prefill working set. verl gathers no whole
 * policy: its sharding manager hands the FSDP actor's weights to the rollout engine one tensor at a time
 * (verl/workers/sharding_manager/fsdp_vllm.py: SHARDED_STATE_DICT, then `param.full_tensor()` per parameter into
 * the engine's load_weights), so only the engine's own copy is held, counted when the request says it.
 */
export function rolloutGeneration(s: Scenario, l: Layout): Component[] {
  if (!isOnlineRl(s)) return [];
  const parts: Component[] = [];
  if (l.shard.weights > 1 && s.offload.params === 'none' && s.rlTrainer !== 'verl') {
    const perParam = s.mode === 'full' ? recipeBytes(s).weights : 2;
    const missing = paramsPerGpu(l) * perParam * (1 - 1 / l.shard.weights);
    parts.push({ key: 'rollout-gather', name: 'policy gathered for generation (ZeRO-3)', group: 'buffers', bytes: missing, formula: `${count(paramsPerGpu(l))} × ${perParam} B × (1 − 1/${l.shard.weights})` });
  }
  const kv = rolloutKvCache(s, l, s.microBatch);
  parts.push({ ...kv, key: 'rollout-kv', name: `rollout KV cache (${s.microBatch} × ${s.seq} tokens)` });
  const prompt = Math.max(1, s.seq - completionTokens(s));
  parts.push({ ...prefillWorkingSet(s, prompt, l), key: 'rollout-prefill', name: 'rollout prefill working set' });
  return parts;
}

/**
 * The generation batch of TRL's GRPO by release. Up to v0.17 each micro-batch's prompts were generated
 * when its step came (`_prepare_inputs` per compute_loss): the KV cache above holds the micro-batch.
 * From v0.18.0 GRPOConfig has `generation_batch_size` / `steps_per_generation` ("If None, it defaults to
 * gradient_accumulation_steps", trl/trainer/grpo_config.py @006d32c): the trainer generates the
 * completions of all the accumulation steps at once and buffers them, so HF generate holds micro-batch ×
 * steps_per_generation sequences' KV. The request language reads no TRL release: the estimate keeps the
 * micro-batch and, with accumulation, the reply says the later releases' figure.
 */
export function generationBatchWords(s: Scenario, l: Layout): string | null {
  if (!isOnlineRl(s) || s.framework !== 'grpo' || s.rlTrainer === 'verl' || s.rollout !== undefined || s.gradAccum <= 1) return null;
  const kvOf = (b: number) => rolloutKvCache(s, l, b).bytes;
  const n = s.microBatch * s.gradAccum;
  return `rollout KV cache for ${s.microBatch} sequence${s.microBatch === 1 ? '' : 's'} (the micro-batch), as TRL up to v0.17 generated; from v0.18 TRL generates the whole generation batch at once (steps_per_generation defaults to gradient_accumulation_steps: ${s.microBatch} × ${s.gradAccum} = ${n} completions), ${gib(kvOf(n))} GiB of KV instead of ${gib(kvOf(s.microBatch))} GiB`;
}
