import type { Scenario } from '../scenario/schema.js';
import { GiB, count, num } from './format.js';
import { prefillWorkingSet } from './inference.js';
import type { Layout } from './layout.js';
import { activationBytes } from './precision.js';
import type { Component } from './types.js';

/**
 * What vLLM takes out of its gpu_memory_utilization budget before the KV cache (DESIGN §3.6).
 * vLLM sizes the KV pool from a profiling pass (`Worker.determine_available_memory` →
 * `GPUModelRunner.profile_run`, vllm/v1/worker, v0.8 → v0.11): one dummy forward over
 * `max_num_batched_tokens` tokens, and a dummy sampler run over `max_num_seqs` rows. Its peak, the
 * weights and the non-torch memory are subtracted; the rest becomes KV blocks.
 */

/**
 * vLLM's default scheduler budget for the OpenAI server (vllm/engine/arg_utils.py,
 * `EngineArgs.get_batch_defaults`, v0.9 → v0.11): cards of 70 GiB or more other than the A100 get
 * 8192 batched tokens and 1024 sequences; others 2048 and 256.
 */
export function vllmBatchDefaults(s: Scenario): { maxBatchedTokens: number; maxSeqs: number } {
  const capacity = s.hardware?.capacityBytes ?? 0;
  const a100 = (s.hardware?.gpuId ?? '').toLowerCase().includes('a100');
  return capacity >= 70 * GiB && !a100 ? { maxBatchedTokens: 8192, maxSeqs: 1024 } : { maxBatchedTokens: 2048, maxSeqs: 256 };
}

/** The profile run's forward: one layer's no-grad working set over max_num_batched_tokens tokens. */
export function profileActivations(s: Scenario, l: Layout): Component {
  const { maxBatchedTokens } = vllmBatchDefaults(s);
  const ws = prefillWorkingSet({ ...s, microBatch: 1 }, maxBatchedTokens, l);
  return { ...ws, key: 'profile', name: `profile-run activations (${maxBatchedTokens} batched tokens)` };
}

/**
 * The dummy sampler run: logits only for the sampled rows, one per sequence (vLLM never computes
 * the LM head over prompt positions it does not sample). 16-bit LM-head output, its fp32 upcast
 * and the fp32 probabilities of softmax: (e + 4 + 4) B × max_num_seqs × V.
 */
export function samplerLogits(s: Scenario): Component {
  const { maxSeqs } = vllmBatchDefaults(s);
  const V = s.model.arch.vocab;
  const perElement = activationBytes(s) + 8;
  return { key: 'logits', name: `sampler logits (${maxSeqs} sequences, sampled positions only)`, group: 'logits', bytes: maxSeqs * V * perElement, formula: `${maxSeqs} seqs × ${V} × ${num(perElement)} B` };
}

/** Largest batch vLLM captures a CUDA graph for (`max_capture_size`, 512 by default). */
export const CUDA_GRAPH_MAX_BATCH = 512;

/**
 * CUDA graphs keep their intermediates in a private memory pool that the KV cache cannot use;
 * graphs share one pool, so it holds the working set of the largest captured decode batch: one
 * layer's no-grad working set at 512 tokens. (Captured after profiling; vLLM ≥ 0.10 reserves it.)
 */
export function cudaGraphPool(s: Scenario, l: Layout): Component | null {
  // --enforce-eager captures no graphs (vllm/config.py, CompilationConfig with enforce_eager).
  if (s.inference.enforceEager) return null;
  const ws = prefillWorkingSet({ ...s, microBatch: 1 }, CUDA_GRAPH_MAX_BATCH, l);
  return { ...ws, key: 'cuda-graphs', name: 'CUDA graph pool', group: 'buffers', formula: `${count(CUDA_GRAPH_MAX_BATCH)} decode tokens: ${ws.formula}` };
}

/**
 * TGI (text-generation-inference, server/text_generation_server/models/flash_causal_lm.py,
 * `warmup`, v2.x → v3.x): a warm-up prefill of max_batch_prefill_tokens (the launcher's default is
 * max_input_tokens + 50, ≈ 4096 for long-context models), then KV blocks in
 * `free_memory * TGI_WIGGLE_ROOM` (0.95, models/globals.py). Prefill logits are computed only at
 * each request's last position (`prefill_head_indices`).
 */
export const TGI_WIGGLE_ROOM = 0.95;
export const TGI_PREFILL_TOKENS = 4096;

export function tgiWarmupActivations(s: Scenario, l: Layout): Component {
  const ws = prefillWorkingSet({ ...s, microBatch: 1 }, TGI_PREFILL_TOKENS, l);
  return { ...ws, key: 'warmup', name: `warm-up prefill activations (${TGI_PREFILL_TOKENS} tokens)` };
}
