import type { Scenario } from '../scenario/schema.js';
import { count } from './format.js';
import type { Component } from './types.js';

/**
 * The decode batch sizes SGLang captures a CUDA graph for (sgl-project/sglang,
 * python/sglang/srt/server_args.py `_generate_cuda_graph_batch_sizes`, from sglang#10975):
 * `[1, 2, 4, 8, 12] + range(16, 257, 8) + range(272, 512, 16) + range(512, cuda_graph_max_bs + 1, 32)`,
 * kept up to cuda_graph_max_bs (its default by card, sglang-defaults.ts); when the request pool is
 * smaller than the largest of them, its size and size − 1 are added and the list is cut there
 * (model_executor/cuda_graph_runner.py `get_batch_sizes_to_capture`). The pool is
 * `ReqToTokenPool(size=max_num_reqs + 1)`, max_num_reqs being --max-running-requests when given.
 */
export function sglangCaptureBatchSizes(maxBatch: number, maxRunningRequests?: number): number[] {
  const range = (from: number, to: number, step: number) => Array.from({ length: Math.max(0, Math.ceil((to - from) / step)) }, (_, i) => from + i * step);
  const preset = [1, 2, 4, 8, 12, ...range(16, 257, 8), ...range(272, 512, 16), ...range(512, maxBatch + 1, 32)].filter((bs) => bs <= maxBatch);
  const pool = maxRunningRequests === undefined ? Infinity : maxRunningRequests + 1;
  const sizes = Math.max(...preset) > pool ? [...preset, pool - 1, pool] : preset;
  return [...new Set(sizes)].filter((bs) => bs >= 1 && bs <= pool && bs <= maxBatch).sort((a, b) => a - b);
}

/**
 * The captured graphs' next-token logits: one shared fp32 buffer of the largest captured batch
 * over the whole vocabulary. sglang#8579 (merged 2025-07-30) made every graph write into one
 * `next_token_logits_buffer` [max_bs, vocab] (cuda_graph_runner.py), where v0.4.x had kept each
 * captured size's own output (`self.output_buffers[bs]`, Σ bs × vocab × 4 B, 1.65 GiB for Gemma 3
 * at cuda_graph_max_bs 160). The logits are fp32 over the whole vocabulary on every rank
 * (LogitsProcessor gathers the vocab-parallel shards and returns `logits[:, : vocab_size].float()`),
 * and the graphs are captured after the KV pool (model_runner.py `init_cuda_graphs`): outside
 * mem_fraction_static. The version followed is the one whose defaults sglang-defaults.ts reads.
 */
export function sglangGraphLogits(s: Scenario, maxBatch: number): Component | null {
  if (s.inference.enforceEager) return null;
  const sizes = sglangCaptureBatchSizes(maxBatch, s.inference.maxSeqs);
  if (sizes.length === 0) return null;
  const rows = sizes[sizes.length - 1]!;
  const V = s.model.arch.vocab;
  return {
    key: 'graph-logits',
    name: `CUDA graph logits buffer (fp32, shared by ${sizes.length} batch sizes, outside mem_fraction_static)`,
    group: 'buffers',
    bytes: rows * V * 4,
    formula: `${count(rows)} rows (the largest captured batch) × ${V} × 4 B`,
  };
}
