import type { Scenario } from '../scenario/schema.js';
import { widestAwqOutput } from './awq-gemm.js';
import type { Layout } from './layout.js';
import { isMoe } from './parameters.js';

/**
 * The 16-bit copy vLLM's GPTQ and AWQ kernels make of a weight is the whole weight of one of its
 * linear layers, and vLLM merges the linears it can: q, k and v into one QKVParallelLinear, and a
 * gated MLP's gate and up projections into one MergedColumnParallelLinear (gate_up_proj,
 * vllm/model_executor/models/llama.py LlamaMLP, 0.2 → 0.11; the other dense decoders alike). So
 * the widest copy is hidden × (2 · ffn) ÷ tp for a gated MLP, not hidden × ffn:
 * - GPTQ (exllama path): `gptq_gemm` allocates `temp_dq = torch::empty({b_q_weight.size(0) * 32 /
 *   bit, b_q_weight.size(1)})` — [in features, out features] of the packed weight it was handed —
 *   on every call (csrc/quantization/gptq/q_gemm.cu `gptq_gemm`, 0.2.7 → 0.11), and above
 *   MAX_Q_GEMM_ROWS (50) rows reconstructs the weight into it and runs cuBLAS
 *   (`gemm_half_q_half_cuda`), as the profile run's thousands of tokens do.
 * - AWQ from 0.3.0 (vllm#2566): `AWQLinearMethod.apply_weights` at 256 tokens or more runs
 *   `ops.awq_dequantize(qweight, scales, qzeros, 0, 0, 0)` on the layer's whole packed weight, then
 *   `torch.matmul` (vllm/model_executor/layers/quantization/awq.py); before it the split-K GEMM
 *   makes no copy (awq-gemm.ts).
 * The down projection (ffn × hidden) and the fused QKV stay the other candidates. MoE experts run
 * fused_moe or per-expert linears (not merged here), and bitsandbytes in vLLM dequantises a merged
 * weight shard by shard (bitsandbytes.py `_apply_4bit_weight`), so both keep the unmerged size.
 */
export function vllmDequantisesMergedLinear(s: Scenario): boolean {
  if (s.mode !== 'inference' || s.framework === 'tgi' || s.inference.engine !== 'vllm' || s.inference.server) return false;
  if (isMoe(s.model.arch)) return false;
  return s.weights === 'gptq' || s.weights === 'awq';
}

/** Elements of the widest 16-bit copy on one rank: the merged gate_up or fused QKV (hidden × widest output), or the down projection. */
export function vllmDequantElements(s: Scenario, l: Layout): number {
  const { hidden: h, ffn: f } = s.model.arch;
  return Math.max(h * widestAwqOutput(s, l), (f * h) / l.tp);
}
