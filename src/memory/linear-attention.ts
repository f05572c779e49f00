import type { Architecture, Scenario } from '../scenario/schema.js';
import { num } from './format.js';
import type { Layout } from './layout.js';

/**
 * Hybrid linear attention (Qwen3-Next; architecture field `linearAttention`): the layers that are
 * not full attention run Gated DeltaNet, which caches no K and V but keeps, per sequence and per
 * layer, a fixed-size state whatever the context:
 * - a causal-conv1d state over conv_dim = 2·nk·dk + nv·dv channels (q, k and v are convolved),
 * - the recurrent (delta-rule) state, one dk × dv matrix per value head.
 *
 * Sizes as the engines allocate them:
 * - vLLM: vllm/model_executor/layers/mamba/mamba_utils.py MambaStateShapeCalculator
 *   .gated_delta_net_state_shape: conv (conv_dim / tp) × (conv_kernel − 1), temporal
 *   (nv / tp) × dv × dk, both in the model dtype by default (mamba_cache_dtype and
 *   mamba_ssm_cache_dtype "auto"; MambaSpec.page_size_bytes sums them). vLLM pads the attention
 *   block so an attention page is at least a state page (hybrid allocator); that padding is left out.
 * - transformers: models/qwen3_next/modeling_qwen3_next.py Qwen3NextDynamicCache conv_states
 *   (b, conv_dim, conv_kernel) in the model dtype, recurrent_states (b, nv, dk, dv) kept in fp32
 *   by torch_chunk_gated_delta_rule / fla's chunk_gated_delta_rule (output_final_state in fp32).
 */

/**
 * Layers that run full attention: every `fullAttentionInterval`-th (layer_types "full_attention"),
 * or the count config.json lists (Kimi Linear's linear_attn_config.full_attn_layers [4, 8, … 24, 27]:
 * 7 of 27, where every 4th would give 6).
 */
export function fullAttentionLayerCount(arch: Architecture): number {
  const la = arch.linearAttention;
  if (!la) return arch.layers;
  if (la.fullAttentionLayers !== undefined) return Math.min(la.fullAttentionLayers, arch.layers);
  return Math.floor(arch.layers / la.fullAttentionInterval);
}

export function linearAttentionLayerCount(arch: Architecture): number {
  return arch.layers - fullAttentionLayerCount(arch);
}

/**
 * A Gated DeltaNet layer's widths: keys nk·dk, values nv·dv, and the causal conv's channels
 * conv_dim = 2·nk·dk + nv·dv (q, k and v are convolved; transformers Qwen3NextGatedDeltaNet).
 */
export function gatedDeltaNetWidths(la: NonNullable<Architecture['linearAttention']>): { keyDim: number; valueDim: number; convDim: number } {
  const keyDim = la.numKeyHeads * la.keyHeadDim;
  const valueDim = la.numValueHeads * la.valueHeadDim;
  return { keyDim, valueDim, convDim: 2 * keyDim + valueDim };
}

/**
 * Bytes of one recurrent-state value. transformers keeps it in fp32 (above). vLLM keeps it in the
 * model dtype (mamba_ssm_cache_dtype "auto") unless the checkpoint's config asks for fp32: Qwen3.5's
 * text_config carries `mamba_ssm_dtype: "float32"` (arch `ssmStateFp32`), which vLLM's Qwen3.5 class
 * reads (vllm/model_executor/models/qwen3_5.py `get_mamba_state_dtype_from_config`, from the Feb 2026
 * "[Bugfix] Fix mamba cache dtype for Qwen3.5": `MambaStateDtypeCalculator.gated_delta_net_state_dtype(
 * model_config.dtype, hf_text_config.mamba_ssm_dtype)`). The conv state stays in the model dtype.
 */
const recurrentStateBytes = (s: Scenario) => (s.inference.engine === 'vllm' && !s.model.arch.linearAttention?.ssmStateFp32 ? 2 : 4);

/**
 * Parameters of one Gated DeltaNet layer (transformers Qwen3NextGatedDeltaNet): in_proj_qkvz
 * h × (2·nk·dk + 2·nv·dv), in_proj_ba h × 2·nv, the depthwise conv1d conv_dim × kernel (no bias),
 * dt_bias and A_log (nv each), the gated RMSNorm (dv) and out_proj nv·dv × h.
 */
export function gatedDeltaNetParams(arch: Architecture): number {
  const la = arch.linearAttention!;
  const h = arch.hidden;
  const { keyDim, valueDim, convDim } = gatedDeltaNetWidths(la);
  return h * (2 * keyDim + 2 * valueDim) + h * 2 * la.numValueHeads + convDim * la.convKernel + 2 * la.numValueHeads + la.valueHeadDim + valueDim * h;
}

/** Values of one sequence's state in one linear-attention layer on this GPU, split as the engine sizes it. */
function stateValuesPerLayer(s: Scenario, l: Layout): { conv: number; recurrent: number } {
  const la = s.model.arch.linearAttention!;
  const tp = Math.max(1, l.tp);
  const { convDim } = gatedDeltaNetWidths(la);
  const convWidth = s.inference.engine === 'vllm' ? la.convKernel - 1 : la.convKernel;
  return { conv: (convDim / tp) * convWidth, recurrent: (Math.max(1, la.numValueHeads / tp)) * la.keyHeadDim * la.valueHeadDim };
}

/** Bytes of one sequence's conv + recurrent state over this GPU's linear-attention layers (0 without linear attention). */
export function recurrentStateBytesPerSequence(s: Scenario, l: Layout): number {
  return linearLayersHere(s, l) * recurrentStateBytesPerLayer(s, l);
}

/** Bytes of one sequence's conv + recurrent state in one linear-attention layer on this GPU (vLLM's MambaSpec page before padding; 0 without linear attention). */
export function recurrentStateBytesPerLayer(s: Scenario, l: Layout): number {
  if (!s.model.arch.linearAttention) return 0;
  const { conv, recurrent } = stateValuesPerLayer(s, l);
  return conv * 2 + recurrent * recurrentStateBytes(s);
}

/** Full-attention and linear-attention layers on this GPU's pipeline stage. */
export function hybridLayersHere(s: Scenario, l: Layout): { full: number; linear: number } {
  const share = l.layersOnStage / s.model.arch.layers;
  return { full: fullAttentionLayerCount(s.model.arch) * share, linear: linearLayersHere(s, l) };
}

/** The linear-attention layers on this GPU's pipeline stage (their share of its layers). */
function linearLayersHere(s: Scenario, l: Layout): number {
  return linearAttentionLayerCount(s.model.arch) * (l.layersOnStage / s.model.arch.layers);
}

/** The state's formula for the KV-cache line. */
export function recurrentStateText(s: Scenario, l: Layout): string {
  const arch = s.model.arch;
  const la = arch.linearAttention!;
  const { conv, recurrent } = stateValuesPerLayer(s, l);
  return `${num(linearLayersHere(s, l))} linear-attention layers × ${s.microBatch} × (${conv} conv × 2 B + ${recurrent} state (${la.numValueHeads} value heads × ${la.keyHeadDim} × ${la.valueHeadDim}) × ${recurrentStateBytes(s)} B)`;
}
