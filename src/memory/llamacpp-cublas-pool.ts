import type { Scenario } from '../scenario/schema.js';
import { count } from './format.js';
import { isGgufFormat, llamaCppPlacement } from './gguf.js';
import type { Layout } from './layout.js';
import { LLAMACPP_OLD_BATCH, llamaCppSplitsRows } from './llamacpp-row-split.js';
import type { Component } from './types.js';

/**
 * llama.cpp's CUDA memory pool while it processes a prompt, in the builds that multiplied quantized
 * weights by cuBLAS for prompt batches (issue 23: xorbitsai/inference#1036, whose OOM is in
 * `ggml_cuda_pool_malloc_vmm` on a prompt of about 200 tokens, where prompts under 50 ran).
 *
 * - From b1430 (llama.cpp#3776, commit 2f9ec7e, "cuda : fine-tune >= VOLTA params + use MMQ only
 *   for small batches", the build llama.cpp#3780's log prints), `CUDA_USE_TENSOR_CORES` is on and
 *   `ggml_cuda_mul_mat` keeps the quantized kernels (MMQ) for at most `MMQ_MAX_BATCH_SIZE` = 32
 *   tokens; a longer batch goes to `ggml_cuda_op_mul_mat_cublas`, which converts the whole quantized
 *   matrix to fp16 in the pool (`src0_as_f16.alloc(row_diff*ne00)`, `to_fp16_cuda`), and the
 *   activations and result too (`src1_as_f16`, `dst_f16`), then multiplies with `cublasGemmEx`.
 *   Read in ggml-cuda.cu of the single-file era (ggerganov/llama.cpp 005de593).
 * - The pool keeps what it grew to: the VMM pool maps physical memory at its end as allocations
 *   need it (`cuMemCreate(&handle, reserve_size, ...)`, the call that failed in the thread) and never
 *   unmaps it, so after the first long prompt it holds the largest multiplication's three buffers.
 * - The output layer is one of them: until llama.cpp#6122 (opened 2024-03-17, after b2474) the graph
 *   computes the logits of every token of the batch, so the LM head multiplies a whole prompt batch.
 * - b2474 is the last build of that single ggml-cuda.cu (ollama/ollama#3307, 2024-03-23: "the
 *   release just before ggml-cuda.cu refactoring"), the code read; MMQ became the default for large
 *   batches only with llama.cpp#8075 (2024-06-23), but the builds between are not read here and
 *   their numbers are not in the sources, so they are not counted.
 * - Pascal cards are left out: #3776's own message tunes the branch for ">= VOLTA" (its code was not
 *   read), while the code read (`fp16_performance_good = cc >= CC_PASCAL && !any_pascal_with_slow_fp16`)
 *   also sends a lone P40 to cuBLAS, so the two may differ there; nor does the row split over several
 *   GPUs of builds before b1800 (llamacpp-row-split.ts) take the fp16 branch as one matrix
 *   (`row_diff == src0->ne[1]`).
 */
export const LLAMACPP_CUBLAS_PROMPT_FROM_BUILD = 1430;
export const LLAMACPP_SINGLE_FILE_CUDA_TO_BUILD = 2474;

/** ggml-cuda.cu: `#define MMQ_MAX_BATCH_SIZE 32`, the longest batch the quantized kernels keep. */
export const LLAMACPP_MMQ_MAX_BATCH = 32;

/** Cards whose compute capability is Pascal (6.x), where the two builds read choose differently. */
const PASCAL = new Set(['p100-16g', 'p40-24g', 'gtx-1080-ti', 'gtx-1060']);

/** The build named is one that dequantizes for cuBLAS (b1430–b2474), on a card this is read for. */
export function llamaCppDequantizesForCublas(s: Scenario): boolean {
  const build = s.inference?.llamacppBuild;
  if (s.framework !== 'llamacpp' || s.mode !== 'inference' || build === undefined) return false;
  if (build < LLAMACPP_CUBLAS_PROMPT_FROM_BUILD || build > LLAMACPP_SINGLE_FILE_CUDA_TO_BUILD) return false;
  const gpu = s.hardware?.gpuId ?? null;
  return isGgufFormat(s.weights) && !llamaCppSplitsRows(s) && (gpu === null || !PASCAL.has(gpu));
}

/**
 * The pool after the first prompt batch over 32 tokens: the largest quantized matrix on the GPU in
 * fp16 (the LM head when the output is offloaded, else the MLP's), and the batch's input and result
 * in fp16 beside it: rows × cols × 2 B + n_batch × (rows + cols) × 2 B.
 */
export function llamaCppCublasPool(s: Scenario, l: Layout): Component | null {
  if (!llamaCppDequantizesForCublas(s) || l.layersOnStage === 0) return null;
  const { vocab, hidden, ffn, layers } = s.model.arch;
  const placement = llamaCppPlacement(s.model.arch, s.inference.gpuLayers, l.pp, s.inference.cpuMoeLayers);
  const tokens = Math.min(LLAMACPP_OLD_BATCH, s.seq);
  if (tokens <= LLAMACPP_MMQ_MAX_BATCH || placement.gpuLayers === 0 || layers === 0) return null;
  const head = placement.outputOnGpu && vocab > ffn;
  const rows = head ? vocab : ffn;
  const which = head ? `LM head ${vocab} × ${hidden}` : `MLP ${ffn} × ${hidden}`;
  const bytes = rows * hidden * 2 + tokens * (rows + hidden) * 2;
  return {
    key: 'cublas-pool',
    name: `llama.cpp CUDA pool (prompt batches over ${LLAMACPP_MMQ_MAX_BATCH} tokens, cuBLAS)`,
    group: 'buffers',
    bytes,
    formula: `${which} in fp16 + ${count(tokens)} tokens × (${rows} + ${hidden}) × 2 B (llama.cpp build ${s.inference.llamacppBuild} dequantizes for cuBLAS)`,
  };
}
