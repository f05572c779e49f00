import type { Scenario } from '../scenario/schema.js';
import { grouped, num } from './format.js';
import type { Layout } from './layout.js';
import type { Component } from './types.js';
import { vllmAtLeast, vllmEngine, vllmRelease } from './vllm-release.js';

/**
 * vLLM 0.7.1 → 0.7.3 materialise MLA's absorbed decode matrices beside the checkpoint's own
 * (issue 23, DeepSeek-V3/R1 on vLLM 0.7.x). vllm/attention/backends/mla/utils.py
 * `MLACommonImpl.process_weights_after_loading` (vllm#12528, "[Attention] MLA decode optimizations",
 * first in 0.7.1; VLLM_MLA_PERFORM_MATRIX_ABSORPTION on by default) computes, for each attention
 * layer and on each tensor-parallel rank (n = heads ÷ tp heads):
 * - W_Q_UK = einsum("qnd,lnd -> qnl", W_Q, W_UK): [Lq, n × Lkv], Lq = q_lora_rank (the hidden size
 *   where the model has no q LoRA, W_Q being q_proj then);
 * - W_UV_O = einsum("lnd,hnd -> nlh", W_UV, W_O): [n × Lkv, hidden];
 * - W_QR, the rope part of W_Q made contiguous and cast to the activation dtype: [Lq, n × R];
 * - for an FP8 checkpoint, kv_b_proj dequantised to 16 bits ([Lkv, n × (P + V)]), kept by the
 *   W_UK / W_UV views it is split into.
 * The absorbed pair is stored in the activation dtype, or requantised to FP8 when the weights are
 * FP8 (VLLM_MLA_DISABLE_REQUANTIZATION off by default: `scaled_quantize(…, quant_dtype=
 * current_platform_fp8_dtype)`). The raw q_proj, kv_b_proj and o_proj stay loaded for prefill ("we
 * end up with absorbed weights for decode and another copy of raw weights for prefill"), so all of
 * it is added to the weights, before the profile run: the KV pool shrinks by it. Only unquantised and
 * FP8 linears take this path (`quantization_scheme_supported`); other formats are not counted here.
 * vllm#14770 ("[Attention] MLA get rid of materialization", merged 2025-03-13, first in 0.8.0) drops
 * the absorbed pair "as it reduces memory usage … without it the weight materialization eats up too
 * much of the GPU memory". Worked example: DeepSeek-R1 (FP8, 128 heads, Lq 1,536, Lkv 512, hidden
 * 7,168, 61 layers) at tp 8: 61 × (1,536 × 16 × 512 + 16 × 512 × 7,168) × 1 B = 4.05 GiB a GPU,
 * plus 0.41 GiB of W_QR and dequantised kv_b_proj.
 */
export function vllmMaterialisesMla(s: Scenario): boolean {
  if (s.mode !== 'inference' || s.framework === 'tgi' || s.inference.engine !== 'vllm' || s.inference.server) return false;
  if (s.model.arch.mla === undefined || vllmRelease(s) === null || vllmEngine(s) !== 'v0') return false;
  return vllmAtLeast(s, 7, 1) && !vllmAtLeast(s, 8);
}

/** Bytes an absorbed element takes: requantised FP8 for an FP8 checkpoint, else the 16-bit activation dtype. */
function absorbedBytes(s: Scenario): number | null {
  if (s.weights === 'fp8') return 1;
  if (s.weights === 'bf16' || s.weights === 'fp16') return 2;
  return null;
}

export function vllmMlaAbsorbed(s: Scenario, l: Layout): Component | null {
  const mla = s.model.arch.mla;
  const bytes = absorbedBytes(s);
  if (!mla || bytes === null || !vllmMaterialisesMla(s)) return null;
  const { hidden: h, heads, layers } = s.model.arch;
  const n = heads / l.tp;
  const lq = mla.qLoraRank ?? h;
  const lkv = mla.kvLoraRank;
  const layersHere = Math.ceil(layers / l.pp);
  const absorbed = lq * n * lkv + n * lkv * h;
  const qr = lq * n * mla.ropeHeadDim * 2;
  const kvb = bytes === 1 ? lkv * n * (mla.nopeHeadDim + mla.vHeadDim) * 2 : 0;
  const total = layersHere * (absorbed * bytes + qr + kvb);
  const extras = `${grouped(lq)} × ${num(n)} × ${mla.ropeHeadDim} × 2 B (W_QR)${kvb > 0 ? ` + ${lkv} × ${num(n)} × ${mla.nopeHeadDim + mla.vHeadDim} × 2 B (kv_b_proj dequantised)` : ''}`;
  return {
    key: 'weights-mla-absorbed',
    name: `MLA absorbed decode weights (vLLM ${s.inference.vllmVersion})`,
    group: 'weights',
    bytes: total,
    formula: `${layersHere} layers × ((${grouped(lq)} × ${num(n)} × ${lkv} (W_Q_UK) + ${num(n)} × ${lkv} × ${grouped(h)} (W_UV_O)) × ${bytes} B + ${extras})`,
  };
}
