import type { Scenario } from '../scenario/schema.js';
import { GPUS } from '../catalog/gpus.js';
import { count } from './format.js';
import type { Layout } from './layout.js';
import { isMoe } from './parameters.js';
import { vllmAtLeast } from './vllm-release.js';
import { tgiAtLeast } from './tgi-release.js';

/**
 * The AWQ GEMM kernel's split-K partial sums. llm-awq's `gemm_forward_cuda`
 * (mit-han-lab/llm-awq, awq/kernels/csrc/quantization/gemm_cuda_gen.cu; vLLM copied it as
 * csrc/quantization/awq/gemm_kernels.cu `awq_gemm`) splits the reduction over K into
 * `split_k_iters` slices, each writing a whole [M, OC] fp16 output:
 * `_out_feats = torch::empty({split_k_iters, num_in_feats, OC})`, then returns
 * `_out_feats.sum(0)`. Both callers pass 8:
 * - TGI: `WQLinear.forward` → `gemm_forward_cuda(x, qweight, scales, qzeros, 8)`
 *   (server/text_generation_server/utils/awq/quantize/qmodule.py, v1.1 → layers/awq/quantize/cuda.py
 *   in v3.3). From v2.2, `can_use_gptq_marlin` (layers/marlin) repacks AWQ for Marlin on cards
 *   with compute capability 8.0 or more; below it (T4, V100) every release runs this kernel. A
 *   release before 2.2 ("tgi 1.3.0") runs it on every card; unnamed, the newest is assumed.
 * - vLLM 0.2 (AWQ arrived in 0.2.0, PR #1032): `AWQLinearMethod.apply_weights` →
 *   `ops.awq_gemm(reshaped_x, qweight, scales, qzeros, pack_factor)` with pack_factor 8 for every
 *   token count. PR #2566 (January 2024) dequantises and runs a 16-bit matmul from 256 tokens on,
 *   which the `dequantisedMatrix` term counts; 0.3.0 shipped as that PR was merged and is counted
 *   with the newer path.
 * So a prefill of M tokens holds, for its widest AWQ linear, 8 × M × OC × 2 B of partial sums on
 * top of the [M, OC] output the prefill working set already counts: OC is the merged gate_up
 * (2·ffn, gated MLP) or the fused QKV ((heads + 2·kv heads)·head_dim), divided by tensor
 * parallelism. MoE experts run other kernels (fused_moe) and are not counted here.
 */

/** llm-awq's split_k_iters as TGI and vLLM 0.2 call it. */
export const AWQ_SPLIT_K = 8;

/** Compute capability 8.0 or more; the catalog's bf16 flag marks the same line (bf16 arrived with sm_80). */
function sm80OrLater(s: Scenario): boolean {
  const id = s.hardware?.gpuId;
  const card = id ? GPUS.find((g) => g.id === id) : undefined;
  return card?.bf16 ?? true;
}

/** Whether this server's prefill runs AWQ linears through the split-K GEMM. */
export function awqRunsSplitK(s: Scenario): boolean {
  if (s.mode !== 'inference' || s.weights !== 'awq' || isMoe(s.model.arch)) return false;
  if (s.framework === 'tgi') return !sm80OrLater(s) || !tgiAtLeast(s, 2, 2);
  if (s.inference.engine === 'vllm' && s.inference.server !== 'sglang') return !vllmAtLeast(s, 3);
  return false;
}

/** Output features of the widest AWQ linear on one rank: gate_up (merged) or QKV (fused). */
export function widestAwqOutput(s: Scenario, l: Layout): number {
  const { ffn, mlp, heads, kvHeads, headDim } = s.model.arch;
  const mlpOut = (mlp === 'gated' ? 2 : 1) * ffn;
  const qkvOut = (heads + 2 * kvHeads) * headDim;
  return Math.max(mlpOut, qkvOut) / l.tp;
}

/** Bytes of split-K partial sums a prefill of `tokens` tokens holds; 0 where the kernel is not used. */
export function awqSplitKBytes(s: Scenario, tokens: number, l: Layout): number {
  if (!awqRunsSplitK(s)) return 0;
  return AWQ_SPLIT_K * tokens * widestAwqOutput(s, l) * 2;
}

/** The formula's words for the partial sums, or '' where there are none. */
export function awqSplitKFormula(s: Scenario, tokens: number, l: Layout): string {
  if (!awqRunsSplitK(s)) return '';
  return ` + AWQ split-K ${AWQ_SPLIT_K} × ${count(tokens)} × ${count(widestAwqOutput(s, l))} × 2 B`;
}
