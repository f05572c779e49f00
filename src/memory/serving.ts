import type { Scenario } from '../scenario/schema.js';
import { awqSplitKBytes, awqSplitKFormula } from './awq-gemm.js';
import { GiB, count, num } from './format.js';
import { prefillWorkingSet } from './inference.js';
import type { Layout } from './layout.js';
import { activationBytes } from './precision.js';
import type { Component } from './types.js';
import { vllmAtLeast, vllmCachesLatent, vllmEngine, vllmRelease } from './vllm-release.js';
import { samplerBytesPerElement } from './vllm-sampler.js';
import { vllmForwardPeak } from './vllm-forward.js';

/**
 * What vLLM takes out of its gpu_memory_utilization budget before the KV cache (DESIGN §3.6).
 * vLLM sizes the KV pool from a profiling pass (`Worker.determine_available_memory` →
 * `GPUModelRunner.profile_run`, vllm/v1/worker, v0.8 → v0.11): one dummy forward over
 * `max_num_batched_tokens` tokens, and a dummy sampler run over `max_num_seqs` rows. Its peak, the
 * weights and the non-torch memory are subtracted; the rest becomes KV blocks.
 */

/**
 * vLLM's default scheduler budget for the OpenAI server. V1 (vllm/engine/arg_utils.py,
 * `EngineArgs.get_batch_defaults`, v0.9 → v0.11): cards of 70 GiB or more other than the A100 get
 * 8192 batched tokens and 1024 sequences; others 2048 and 256. V0: 256 sequences (vllm/config.py
 * SchedulerConfig `max_num_seqs`) and the profile run's tokens of v0ProfileTokens.
 */
export function vllmBatchDefaults(s: Scenario): { maxBatchedTokens: number; maxSeqs: number } {
  if (vllmEngine(s) === 'v0') return { maxBatchedTokens: v0ProfileTokens(s), maxSeqs: 256 };
  const capacity = s.hardware?.capacityBytes ?? 0;
  const gpu = (s.hardware?.gpuId ?? '').toLowerCase();
  const a100 = gpu.includes('a100');
  // 0.8.0 → 0.8.3: V1 ran 1024 sequences on every card (vllm#16158, "[V1] Revert the default
  // max_num_seqs to V0 values for most hardware", merged 2025-04-07, first in 0.8.4: "many people
  // have run into OOM when using V1"), and gave 8192 batched tokens to H100 and H200 only (vllm#12369,
  // 2025-01-23). vllm#15105's 0.8.0 log on 24 GB cards fails the sampler warm-up allocating 1.74 GiB,
  // 1,024 rows × Qwen2.5's 152,064-token vocabulary × 12 B.
  const release = vllmRelease(s);
  if (release !== null && release[0] === 8 && release[1] < 4) return { maxBatchedTokens: gpu.includes('h100') || gpu.includes('h200') ? 8192 : 2048, maxSeqs: 1024 };
  return capacity >= 70 * GiB && !a100 ? { maxBatchedTokens: 8192, maxSeqs: 1024 } : { maxBatchedTokens: 2048, maxSeqs: 256 };
}

/**
 * V0 turns chunked prefill on by itself only for a max-model-len over 32,768 (vllm/engine/arg_utils.py
 * `use_long_context`, in `create_engine_config` of the 0.6–0.7 series, `_set_default_args_v0` in
 * 0.8–0.10), and never for a model it serves with MLA (v0.7.1 on: "Chunked prefill not supported
 * for ... MLA in V0") nor one with a sliding window. Releases before 0.6 are taken not to.
 */
export function v0ChunksPrefill(s: Scenario): boolean {
  const mla = s.model.arch.mla !== undefined && vllmCachesLatent(s);
  // "Chunked prefill not supported for Multimodal or MLA in V0" (arg_utils.py _set_default_args_v0, 0.8 → 0.10; earlier releases not read for it).
  const multimodal = s.model.arch.vision !== undefined && vllmAtLeast(s, 8);
  return vllmAtLeast(s, 6) && s.seq > 32_768 && !mla && !s.model.arch.slidingWindow && !multimodal;
}

/**
 * V0's profile run without --max-num-batched-tokens (vllm/config.py SchedulerConfig): without
 * chunked prefill the whole of max(max_model_len, 2048) tokens in one forward; with it, 512 tokens
 * in the 0.6 series (the v031 log's 35k start: peak_torch_memory 15.05 GiB on 14.99 GiB of
 * weights) and `_DEFAULT_MAX_NUM_BATCHED_TOKENS` = 2048 from 0.7.
 */
export function v0ProfileTokens(s: Scenario): number {
  if (!v0ChunksPrefill(s)) return Math.max(s.seq, 2048);
  return vllmAtLeast(s, 7) ? 2048 : 512;
}

/**
 * Lengths where vLLM's start-up plan changes with max-model-len (a solver searching the length
 * restarts past them): V0 chunks prefill above 32,768 unless --max-num-batched-tokens fixes the
 * profile run. Below the break the profile run grows with the length, above it it is fixed.
 */
export function profileSeqBreaks(s: Scenario): number[] {
  if (s.mode !== 'inference' || s.framework === 'tgi' || s.inference.engine !== 'vllm' || s.inference.server === 'sglang') return [];
  if (vllmEngine(s) !== 'v0' || s.inference.batchedTokens !== undefined) return [];
  return v0ChunksPrefill({ ...s, seq: 32_769 }) ? [32_768] : [];
}

/**
 * Tokens of vLLM's profile run. The V1 engine (default since v0.8) always chunks prefill, so the
 * dummy forward is `max_num_batched_tokens` long (vllm/v1/worker/gpu_model_runner.py `profile_run`
 * → `_dummy_run(self.max_num_tokens)`): --max-num-batched-tokens when given, else the scheduler's
 * default. V0 (vllm/worker/model_runner.py `profile_run`) runs max_num_batched_tokens too, whose
 * default is v0ProfileTokens.
 */
export function profileTokens(s: Scenario): number {
  return s.inference.batchedTokens ?? vllmBatchDefaults(s).maxBatchedTokens;
}

/** Tokens fused_moe processes at once (vllm/envs.py VLLM_FUSED_MOE_CHUNK_SIZE, 32768). */
export const FUSED_MOE_CHUNK_TOKENS = 32768;

/**
 * vLLM's fused MoE kernel writes each token's top-k expert outputs, at full hidden width, into
 * `intermediate_cache3` [tokens, top_k, hidden] before summing them
 * (vllm/model_executor/layers/fused_moe/fused_moe.py `fused_experts_impl`); the hidden width is not
 * split by tensor parallelism, unlike the experts' inner width. 0 for dense models.
 */
export function fusedMoeOutputCache(s: Scenario, tokens: number): number {
  const { experts, expertsPerToken, hidden } = s.model.arch;
  if ((experts ?? 0) <= 1) return 0;
  return Math.min(tokens, FUSED_MOE_CHUNK_TOKENS) * (expertsPerToken ?? 1) * hidden * activationBytes(s);
}

/** The profile run's forward: one layer's peak in vLLM's forward over the profile run's tokens (vllm-forward.ts), plus fused_moe's output cache. */
export function profileActivations(s: Scenario, l: Layout): Component {
  const tokens = profileTokens(s);
  // vLLM's own layer code, not a transformers forward (vllm-forward.ts).
  const ws = vllmForwardPeak(s, tokens, l);
  const moe = fusedMoeOutputCache(s, tokens);
  // vLLM 0.2 runs every AWQ linear through the split-K GEMM (awq-gemm.ts).
  const awq = awqSplitKBytes(s, tokens, l);
  const moeText = moe > 0 ? ` + fused_moe ${count(Math.min(tokens, FUSED_MOE_CHUNK_TOKENS))} × top-${s.model.arch.expertsPerToken ?? 1} × ${s.model.arch.hidden} × ${activationBytes(s)} B` : '';
  const formula = `${ws.formula}${moeText}${awqSplitKFormula(s, tokens, l)}`;
  return { ...ws, bytes: ws.bytes + moe + awq, formula, key: 'profile', name: `profile-run activations (${count(tokens)} batched tokens)` };
}

/**
 * The dummy sampler run: logits only for the sampled rows, one per sequence (vLLM never computes
 * the LM head over prompt positions it does not sample), max_num_seqs × V elements at the bytes
 * each engine and release holds at once (vllm-sampler.ts: V0 sorts them for top-k/top-p).
 */
export function samplerLogits(s: Scenario): Component {
  // The dummy sampler run covers min(max_num_seqs, max_num_batched_tokens) rows
  // (vllm/v1/worker/gpu_worker.py `compile_or_warm_up_model`, max_num_reqs); --max-num-seqs when given.
  const maxSeqs = Math.min(s.inference.maxSeqs ?? vllmBatchDefaults(s).maxSeqs, profileTokens(s));
  const V = s.model.arch.vocab;
  const perElement = samplerBytesPerElement(s);
  return { key: 'logits', name: `sampler logits (${maxSeqs} sequences, sampled positions only)`, group: 'logits', bytes: maxSeqs * V * perElement.bytes, formula: `${maxSeqs} seqs × ${V} × ${perElement.formula}` };
}

/** vLLM's grid of batch sizes a CUDA graph may be captured for: 1, 2, 4, then every multiple of 8. */
function captureGrid(upTo: number): number[] {
  return [1, 2, 4, ...Array.from({ length: Math.floor(upTo / 8) }, (_, i) => 8 * (i + 1))].filter((bs) => bs <= upTo);
}

/** V0's graph batch of n sequences: n up to 2, 4 up to 4, else n rounded up to a multiple of 8 (vllm/worker/model_runner.py `_get_graph_batch_size`). */
function v0GraphBatch(n: number): number {
  return n <= 2 ? n : n <= 4 ? 4 : Math.ceil(n / 8) * 8;
}

/**
 * The largest decode batch vLLM captures a CUDA graph for, by engine and release; 0 where it
 * captures none. The graphs share one memory pool, so this batch sizes it (cudaGraphPool):
 * "we already use memory pool sharing for cudagraph, and the cost should only scale with the max
 * batchsize" (vllm#7894, review by youkaichao).
 * - --enforce-eager captures none (vllm/config.py ModelConfig.enforce_eager).
 * - V0 before 0.2.6 has no CUDA graphs: they came with vllm#1926 ("Optimize model execution with
 *   CUDA graph", merged 2023-12-17); 0.2.6 still ran GPTQ eagerly (vllm#2154, "Temporarily enforce
 *   eager mode for GPTQ models"; vllm#2318 enabled it again for 0.2.7).
 * - V0 0.2.6–0.2.7 captures every size of [1, 2, 4, 8 … 256]; from 0.3.0 only up to the graph batch
 *   of max_num_seqs (vllm#2437, "Optimize cuda graph memory usage", merged 2024-01-14), at most 256
 *   (`_BATCH_SIZES_TO_CAPTURE` = [1, 2, 4] + 8 × 1…32); from 0.6.0 the list runs to 8,192
 *   (vllm#7894, 8 × 1…1024) and `_get_max_graph_batch_size(max_num_seqs)` is the graph batch of
 *   max_num_seqs itself (vllm/worker/model_runner.py; VllmConfig._set_cudagraph_sizes' V0 branch in
 *   0.7–0.10: "the minimum size that is larger than max_num_seqs").
 * - V1 0.8–0.9: [1, 2, 4] + range(8, 513, 8), kept where ≤ max_num_batched_tokens
 *   (VllmConfig._set_cudagraph_sizes, `cuda_graph_sizes` default [512]). From 0.10.0 the default
 *   ceiling is min(max_num_seqs × 2, 512) (vllm#20628, "set default cuda_graph_sizes to
 *   min(self.max_num_seqs * 2, 512)", merged 2025-07-08), still ≤ max_num_batched_tokens
 *   (vllm/config/vllm.py `_set_cudagraph_sizes`).
 */
export function largestCapturedBatch(s: Scenario): number {
  return captureBatchSizes(s).at(-1) ?? 0;
}

/** Every decode batch size vLLM captures a graph for (ascending; empty where none), by the rules of largestCapturedBatch. */
export function captureBatchSizes(s: Scenario): number[] {
  if (s.inference.enforceEager) return [];
  if (vllmEngine(s) === 'v0') {
    if (!vllmAtLeast(s, 2, 6)) return [];
    if (!vllmAtLeast(s, 2, 7) && s.weights === 'gptq') return [];
    if (!vllmAtLeast(s, 3)) return captureGrid(V0_CUDA_GRAPH_MAX_BATCH);
    const graphBatch = v0GraphBatch(s.inference.maxSeqs ?? 256);
    return captureGrid(vllmAtLeast(s, 6) ? Math.min(graphBatch, 8192) : Math.min(graphBatch, V0_CUDA_GRAPH_MAX_BATCH));
  }
  const ceiling = vllmAtLeast(s, 10) ? Math.min(2 * (s.inference.maxSeqs ?? vllmBatchDefaults(s).maxSeqs), CUDA_GRAPH_MAX_BATCH) : CUDA_GRAPH_MAX_BATCH;
  return captureGrid(Math.min(ceiling, profileTokens(s)));
}

/** V1's default ceiling on the captured batch (`cuda_graph_sizes` [512]; the 512 of min(max_num_seqs × 2, 512) from 0.10). */
export const CUDA_GRAPH_MAX_BATCH = 512;
/** V0's largest captured batch before 0.6.0 (`_BATCH_SIZES_TO_CAPTURE` up to 8 × 32), and every size 0.2.6–0.2.7 captured. */
export const V0_CUDA_GRAPH_MAX_BATCH = 256;

/**
 * CUDA graphs keep their intermediates in a private memory pool that the KV cache cannot use;
 * graphs share one pool (V0 capture_model passes `self.graph_memory_pool` to every capture, every
 * virtual engine's too), so it holds the working set of the largest captured decode batch
 * (largestCapturedBatch): one layer's no-grad working set at that many tokens. Both engines capture
 * after the KV cache is allocated: V0 in vllm/worker/worker.py `_warm_up_model` → `capture_model`,
 * after `initialize_cache`; V1 in vllm/v1/worker/gpu_worker.py `compile_or_warm_up_model`, after
 * `determine_available_memory` has sized the pool from the profile run. So the pool comes out of
 * the card outside gpu_memory_utilization (`graphsOutsideBudget`). Releases that can estimate the
 * graphs in the memory profile do so only with VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1
 * (vllm/envs.py: default "0", "disabled by default to preserve existing behavior"), which the
 * request language does not read. What each captured graph holds beyond the shared pool (the CUDA
 * driver's instantiated graph, NCCL ≤ 2.21's per-launch work memory: graph-collectives.ts) is not in
 * vLLM's source and is not counted; V0's capture message says "CUDA graphs can take additional
 * 1~3 GiB memory per GPU" (worker/model_runner.py capture_model).
 */
export function cudaGraphPool(s: Scenario, l: Layout): Component | null {
  const batch = largestCapturedBatch(s);
  if (batch === 0) return null;
  const ws = prefillWorkingSet({ ...s, microBatch: 1 }, batch, l);
  const outside = graphsOutsideBudget(s) ? ', captured after the KV cache: outside the budget' : '';
  return { ...ws, key: 'cuda-graphs', name: `CUDA graph pool${outside}`, group: 'buffers', formula: `${count(batch)} decode tokens: ${ws.formula}` };
}

/**
 * vLLM captures its graphs after the KV cache is allocated, in the part of the card outside the
 * budget: V0 always, V1 unless VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1 (not read), so every
 * scenario the language can state.
 */
export function graphsOutsideBudget(_s: Scenario): boolean {
  return true;
}
