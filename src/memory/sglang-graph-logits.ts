import type { Scenario } from '../scenario/schema.js';
import { count } from './format.js';
import type { Component } from './types.js';

/**
 * The decode batch sizes SGLang captures a CUDA graph for (sgl-project/sglang,
 * python/sglang/srt/model_executor/cuda_graph_runner.py `get_batch_sizes_to_capture`, v0.4.x):
 * `[1, 2, 4] + [i * 8 for i in range(1, 21)]` (1, 2, 4, 8, 16, …, 160); when the request pool is
 * smaller than the largest of them, its size and size − 1 are added; then only the sizes up to both
 * the pool and cuda_graph_max_bs are kept. The pool is `ReqToTokenPool(size=max_num_reqs + 1)`
 * (model_runner.py `init_memory_pool`), max_num_reqs being --max-running-requests when given.
 */
export function sglangCaptureBatchSizes(maxBatch: number, maxRunningRequests?: number): number[] {
  const preset = [1, 2, 4, ...Array.from({ length: 20 }, (_, i) => (i + 1) * 8)];
  const pool = maxRunningRequests === undefined ? Infinity : maxRunningRequests + 1;
  const sizes = Math.max(...preset) > pool ? [...preset, pool - 1, pool] : preset;
  return [...new Set(sizes)].filter((bs) => bs >= 1 && bs <= pool && bs <= maxBatch).sort((a, b) => a - b);
}

/**
 * Each captured graph keeps its own next-token logits. `capture_one_batch_size` returns what the
 * graph's forward returned (`logits_output.next_token_logits`) and the runner stores it for replay
 * (`self.output_buffers[bs] = output_buffers`), so the output of every batch size stays allocated
 * in the shared graph pool: the pool can reuse the layers' intermediates across sizes, not these.
 * The logits are fp32 over the whole vocabulary on every rank: LogitsProcessor gathers the
 * vocab-parallel shards (`tensor_model_parallel_all_gather`) and returns
 * `logits[:, : vocab_size].float()` (layers/logits_processor.py, v0.4.x). So the graphs hold
 * Σ bs × vocab × 4 B outside mem_fraction_static (they are captured after the KV pool,
 * model_runner.py `init_cuda_graphs`): 1,687 rows at cuda_graph_max_bs 160, 1.65 GiB for Gemma 3's
 * 262,144-token vocabulary. sglang#8579 (merged 2025-07-30) later made every graph write into one
 * shared `next_token_logits_buffer` [max_bs, vocab]; the request language cannot name an SGLang
 * release, and memory/sglang.ts follows v0.4.x throughout, so the per-size outputs are counted.
 */
export function sglangGraphLogits(s: Scenario, maxBatch: number): Component | null {
  if (s.inference.enforceEager) return null;
  const sizes = sglangCaptureBatchSizes(maxBatch, s.inference.maxSeqs);
  const rows = sizes.reduce((a, b) => a + b, 0);
  const V = s.model.arch.vocab;
  return {
    key: 'graph-logits',
    name: `CUDA graph outputs (fp32 logits of ${sizes.length} batch sizes, outside mem_fraction_static)`,
    group: 'buffers',
    bytes: rows * V * 4,
    formula: `${count(rows)} rows (batch sizes ${sizes[0]}…${sizes[sizes.length - 1]}) × ${V} × 4 B`,
  };
}
