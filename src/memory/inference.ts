import type { Architecture, Scenario } from '../scenario/schema.js';
import { sdpaMathFallback } from './attention-kernel.js';
import { count, num } from './format.js';
import type { Layout } from './layout.js';
import { isMoe, moeLayerCount } from './parameters.js';
import { activationBytes } from './precision.js';
import type { Component } from './types.js';
import { linearAttentionLayerCount, recurrentStateBytesPerSequence, recurrentStateText } from './linear-attention.js';
import { PRE_MLA_PADDED_HEAD, vllmCachesLatent } from './vllm-release.js';

/**
 * Inference and serving (DESIGN §3.6): KV cache sized by KV heads (never by query heads), the
 * per-layer transient of prefill, and vLLM's preallocated KV capacity.
 */

/**
 * Bytes per cached K or V value. int4 is a 4-bit cache with a 16-bit scale per 32 values: llama.cpp's
 * q4_0 (ggml-common.h block_q4_0: ggml_half d + QK4_0/2 = 16 bytes of nibbles for QK4_0 = 32 values,
 * 18 B / 32 = 0.5625 B; --cache-type-k/-v q4_0, OLLAMA_KV_CACHE_TYPE=q4_0) and ExLlamaV2's Q4 cache
 * (exllamav2/cache.py ExLlamaV2Cache_Q4: 4-bit values and one fp16 scale per 32), the same size.
 */
const KV_DTYPE_BYTES = { bf16: 2, fp16: 2, fp8: 1, fp32: 4, int4: 0.5625 } as const;

/**
 * Values one layer caches per token under multi-head latent attention (DeepSeek-V2 §2.1.2), which
 * depends on the engine:
 * - vLLM (and SGLang) cache the compressed latent c_KV and the shared RoPE key, kv_lora_rank +
 *   qk_rope_head_dim values (vllm/config.py ModelConfig.get_head_size with use_mla; one KV head,
 *   get_num_kv_heads returns 1 "as decode becomes MQA"; vllm/v1/kv_cache_interface.py
 *   MLAAttentionSpec). Every TP rank holds the whole latent: it is not divided by TP.
 * - transformers caches the decompressed per-head keys (qk_nope_head_dim + qk_rope_head_dim) and
 *   values (v_head_dim) (models/deepseek_v3/modeling_deepseek_v3.py: past_key_values.update(
 *   key_states, value_states) before the flash-attention padding of V), split over TP by head.
 */
function mlaValuesPerLayer(s: Scenario, l: Layout): { values: number; text: string } {
  const { heads: a, mla } = s.model.arch;
  const m = mla!;
  const headsHere = Math.max(1, a / l.tp);
  const tp = l.tp > 1 ? ` ÷ tp ${l.tp}` : '';
  if (s.inference.engine === 'vllm' && !vllmCachesLatent(s)) {
    return { values: headsHere * 2 * PRE_MLA_PADDED_HEAD, text: `${a} heads${tp} × (K + V) padded to ${PRE_MLA_PADDED_HEAD} (vLLM before 0.7.1 caches no latent)` };
  }
  if (s.inference.engine === 'vllm') {
    return { values: m.kvLoraRank + m.ropeHeadDim, text: `(${m.kvLoraRank} latent + ${m.ropeHeadDim} rope) on every rank` };
  }
  const perHead = m.nopeHeadDim + m.ropeHeadDim + m.vHeadDim;
  return { values: headsHere * perHead, text: `${a} heads${tp} × (${m.nopeHeadDim + m.ropeHeadDim} K + ${m.vHeadDim} V) decompressed` };
}

/**
 * K and V for one cached token across this GPU's layers: 2·L·g·d elements (GQA g = KV heads,
 * d = head_dim as config.json gives it, never hidden / heads); MLA as mlaValuesPerLayer. A token
 * older than a sliding window is not cached in that layer: cachedTokens accounts for it.
 */
export function kvBytesPerToken(s: Scenario, l: Layout): number {
  const { kvHeads: g, headDim: d, mla } = s.model.arch;
  const bytes = KV_DTYPE_BYTES[s.inference.kvDtype];
  const layersHere = l.layersOnStage * selfAttentionShare(s.model.arch);
  if (mla) return layersHere * mlaValuesPerLayer(s, l).values * bytes;
  const kvHeadsHere = Math.max(1, g / l.tp);
  return 2 * layersHere * kvHeadsHere * d * bytes;
}

/**
 * Share of the layers that cache a text token's K and V. Llama 3.2 Vision's cross-attention layers
 * (transformers modeling_mllama.py MllamaTextCrossAttention: k_proj / v_proj read the projected
 * vision states, never the text) cache only the image's tokens: 4 tiles × 1601 patches per image,
 * per cross-attention layer (2 × 1601 × 4 × 8 KV heads × 128 × 2 B ≈ 26 MB a layer in bf16).
 * The request names no images, so that image cache is not counted; the text cache leaves them out.
 */
export function selfAttentionShare(arch: Architecture): number {
  // Qwen3-Next's Gated DeltaNet layers cache no K/V either (memory/linear-attention.ts): only the
  // full-attention layers, one in fullAttentionInterval, grow with the context.
  return (arch.layers - (arch.crossAttentionLayers ?? 0) - linearAttentionLayerCount(arch)) / arch.layers;
}

/**
 * Layers whose attention is limited to the sliding window: the exact count from layer_types when
 * the catalog has it, else the fraction (Gemma 2: half), else every layer (Mistral-7B-v0.1).
 */
export function slidingLayerCount(arch: Architecture): number {
  if (!arch.slidingWindow) return 0;
  if (arch.slidingLayers !== undefined) return Math.min(arch.slidingLayers, arch.layers);
  return Math.round((arch.slidingWindowFraction ?? 1) * arch.layers);
}

/**
 * Tokens each layer keeps on average for a sequence of `seq`: a sliding-window layer holds at most
 * the window, a global layer the whole sequence. Both engines evict outside the window:
 * transformers' DynamicSlidingWindowLayer (cache_utils.py) keeps the last sliding_window tokens
 * (gpt-oss, Gemma 2/3, Llama 4 chunked layers via HybridChunkedCache), vLLM's hybrid KV-cache
 * manager frees blocks left of the window (vllm/v1/core/single_type_kv_cache_manager.py,
 * SlidingWindowManager / ChunkedLocalAttentionManager).
 */
export function cachedTokens(arch: Architecture, seq: number): number {
  const window = arch.slidingWindow;
  if (!window || seq <= window) return seq;
  const local = slidingLayerCount(arch) / arch.layers;
  return local * window + (1 - local) * seq;
}

export function kvCache(s: Scenario, l: Layout): Component {
  const { layers: L, kvHeads: g, headDim: d, mla } = s.model.arch;
  const bytes = KV_DTYPE_BYTES[s.inference.kvDtype];
  const tokens = cachedTokens(s.model.arch, s.seq);
  // A linear-attention layer's conv and recurrent state: fixed per sequence, whatever the context.
  const state = recurrentStateBytesPerSequence(s, l);
  const total = kvBytesPerToken(s, l) * s.microBatch * tokens + state * s.microBatch;
  const tp = l.tp > 1 ? ` ÷ tp ${l.tp}` : '';
  const cross = s.model.arch.crossAttentionLayers ?? 0;
  const linear = linearAttentionLayerCount(s.model.arch);
  const layersText = linear > 0
    ? `${num(l.layersOnStage * selfAttentionShare(s.model.arch))} of ${L} layers (full attention; ${linear} linear-attention layers cache no K/V)`
    : cross > 0
    ? `${num(l.layersOnStage * selfAttentionShare(s.model.arch))} of ${L} layers (${cross} cross-attention layers cache only image tokens)`
    : l.layersOnStage < L ? `${l.layersOnStage} of ${L} layers` : `${L} layers`;
  // Sliding-window layers keep only their window: the tokens cached are an average over the layers, said rounded.
  const tokenText = tokens < s.seq ? `${num(Math.round(tokens))} tokens on average (window ${s.model.arch.slidingWindow} in ${slidingLayerCount(s.model.arch)} layers)` : `${num(tokens)} tokens`;
  const formula = mla
    ? `${layersText} × ${s.microBatch} × ${tokenText} × ${mlaValuesPerLayer(s, l).text} × ${bytes} B`
    : `2 × ${layersText} × ${s.microBatch} × ${tokenText} × ${g} KV heads${tp} × ${d} × ${bytes} B`;
  const stateText = state > 0 ? ` + ${recurrentStateText(s, l)}` : '';
  return { key: 'kv', name: `KV cache, ${s.inference.kvDtype}`, group: 'kv', bytes: total, formula: formula + stateText };
}

/**
 * MLP width one token passes through in the widest layer: a dense layer's ffn (denseFfn for the
 * dense layers of a MoE), or a MoE layer's routed top-k experts plus its shared experts — each
 * routed token is copied to k experts (vLLM fused_moe / transformers MoE blocks).
 */
export function activeMlpWidth(arch: Architecture): number {
  if (!isMoe(arch)) return arch.ffn;
  const shared = arch.sharedFfn ?? (arch.sharedExperts ?? 0) * arch.ffn;
  const routed = (arch.expertsPerToken ?? 1) * arch.ffn + shared;
  const denseCount = arch.layers - moeLayerCount(arch);
  return denseCount > 0 ? Math.max(routed, arch.denseFfn ?? arch.ffn) : routed;
}

/**
 * One layer's transient during prefill under no_grad: the residual in and out (2·s·b·h),
 * q, k, v (3·s·b·h), the MLP intermediates (3·s·b·f gated, 2 plain; f = activeMlpWidth, so a
 * MoE layer counts the routed top-k experts, not the resident ones) and, with eager attention,
 * the fp32 scores and their 16-bit copy (a·s²·b·(4 + e)).
 */
/**
 * The attention scores a kernel keeps beside one layer's prefill, per GPU: eager attention its fp32
 * softmax and the 16-bit copy; SDPA's math kernel (memory/attention-kernel.ts: Falcon-7B's unrepeated
 * K/V head) the q·kᵀ product and its softmax, both in the compute dtype, while the softmax runs
 * (attention.cpp); a fused kernel none. `perScore` is the bytes per score.
 */
export function prefillScores(s: Scenario, promptTokens: number, l: Layout): { bytes: number; perScore: number } {
  const e = activationBytes(s);
  const perScore = s.attention === 'eager' ? 4 + e : sdpaMathFallback(s) ? 2 * e : 0;
  return { bytes: (s.model.arch.heads * promptTokens * promptTokens * s.microBatch * perScore) / l.tp, perScore };
}

export function prefillWorkingSet(s: Scenario, promptTokens: number, l: Layout): Component {
  const { hidden: h, heads: a, mlp } = s.model.arch;
  const f = activeMlpWidth(s.model.arch);
  const e = activationBytes(s);
  const sb = promptTokens * s.microBatch;
  const mlpCount = mlp === 'gated' ? 3 : 2;
  const { bytes: scores, perScore } = prefillScores(s, promptTokens, l);
  const bytes = (sb * e * (2 * h + 3 * h / l.tp + (mlpCount * f) / l.tp)) + scores;
  const scoreText = perScore > 0 ? ` + ${a}·s²·b·${perScore}` : '';
  return {
    key: 'prefill',
    name: 'prefill working set (one layer)',
    group: 'activations',
    bytes,
    formula: `${count(sb)} tokens × ${e} B × (5·h + ${mlpCount}·f)${scoreText}, h ${h}, f ${f}`,
  };
}
