import type { Scenario } from '../scenario/schema.js';
import { count } from './format.js';
import type { Layout } from './layout.js';
import { llamaCppBeforeBackend, oldScratchBuffer } from './llamacpp-row-split.js';
import type { Component } from './types.js';

/**
 * llama.cpp's compute buffer (ggml-org/llama.cpp, src/llama-context.cpp: the context reserves the
 * worst-case graph of n_ubatch tokens at n_ctx through `ggml_backend_sched_reserve`, and
 * ggml-alloc.c sizes one buffer per backend for that graph's largest live set). The buffer is
 * allocated once, at context creation, and stays for the life of the server beside the weights and
 * the n_ctx KV cache. Its largest tensors, all f32 (ggml computes activations in f32):
 * - the output logits of the reserved graph, one row per token of the micro-batch, beside the
 *   normed hidden states the output matmul reads (an op's sources stay live while ggml-alloc places
 *   its result): n_ubatch × (V + h) × 4 B. The logs print it to the byte: "CUDA0 compute buffer size
 *   = 258.50 MiB" for Llama-3-8B (512 × (128,256 + 4,096) × 4 B) and "66.50 MiB" for TinyLlama-1.1B
 *   (512 × (32,000 + 2,048) × 4 B, the allocation that failed in mozilla-ai/llamafile#372);
 * - without flash attention (-fa off), the attention scores of one layer: heads × n_ubatch × n_ctx × 4 B;
 * - the gated MLP's two projections and its input: n_ubatch × (2·ffn + hidden) × 4 B.
 * ggml-alloc reuses a tensor's memory once its consumers ran, so the buffer is the largest of these.
 */

/** common/common.h: n_ubatch = 512 (the physical micro-batch; -ub). */
export const LLAMACPP_UBATCH = 512;

export function llamaCppComputeBuffer(s: Scenario, l: Layout): Component {
  // Builds before ggml-backend: the VRAM scratch buffer of the old graph (llamacpp-row-split.ts).
  if (llamaCppBeforeBackend(s)) return oldScratchBuffer(s);
  const { vocab: V, heads, ffn, hidden } = s.model.arch;
  const nCtx = s.seq;
  const ubatch = Math.min(LLAMACPP_UBATCH, nCtx);
  // The output layer is on a GPU unless -ngl keeps it on the CPU (gguf.ts llamaCppPlacement: N ≤ layers).
  const outputOnGpu = s.inference.gpuLayers === undefined || s.inference.gpuLayers > s.model.arch.layers;
  const logits = outputOnGpu ? ubatch * (V + hidden) * 4 : 0;
  const scores = s.attention === 'eager' ? heads * ubatch * nCtx * 4 + ubatch * hidden * 4 * 2 : 0;
  const mlp = l.layersOnStage > 0 ? ubatch * (2 * ffn + hidden) * 4 : 0;
  const bytes = Math.max(logits, scores, mlp);
  const which = bytes === logits ? `logits and their input ${count(ubatch)} × (${V} + ${hidden}) × 4 B` : bytes === scores ? `scores ${heads} heads × ${count(ubatch)} × n_ctx ${count(nCtx)} × 4 B` : `MLP ${count(ubatch)} × (2·${ffn} + ${hidden}) × 4 B`;
  return { key: 'compute', name: `llama.cpp compute buffer (n_ubatch ${ubatch}, n_ctx ${count(nCtx)})`, group: 'buffers', bytes, formula: `largest of the reserved graph: ${which}` };
}

/**
 * The sequences llama.cpp-family KV cache holds. A "max seqs N" on this engine is only ever Ollama's
 * OLLAMA_NUM_PARALLEL (llama-server's -np is no setting: its slots share the one n_ctx cache,
 * config-keys/engines/llamacpp.ts), and Ollama multiplies the context by it ("Required RAM will scale by
 * OLLAMA_NUM_PARALLEL * OLLAMA_CONTEXT_LENGTH", docs/faq.md): N sequences of the whole context each. The
 * compute buffer stays one n_ubatch graph. Drawn from ollama/ollama#5756 (c1812: 64 × 2,048 tokens of
 * Llama-3-8B's f16 KV beside 4.7 GB of weights, `ollama ps` 32 GB) and ollama/ollama#9054 (c1790).
 */
export function llamaCppSlots(s: Scenario): Scenario {
  const n = s.inference.maxSeqs;
  return n !== undefined && n > s.microBatch ? { ...s, microBatch: n } : s;
}
