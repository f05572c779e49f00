import type { Architecture } from '../scenario/schema.js';

/**
 * Parameter counts from the architecture (DESIGN §3.1), never from the "13b" in a name.
 * Each function counts one block's matrices as the Hugging Face modelling code creates them.
 */

/** Query, key, value and output projections: h·a·d + 2·h·g·d + a·d·h, plus biases. */
export function attentionParams(arch: Architecture): number {
  if (arch.mla) return mlaAttentionParams(arch);
  const { hidden: h, heads: a, kvHeads: g, headDim: d } = arch;
  const weights = h * a * d + 2 * h * g * d + a * d * h;
  const qkvBias = arch.attentionBias === 'none' ? 0 : a * d + 2 * g * d;
  const outBias = arch.attentionBias === 'all' ? h : 0;
  return weights + qkvBias + outBias;
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

/** Norm weights in one decoder layer: RMSNorm has a scale, LayerNorm a scale and a bias. */
export function layerNormParams(arch: Architecture): number {
  const perNorm = arch.norm === 'rmsnorm' ? arch.hidden : 2 * arch.hidden;
  const norms = arch.parallelBlock ? 1 : 2;
  return norms * perNorm;
}

/** Router plus experts for a MoE layer: E·MLP + h·E, and the always-on shared experts. */
export function moeParams(arch: Architecture): { total: number; active: number } {
  const experts = arch.experts ?? 1;
  const perExpert = mlpParams(arch);
  const shared = (arch.sharedExperts ?? 0) * perExpert;
  const router = arch.hidden * experts;
  const topK = arch.expertsPerToken ?? experts;
  return { total: experts * perExpert + shared + router, active: topK * perExpert + shared + router };
}

export function isMoe(arch: Architecture): boolean {
  return (arch.experts ?? 0) > 1;
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
}

export function countParams(arch: Architecture): ParamBreakdown {
  const denseLayers = isMoe(arch) ? Math.min(arch.denseLayers ?? 0, arch.layers) : arch.layers;
  const sparseLayers = arch.layers - denseLayers;
  const dense = layerParams(arch, true);
  const sparse = layerParams(arch, false);
  const layers = denseLayers * dense.total + sparseLayers * sparse.total;
  const activeLayers =
    denseLayers * dense.total + sparseLayers * (sparse.attention + sparse.mlpActive + sparse.norms);
  const embedding = embeddingParams(arch);
  const lmHead = lmHeadParams(arch);
  const rest = embedding + lmHead + finalNormParams(arch) + (arch.extraParams ?? 0);
  const linear = layers - arch.layers * dense.norms;
  return {
    total: layers + rest,
    active: activeLayers + rest,
    embedding,
    lmHead,
    perLayer: layers / arch.layers,
    linear,
  };
}
