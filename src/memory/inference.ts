import type { Scenario } from '../scenario/schema.js';
import { count, num } from './format.js';
import type { Layout } from './layout.js';
import { activationBytes } from './precision.js';
import type { Component } from './types.js';

/**
 * Inference and serving (DESIGN §3.6): KV cache sized by KV heads (never by query heads), the
 * per-layer transient of prefill, and vLLM's preallocated KV capacity.
 */

const KV_DTYPE_BYTES = { bf16: 2, fp16: 2, fp8: 1, fp32: 4 } as const;

/**
 * K and V for one token across all layers: 2·L·g·d elements (GQA g = KV heads); MLA caches the
 * compressed latent plus the shared RoPE key, L·(kv_lora_rank + rope_dim) (DeepSeek-V2 §2.1.2).
 */
export function kvBytesPerToken(s: Scenario, l: Layout): number {
  const { layers: L, kvHeads: g, headDim: d, mla } = s.model.arch;
  const bytes = KV_DTYPE_BYTES[s.inference.kvDtype];
  const layersHere = l.layersOnStage;
  if (mla) return layersHere * (mla.kvLoraRank + mla.ropeHeadDim) * bytes;
  const kvHeadsHere = Math.max(1, g / l.tp);
  void L;
  return 2 * layersHere * kvHeadsHere * d * bytes;
}

/** Tokens each sequence keeps in cache: sliding-window layers keep at most the window. */
function cachedTokens(s: Scenario): number {
  const { slidingWindow, slidingWindowFraction } = s.model.arch;
  if (!slidingWindow || s.seq <= slidingWindow) return s.seq;
  const local = slidingWindowFraction ?? 1;
  return local * slidingWindow + (1 - local) * s.seq;
}

export function kvCache(s: Scenario, l: Layout): Component {
  const { layers: L, kvHeads: g, headDim: d, mla } = s.model.arch;
  const bytes = KV_DTYPE_BYTES[s.inference.kvDtype];
  const tokens = cachedTokens(s);
  const total = kvBytesPerToken(s, l) * s.microBatch * tokens;
  const tp = l.tp > 1 ? ` ÷ tp ${l.tp}` : '';
  const formula = mla
    ? `${L} layers × ${s.microBatch} × ${num(tokens)} tokens × (${mla.kvLoraRank} + ${mla.ropeHeadDim}) × ${bytes} B`
    : `2 × ${L} layers × ${s.microBatch} × ${num(tokens)} tokens × ${g} KV heads${tp} × ${d} × ${bytes} B`;
  return { key: 'kv', name: `KV cache, ${s.inference.kvDtype}`, group: 'kv', bytes: total, formula };
}

/**
 * One layer's transient during prefill under no_grad: the residual in and out (2·s·b·h),
 * q, k, v (3·s·b·h), the MLP intermediates (3·s·b·f gated, 2 plain) and, with eager attention,
 * the fp32 scores and their 16-bit copy (a·s²·b·(4 + e)).
 */
export function prefillWorkingSet(s: Scenario, promptTokens: number, l: Layout): Component {
  const { hidden: h, ffn: f, heads: a, mlp } = s.model.arch;
  const e = activationBytes(s);
  const sb = promptTokens * s.microBatch;
  const mlpCount = mlp === 'gated' ? 3 : 2;
  const scores = s.attention === 'eager' ? (a * promptTokens * sb * (4 + e)) / l.tp : 0;
  const bytes = (sb * e * (2 * h + 3 * h / l.tp + (mlpCount * f) / l.tp)) + scores;
  const scoreText = s.attention === 'eager' ? ` + ${a}·s²·b·${4 + e}` : '';
  return {
    key: 'prefill',
    name: 'prefill working set (one layer)',
    group: 'activations',
    bytes,
    formula: `${count(sb)} tokens × ${e} B × (5·h + ${mlpCount}·f)${scoreText}, h ${h}, f ${f}`,
  };
}
