import type { Scenario } from '../scenario/schema.js';
import { count } from './format.js';
import { prefillWorkingSet } from './inference.js';
import type { Layout } from './layout.js';
import { sglangDefaultChunkedPrefill, sglangDefaultCudaGraphMaxBs, sglangGpuMemMiB } from './sglang-defaults.js';
import { sglangGraphLogits } from './sglang-graph-logits.js';
import type { Component } from './types.js';

/**
 * SGLang's memory plan (sgl-project/sglang, python/sglang/srt/model_executor/model_runner.py
 * `profile_max_num_token`, v0.4.x): after the weights load, the KV pool gets
 * `available − total × (1 − mem_fraction_static)` — the free memory (card less weights, CUDA
 * context and NCCL) less the part of the card kept outside the static fraction. A pool of zero or
 * less stops the server ("Not enough memory. Please try to increase --mem-fraction-static"). The
 * part outside the fraction is not headroom: it holds what runs after the pool is allocated, the
 * chunked-prefill activations and the CUDA graph buffers, and an OOM there comes at the first long
 * prompt or at graph capture.
 */

/** `chunked_prefill_size`: --chunked-prefill-size when given, else SGLang's default for the card (sglang-defaults.ts). */
export function sglangChunkedPrefillTokens(s: Scenario): number {
  if (s.inference.batchedTokens !== undefined) return s.inference.batchedTokens;
  return sglangDefaultChunkedPrefill(sglangGpuMemMiB(s));
}

/** One chunk of prefill: one layer's no-grad working set over chunked_prefill_size tokens, outside the static fraction. */
export function sglangPrefillActivations(s: Scenario, l: Layout): Component {
  const tokens = sglangChunkedPrefillTokens(s);
  const ws = prefillWorkingSet({ ...s, microBatch: 1 }, tokens, l);
  return { ...ws, key: 'prefill', name: `chunked-prefill activations (${count(tokens)} tokens, outside mem_fraction_static)` };
}

/** KV bytes SGLang allocates: mem_fraction_static of the card less what is already resident. */
export function sglangKvBudget(card: number, memFraction: number, residentBytes: number, nonTorch: number): number {
  return card * memFraction - residentBytes - nonTorch;
}

/**
 * The request-to-token table (python/sglang/srt/model_executor/model_runner.py `init_memory_pool`,
 * v0.4.x; mem_cache/memory_pool.py `ReqToTokenPool`): an int32 tensor of
 * [max_num_reqs + 1, context_len + 4] mapping each request slot to its KV indices. It is allocated
 * after `profile_max_num_token` has sized the KV pool, so it sits outside mem_fraction_static.
 * max_num_reqs is --max-running-requests, else min(max(pool tokens / context_len × 512, 2048), 4096);
 * context_len is --context-length, the scenario's seq (SGLang without it takes the model's own
 * context length, which the resolver fills in as it does for vLLM: resolve-serving.ts servedContext). At Llama 4 Scout's own
 * 10,485,760 tokens it is 2,049 × 10,485,764 × 4 B = 80.04 GiB, the allocation sglang#5755 fails on.
 */
export function sglangReqToTokenTable(s: Scenario, poolTokens: number): Component {
  const context = s.seq;
  const requests = s.inference.maxSeqs ?? Math.min(Math.max(Math.floor((poolTokens / context) * 512), 2048), 4096);
  const bytes = (requests + 1) * (context + 4) * 4;
  return { key: 'reqtable', name: 'request-to-token table (int32, outside mem_fraction_static)', group: 'kv', bytes, formula: `${count(requests + 1)} slots × ${count(context + 4)} × 4 B` };
}

/** Largest decode batch SGLang captures a CUDA graph for: `cuda_graph_max_bs`, its default for the card and tp (sglang-defaults.ts). */
export function sglangCudaGraphMaxBatch(s: Scenario): number {
  return sglangDefaultCudaGraphMaxBs(sglangGpuMemMiB(s), s.parallel.tp);
}

/**
 * What SGLang's CUDA graphs hold (python/sglang/srt/model_executor/model_runner.py: `init_cuda_graphs`
 * runs after `init_memory_pool`, so outside mem_fraction_static; cuda_graph_runner.py captures one
 * graph per batch size up to cuda_graph_max_bs, largest first, in one shared memory pool): the pool
 * keeps one layer's no-grad working set at the largest batch, and the attention backend's graph
 * state indexes the whole context for every slot — FlashInfer's `cuda_graph_kv_indices`
 * int32 [max_bs × context_len] (flashinfer_backend.py `init_cuda_graph_state`), FA3's page table
 * [max_bs, context_len / page_size] at page size 1 (flashattention_backend.py) — and the graphs'
 * shared fp32 logits buffer (sglang-graph-logits.ts). None with --disable-cuda-graph (read as enforce eager).
 */
export function sglangCudaGraphs(s: Scenario, l: Layout): Component[] {
  if (s.inference.enforceEager) return [];
  const batch = sglangCudaGraphMaxBatch(s);
  const ws = prefillWorkingSet({ ...s, microBatch: 1 }, batch, l);
  const pool: Component = { ...ws, key: 'cuda-graphs', name: `CUDA graph pool (${count(batch)} decode tokens, outside mem_fraction_static)`, group: 'buffers', formula: `${count(batch)} decode tokens: ${ws.formula}` };
  const indices: Component = { key: 'graph-indices', name: 'CUDA graph KV indices (int32, outside mem_fraction_static)', group: 'buffers', bytes: batch * s.seq * 4, formula: `${count(batch)} slots × ${count(s.seq)} context × 4 B` };
  // Each captured batch size also keeps its fp32 logits (sglang-graph-logits.ts).
  const logits = sglangGraphLogits(s, batch);
  return logits ? [pool, indices, logits] : [pool, indices];
}

