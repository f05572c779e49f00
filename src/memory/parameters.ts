import type { Architecture } from '../scenario/schema.js';
import { fullAttentionLayerCount, gatedDeltaNetParams } from './linear-attention.js';

/**
 * Parameter counts from the architecture (DESIGN §3.1), never from the "13b" in a name.
 * Each function counts one block's matrices as the Hugging Face modelling code creates them.
 */

/** Query, key, value and output projections: h·a·d + 2·h·g·d + a·d·h, plus biases. */
export function attentionParams(arch: Architecture): number {
  if (arch.mla && arch.linearAttention) return mlaHybridAttentionParams(arch);
  if (arch.mla) return mlaAttentionParams(arch);
  if (arch.linearAttention) return hybridAttentionParams(arch);
  const { hidden: h, heads: a, kvHeads: g, headDim: d } = arch;
  const weights = h * a * d + 2 * h * g * d + a * d * h;
  const qkvBias = arch.attentionBias === 'none' ? 0 : a * d + 2 * g * d;
  const outBias = arch.attentionBias === 'all' ? h : 0;
  return weights + qkvBias + outBias;
}

/**
 * Qwen3-Next: the average per layer of its full-attention layers (q_proj 2·h·a·d with the output
 * gate, k/v h·g·d each, o_proj a·d·h) and its Gated DeltaNet layers (memory/linear-attention.ts).
 * The q/k norms are counted on every layer (layerNormParams): ~18k parameters too many.
 */
function hybridAttentionParams(arch: Architecture): number {
  const { hidden: h, heads: a, kvHeads: g, headDim: d } = arch;
  const gate = arch.linearAttention!.outputGate ? 2 : 1;
  const full = gate * h * a * d + 2 * h * g * d + a * d * h;
  const fullLayers = fullAttentionLayerCount(arch);
  return (fullLayers * full + (arch.layers - fullLayers) * gatedDeltaNetParams(arch)) / arch.layers;
}

/**
 * Kimi Linear: MLA on its full-attention layers, Kimi Delta Attention on the rest, averaged per
 * layer. KDA is counted as a Gated DeltaNet of the same heads (q, k, v, o of nh·dh; llama.cpp
 * src/models/kimi-linear.cpp): its gates are low-rank (h·dh + dh·nh·dh where GDN's z is h·nh·dh),
 * so this counts about 8 M parameters a KDA layer too many (0.3% of Kimi-Linear-48B).
 */
function mlaHybridAttentionParams(arch: Architecture): number {
  const fullLayers = fullAttentionLayerCount(arch);
  return (fullLayers * mlaAttentionParams(arch) + (arch.layers - fullLayers) * gatedDeltaNetParams(arch)) / arch.layers;
}

/**
 * DeepSeek-V2 multi-head latent attention (modeling_deepseek.py, DeepseekV2Attention):
 * q (optionally through a low-rank q_a/q_b pair), kv_a_proj_with_mqa to the compressed KV plus
 * the shared RoPE key, its RMSNorm, kv_b_proj back to per-head keys and values, o_proj.
 */
function mlaAttentionParams(arch: Architecture): number {
  const { hidden: h, heads: a } = arch;
  const m = arch.mla!;
  const qHead = m.nopeHeadDim + m.ropeHeadDim;
  const q = m.qLoraRank ? h * m.qLoraRank + m.qLoraRank + m.qLoraRank * a * qHead : h * a * qHead;
  const kvA = h * (m.kvLoraRank + m.ropeHeadDim) + m.kvLoraRank;
  const kvB = m.kvLoraRank * a * (m.nopeHeadDim + m.vHeadDim);
  const o = a * m.vHeadDim * h;
  return q + kvA + kvB + o;
}

/** One dense MLP of width f: gated (gate, up, down) 3·h·f, plain (up, down) 2·h·f, plus biases. */
export function mlpParams(arch: Architecture, ffn: number = arch.ffn): number {
  const h = arch.hidden;
  const matrices = arch.mlp === 'gated' ? 3 : 2;
  const bias = arch.mlpBias ? (matrices - 1) * ffn + h : 0;
  return matrices * h * ffn + bias;
}

/**
 * The small non-matrix weights of one decoder layer: the norms (RMSNorm a scale, LayerNorm a
 * scale and a bias; two per layer, one for a parallel block, `layerNorms` when the model has
 * more — Gemma 2/3 have four), per-head q/k RMSNorms of headDim (Qwen3 modeling_qwen3.py
 * q_norm/k_norm) and gpt-oss attention sinks, one logit per query head (modeling_gpt_oss.py).
 */
export function layerNormParams(arch: Architecture): number {
  const perNorm = arch.norm === 'rmsnorm' ? arch.hidden : 2 * arch.hidden;
  const norms = arch.layerNorms ?? (arch.parallelBlock ? 1 : 2);
  const qkNorm = arch.qkNorm ? 2 * arch.headDim : 0;
  const sinks = arch.attentionSinks ? arch.heads : 0;
  return norms * perNorm + qkNorm + sinks;
}

/** One routed expert: a gated or plain MLP of width ffn (moe_intermediate_size). */
export function expertParams(arch: Architecture): number {
  return mlpParams(arch);
}

/**
 * Router plus experts for a MoE layer: E·MLP + h·E (+ E router biases with mlpBias, gpt-oss),
 * and the always-on shared experts: one MLP of sharedFfn, or sharedExperts MLPs of ffn.
 */
export function moeParams(arch: Architecture): { total: number; active: number; routed: number } {
  const experts = arch.experts ?? 1;
  const perExpert = expertParams(arch);
  const shared = arch.sharedFfn ? mlpParams(arch, arch.sharedFfn) : (arch.sharedExperts ?? 0) * perExpert;
  const router = arch.hidden * experts + (arch.mlpBias ? experts : 0);
  const topK = arch.expertsPerToken ?? experts;
  const routed = experts * perExpert;
  return { total: routed + shared + router, active: topK * perExpert + shared + router, routed };
}

export function isMoe(arch: Architecture): boolean {
  return (arch.experts ?? 0) > 1;
}

/**
 * How many decoder layers carry experts: all but the first `denseLayers` (DeepSeek
 * first_k_dense_replace), and of those only every `moeEvery`-th (Llama 4
 * interleave_moe_layer_step: layer i is MoE when (i + 1) % step = 0, modeling_llama4.py).
 */
export function moeLayerCount(arch: Architecture): number {
  if (!isMoe(arch)) return 0;
  const afterDense = arch.layers - Math.min(arch.denseLayers ?? 0, arch.layers);
  return Math.floor(afterDense / (arch.moeEvery ?? 1));
}

/** Routed-expert weights of the whole model: what expert parallelism divides and MXFP4 stores. */
export function routedExpertParams(arch: Architecture): number {
  return moeLayerCount(arch) * moeParams(arch).routed;
}

export interface LayerParams {
  attention: number;
  mlp: number;
  /** MLP parameters one token passes through (MoE: top-k experts). */
  mlpActive: number;
  norms: number;
  total: number;
}

/** One decoder layer; `dense` selects the leading dense layers of a DeepSeek-style MoE. */
export function layerParams(arch: Architecture, dense = false): LayerParams {
  const attention = attentionParams(arch);
  const norms = layerNormParams(arch);
  if (isMoe(arch) && !dense) {
    const moe = moeParams(arch);
    return { attention, mlp: moe.total, mlpActive: moe.active, norms, total: attention + moe.total + norms };
  }
  const mlp = mlpParams(arch, dense && arch.denseFfn ? arch.denseFfn : arch.ffn);
  return { attention, mlp, mlpActive: mlp, norms, total: attention + mlp + norms };
}

/** Token embedding V·h, plus learned absolute positions when the model has them. */
export function embeddingParams(arch: Architecture): number {
  const positions = arch.positions === 'learned' ? (arch.maxPositions ?? 0) * arch.hidden : 0;
  return arch.vocab * arch.hidden + positions;
}

/** LM head V·h, absent when tied to the embedding or for encoder-only models. */
export function lmHeadParams(arch: Architecture): number {
  return arch.tiedEmbeddings || arch.encoderOnly ? 0 : arch.vocab * arch.hidden;
}

export function finalNormParams(arch: Architecture): number {
  return arch.norm === 'rmsnorm' ? arch.hidden : 2 * arch.hidden;
}

/**
 * Multi-token-prediction modules as the DeepSeek-V3 checkpoint stores them (README_WEIGHTS.md,
 * layer 61): one MoE decoder layer, eh_proj (2h → h), enorm, hnorm and the shared_head norm, and
 * its own copies of embed_tokens and shared_head.head (V·h each). DeepSeek: 671B main + 14B MTP
 * = 685B on the Hub. Not in the main total: transformers skips these weights, vLLM loads them
 * only for MTP speculative decoding.
 */
export function mtpParams(arch: Architecture): number {
  const n = arch.mtpLayers ?? 0;
  if (n === 0) return 0;
  const block = layerParams(arch, !isMoe(arch)).total;
  const h = arch.hidden;
  const projection = 2 * h * h;
  const norms = 3 * finalNormParams(arch);
  const embeddingAndHead = 2 * arch.vocab * h;
  return n * (block + projection + norms + embeddingAndHead);
}

export interface ParamBreakdown {
  total: number;
  /** Parameters used per token (MoE counts only the routed top-k experts). */
  active: number;
  embedding: number;
  lmHead: number;
  /** Average parameters per decoder layer. */
  perLayer: number;
  /** Parameters in the linear projections of all decoder layers (what quantisation shrinks). */
  linear: number;
  /** Routed-expert parameters of all MoE layers (0 for dense models); part of `linear`. */
  routedExperts: number;
  /** Multi-token-prediction modules stored beside the model, not part of `total` (mtpParams). */
  mtp: number;
  /** A vision-language model's vision tower and projector, not part of the text `total`. */
  vision: number;
}

export function countParams(arch: Architecture): ParamBreakdown {
  const sparseLayers = moeLayerCount(arch);
  const denseLayers = arch.layers - sparseLayers;
  const dense = layerParams(arch, true);
  const sparse = layerParams(arch, false);
  const layers = denseLayers * dense.total + sparseLayers * sparse.total;
  const activeLayers =
    denseLayers * dense.total + sparseLayers * (sparse.attention + sparse.mlpActive + sparse.norms);
  const embedding = embeddingParams(arch);
  const lmHead = lmHeadParams(arch);
  const rest = embedding + lmHead + finalNormParams(arch) + (arch.extraParams ?? 0) + (arch.sizeAdjustment ?? 0);
  const linear = layers - arch.layers * dense.norms;
  return {
    total: layers + rest,
    active: activeLayers + rest,
    embedding,
    lmHead,
    perLayer: layers / arch.layers,
    linear,
    routedExperts: routedExpertParams(arch),
    mtp: mtpParams(arch),
    vision: arch.vision?.params ?? 0,
  };
}
