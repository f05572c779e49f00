import type { Scenario } from '../scenario/schema.js';
import { gpuCountOf } from '../scenario/gpus.js';
import { count, gib } from './format.js';
import type { Component } from './types.js';

/**
 * llama.cpp before its ggml-backend integration (ggml-org/llama.cpp#4766, January 2024), read in
 * llama.cpp at 465219b (October 2023, the b1430 era of llama.cpp#3780):
 * - Every offloaded layer's matrices are split by rows over all GPUs (`llm_load_tensors`:
 *   `backend_split = LLAMA_BACKEND_OFFLOAD_SPLIT`, GGML_BACKEND_GPU_SPLIT, in the proportions of
 *   `tensor_split`, by default each card's total memory, ggml-cuda.cu `ggml_init_cublas`), and so is
 *   the output layer once -ngl > n_layer (`backend_output = LLAMA_BACKEND_OFFLOAD_SPLIT`); the norms
 *   stay whole on the main GPU.
 * - The KV cache is one K and one V tensor for all layers, put whole on the main GPU:
 *   `llama_kv_cache_init` offloads V when n_gpu_layers > n_layer + 1 and K when > n_layer + 2
 *   (`ggml_cuda_assign_buffers_no_scratch`).
 * - The compute buffer is the "VRAM scratch buffer" on the main GPU (`llama_new_context_with_model`:
 *   ggml-alloc measures the worst-case graph of min(n_ctx, n_batch) tokens at n_past = n_ctx −
 *   n_tokens, then `ggml_cuda_set_scratch_size(alloc_size)`). There was no flash attention yet
 *   (-fa came with llama.cpp#5021, April 2024): the scores KQ = mul_mat(K, Q) are f32
 *   [n_ctx, n_tokens, heads], and scale, mask and softmax run in place on them (ggml-alloc reuses a
 *   single-consumer parent). The LM head's result is not offloaded (`result_output` stays a CPU
 *   tensor), so the logits are not in it.
 * So the main GPU holds a 1/N share of the matrices plus the whole KV cache and the scratch: the
 * busiest card, where the layer split (#4766's default, "spread KV across all GPUs") gives each card
 * its own layers' KV. #4766 was merged in mid-January 2024; builds from b1800 are read as after it
 * (the last builds of 2023 are b16xx–b17xx, llama.cpp#4680's log of 2023-12-29 is b1710).
 */
export const LLAMACPP_LAYER_SPLIT_FROM_BUILD = 1800;

/**
 * The last build known to have no flash attention. `ggml_flash_attn_ext` came with llama.cpp#5021
 * (commit 9c67c27, 2024-04-30), whose build number is not in the sources read; b2474 (2024-03-23,
 * the last build of the single ggml-cuda.cu, ollama/ollama#3307) predates it, and so does every build
 * of that file read (ggerganov/llama.cpp 005de593 has no flash-attention op). Builds through it compute
 * the f32 scores of every head (llamacpp.ts, and the scratch buffer below); later ones are read as
 * today's.
 */
export const LLAMACPP_NO_FLASH_THROUGH_BUILD = 2474;

/** llama_context_default_params: n_batch = 512 in that era (no separate n_ubatch yet). */
export const LLAMACPP_OLD_BATCH = 512;

/** The build named is one of the row-split era (any card count: the KV rule and the scratch hold on one card too). */
export function llamaCppBeforeBackend(s: Scenario): boolean {
  const build = s.inference?.llamacppBuild;
  return s.framework === 'llamacpp' && s.mode === 'inference' && build !== undefined && build < LLAMACPP_LAYER_SPLIT_FROM_BUILD;
}

/** Rows split over more than one GPU: the weights divide, the KV cache and the scratch do not. */
export function llamaCppSplitsRows(s: Scenario): boolean {
  return llamaCppBeforeBackend(s) && gpuCountOf(s) > 1;
}

/** Share of the KV cache on the main GPU: V past n_layer + 1, K past n_layer + 2 (unstated -ngl: every layer, as -ngl 999). */
export function oldKvShareOnGpu(s: Scenario): number {
  const L = s.model.arch.layers;
  const ngl = s.inference.gpuLayers ?? Number.MAX_SAFE_INTEGER;
  return (ngl > L + 1 ? 0.5 : 0) + (ngl > L + 2 ? 0.5 : 0);
}

/** The whole KV cache (every layer, on one GPU) as the old llama_kv_cache_init places it. */
export function oldKvCache(s: Scenario, kv: Component): Component {
  const share = oldKvShareOnGpu(s);
  const where = share === 1 ? 'K and V on the main GPU' : share === 0.5 ? 'V on the main GPU (K needs -ngl > n_layer + 2)' : 'in host RAM (-ngl ≤ n_layer + 1)';
  return { ...kv, bytes: kv.bytes * share, formula: `${kv.formula}; ${where} (llama_kv_cache_init before ggml-backend)` };
}

/** The VRAM scratch buffer of the worst-case graph: the f32 scores of one layer, or the MLP, whichever is larger. */
export function oldScratchBuffer(s: Scenario): Component {
  const { heads, ffn, hidden } = s.model.arch;
  const nCtx = s.seq;
  const tokens = Math.min(LLAMACPP_OLD_BATCH, nCtx);
  const scores = heads * tokens * nCtx * 4 + tokens * hidden * 4 * 2;
  const mlp = tokens * (2 * ffn + hidden) * 4;
  const bytes = Math.max(scores, mlp);
  const which = bytes === scores ? `scores ${heads} heads × ${count(tokens)} × n_ctx ${count(nCtx)} × 4 B (no flash attention before llama.cpp#5021)` : `MLP ${count(tokens)} × (2·${ffn} + ${hidden}) × 4 B`;
  return { key: 'compute', name: `llama.cpp VRAM scratch buffer (n_batch ${tokens}, n_ctx ${count(nCtx)})`, group: 'buffers', bytes, formula: `worst-case graph on the main GPU: ${which}` };
}

/** The main GPU's share of the row-split matrices: 1/N of every offloaded layer and of the output. */
export function rowSplitShare(s: Scenario, wholeBytes: number): { bytes: number; formula: string } {
  const gpus = gpuCountOf(s);
  return { bytes: wholeBytes / gpus, formula: `rows of every GPU layer's matrices split over ${gpus} GPUs (GGML_BACKEND_GPU_SPLIT, tensor_split by card memory): ${gib(wholeBytes)} GiB ÷ ${gpus} on the main GPU` };
}
