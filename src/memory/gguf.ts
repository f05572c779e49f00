import type { Architecture, WeightFormat } from '../scenario/schema.js';
import { isMoe } from './parameters.js';

/**
 * llama.cpp's GGUF files, tensor by tensor: which ggml type each tensor of a k-quant mix gets,
 * and which tensors `-ngl N` puts on the GPU.
 *
 * Types per tensor: llama.cpp src/llama-quant.cpp `llama_tensor_get_type` (b4000 → b6500): the mix
 * names a default type (Q4_K_M → Q4_K); the output (and a tied token embedding) goes to Q6_K;
 * attn_v and ffn_down get more bits in the layers `use_more_bits` picks (Q4_K_M, Q5_K_M → Q6_K);
 * Q3_K_M and Q2_K raise attn_v, attn_output and ffn_down; 8-expert models (Mixtral) keep attn_k
 * and attn_v in Q8_0; the 70B type raises attn_v to Q5_K. One-dimensional tensors (norms, biases)
 * and the MoE router stay F32. A row whose length is not a multiple of 256 cannot hold a k-quant
 * block and falls back (`convert_incompatible_tensor`). Summed over Llama-3.1-8B this gives the
 * file sizes of llama.cpp's quantize README (Q4_K_M 4.58 GiB, Q3_K_M 3.74 GiB, Q2_K 2.95 GiB).
 */

/** Bits per weight of each ggml block type (ggml/src/ggml-common.h block sizes ÷ 256 or 32 weights). */
const TYPE_BITS = {
  F32: 32,
  F16: 16,
  Q8_0: 8.5, // 32 × int8 + fp16 scale = 34 B / 32
  Q6_K: 6.5625, // 210 B / 256
  Q5_K: 5.5, // 176 B / 256
  Q4_K: 4.5, // 144 B / 256
  Q3_K: 3.4375, // 110 B / 256
  Q2_K: 2.625, // 84 B / 256
  Q5_1: 6, // 24 B / 32
  Q5_0: 5.5, // 22 B / 32
  IQ4_NL: 4.5, // 18 B / 32
} as const;
type GgmlType = keyof typeof TYPE_BITS;

type GgufFormat = 'q8_0' | 'q6_k' | 'q5_k_m' | 'q4_k_m' | 'q3_k_m' | 'q2_k';

/** The mix's default type (llama-quant.cpp `llama_model_quantize_impl`, `switch (ftype)`). */
const DEFAULT_TYPE: Record<GgufFormat, GgmlType> = { q8_0: 'Q8_0', q6_k: 'Q6_K', q5_k_m: 'Q5_K', q4_k_m: 'Q4_K', q3_k_m: 'Q3_K', q2_k: 'Q2_K' };

/** Fallback when a row is not a multiple of the 256-weight k-quant block (`convert_incompatible_tensor`). */
const FALLBACK: Partial<Record<GgmlType, GgmlType>> = { Q2_K: 'IQ4_NL', Q3_K: 'IQ4_NL', Q4_K: 'Q5_0', Q5_K: 'Q5_1', Q6_K: 'Q8_0' };

export function isGgufFormat(format: WeightFormat): format is GgufFormat {
  return format in DEFAULT_TYPE;
}

/** llama-quant.cpp: the layers that get the higher type (first and last eighth, every third between). */
export function useMoreBits(i: number, n: number): boolean {
  return i < Math.floor(n / 8) || i >= Math.floor((7 * n) / 8) || (i - Math.floor(n / 8)) % 3 === 2;
}

type Role = 'output' | 'token_embd' | 'attn_q' | 'attn_k' | 'attn_v' | 'attn_output' | 'ffn_gate' | 'ffn_up' | 'ffn_down' | 'other';

function typeOf(format: GgufFormat, role: Role, layer: number, arch: Architecture): GgmlType {
  const base = DEFAULT_TYPE[format];
  const eightExperts = (arch.experts ?? 0) === 8;
  const gqa = arch.heads / arch.kvHeads;
  if (role === 'output' || (role === 'token_embd' && arch.tiedEmbeddings)) return base === 'Q8_0' ? 'Q8_0' : 'Q6_K';
  if (role === 'attn_v') {
    let t: GgmlType = base;
    if (format === 'q2_k') t = gqa >= 4 ? 'Q4_K' : 'Q3_K';
    else if (format === 'q3_k_m') t = layer < 2 ? 'Q5_K' : 'Q4_K';
    else if ((format === 'q4_k_m' || format === 'q5_k_m') && useMoreBits(layer, arch.layers)) t = 'Q6_K';
    // LLM_TYPE_70B (80 layers): attn_v is 8× smaller than attn_q, so more bits cost little.
    if (arch.layers === 80 && (t === 'Q3_K' || t === 'Q4_K')) t = 'Q5_K';
    return eightExperts ? 'Q8_0' : t;
  }
  if (role === 'attn_k') return eightExperts ? 'Q8_0' : base;
  if (role === 'ffn_down') {
    if (format === 'q2_k') return 'Q3_K';
    if (format === 'q3_k_m') return layer < Math.floor(arch.layers / 16) ? 'Q5_K' : 'Q4_K';
    if ((format === 'q4_k_m' || format === 'q5_k_m') && useMoreBits(layer, arch.layers)) return 'Q6_K';
    return base;
  }
  if (role === 'attn_output') {
    if (eightExperts) return format === 'q2_k' || format === 'q3_k_m' || format === 'q4_k_m' ? 'Q5_K' : base;
    if (format === 'q2_k') return 'Q3_K';
    if (format === 'q3_k_m') return 'Q4_K';
    return base;
  }
  return base;
}

/** Bytes of a 2-D tensor of `count` weights whose rows hold `rowLength` weights. */
function tensorBytes(type: GgmlType, count: number, rowLength: number): number {
  const blockWeights = type.endsWith('_K') ? 256 : type === 'F32' || type === 'F16' ? 1 : 32;
  const stored = rowLength % blockWeights === 0 ? type : (FALLBACK[type] ?? 'F16');
  return (count * TYPE_BITS[stored]) / 8;
}

/** Whether decoder layer i holds routed experts (after the dense lead-in, every moeEvery-th). */
export function isMoeLayer(arch: Architecture, i: number): boolean {
  if (!isMoe(arch) || i < (arch.denseLayers ?? 0)) return false;
  return (i + 1) % (arch.moeEvery ?? 1) === 0;
}

/** `copies` MLPs of width `ffn` in layer i: up (and gate) and down at their types. */
function mlpBytes(arch: Architecture, format: GgufFormat, i: number, ffn: number, copies: number): number {
  const h = arch.hidden;
  const upLike = arch.mlp === 'gated' ? 2 : 1;
  return copies * (upLike * tensorBytes(typeOf(format, 'ffn_up', i, arch), h * ffn, h) + tensorBytes(typeOf(format, 'ffn_down', i, arch), ffn * h, ffn));
}

/**
 * Layer i's routed experts, the tensors --cpu-moe / --n-cpu-moe keep in host RAM: llama.cpp's
 * common/arg.cpp overrides the buffer of `blk.<i>.ffn_(up|down|gate)_exps` only, so the shared
 * experts (`ffn_*_shexp`), the router and the attention stay where -ngl puts the layer.
 */
export function ggufRoutedExpertBytes(arch: Architecture, format: GgufFormat, i: number): number {
  return isMoeLayer(arch, i) ? mlpBytes(arch, format, i, arch.ffn, arch.experts ?? 1) : 0;
}

/** Decoder layer i of the file: its projections at their types, norms and biases in F32. */
export function ggufLayerBytes(arch: Architecture, format: GgufFormat, i: number): number {
  const { hidden: h, heads: a, kvHeads: g, headDim: d } = arch;
  const t = (role: Role) => typeOf(format, role, i, arch);
  let bytes = 0;
  if (arch.mla) {
    // MLA projections (attn_q_a/q_b, attn_kv_a_mqa, attn_kv_b, attn_output) at the default type.
    const m = arch.mla;
    const q = m.qLoraRank ? h * m.qLoraRank + m.qLoraRank * a * (m.nopeHeadDim + m.ropeHeadDim) : h * a * (m.nopeHeadDim + m.ropeHeadDim);
    const kv = h * (m.kvLoraRank + m.ropeHeadDim) + m.kvLoraRank * a * (m.nopeHeadDim + m.vHeadDim);
    bytes += tensorBytes(t('other'), q + kv, h) + tensorBytes(t('attn_output'), a * m.vHeadDim * h, a * m.vHeadDim);
  } else {
    bytes += tensorBytes(t('attn_q'), h * a * d, h) + tensorBytes(t('attn_k'), h * g * d, h) + tensorBytes(t('attn_v'), h * g * d, h);
    bytes += tensorBytes(t('attn_output'), a * d * h, a * d);
  }
  const mlp = (ffn: number, copies: number) => mlpBytes(arch, format, i, ffn, copies);
  let f32 = (arch.layerNorms ?? (arch.parallelBlock ? 1 : 2)) * h * (arch.norm === 'layernorm' ? 2 : 1);
  if (isMoeLayer(arch, i)) {
    bytes += mlp(arch.ffn, arch.experts ?? 1);
    if (arch.sharedFfn) bytes += mlp(arch.sharedFfn, 1);
    else if (arch.sharedExperts) bytes += mlp(arch.ffn, arch.sharedExperts);
    f32 += h * (arch.experts ?? 1); // ffn_gate_inp (the router) is never quantised
  } else {
    bytes += mlp(isMoe(arch) && arch.denseFfn ? arch.denseFfn : arch.ffn, 1);
  }
  if (arch.attentionBias !== 'none') f32 += a * d + 2 * g * d + (arch.attentionBias === 'all' ? h : 0);
  if (arch.qkNorm) f32 += 2 * d;
  return bytes + f32 * 4;
}

/** The output projection (or, tied, the token embedding duplicated for it) with the final norm. */
export function ggufOutputBytes(arch: Architecture, format: GgufFormat): number {
  return tensorBytes(typeOf(format, 'output', 0, arch), arch.vocab * arch.hidden, arch.hidden) + arch.hidden * 4;
}

/** token_embd: the mix's default type, or the output's when tied (llama-quant.cpp `!qs.has_output`). */
export function ggufTokenEmbdBytes(arch: Architecture, format: GgufFormat): number {
  return tensorBytes(typeOf(format, 'token_embd', 0, arch), arch.vocab * arch.hidden, arch.hidden);
}

/**
 * Where `-ngl N` puts the model (llama.cpp src/llama-model.cpp `load_tensors`): i_gpu_start =
 * n_layer − N, so the last N decoder layers go to the GPUs, spread over them in order
 * (`--split-mode layer`); the output layer counts as layer n_layer and is offloaded only when
 * N > n_layer; the input layer (token_embd) always stays on the CPU ("there is very little benefit
 * to offloading the input layer"). The KV cache of a layer lives on that layer's device
 * (src/llama-kv-cache.cpp: `offload ? model.dev_layer(il)` with `offload_kqv`, on by default).
 * An unstated -ngl is every layer and the output (-ngl -1 / 999).
 */
export interface LlamaCppPlacement {
  /** Decoder layers on all GPUs together. */
  gpuLayers: number;
  /** Decoder layers on the busiest GPU (the last one, which also holds the output). */
  layersHere: number;
  outputOnGpu: boolean;
  /** Layers (from the first) whose routed experts stay in host RAM (--n-cpu-moe; --cpu-moe is every layer). */
  cpuMoeLayers: number;
}

export function llamaCppPlacement(arch: Architecture, ngl: number | undefined, gpus: number, cpuMoe?: number): LlamaCppPlacement {
  const asked = ngl ?? arch.layers + 1;
  const gpuLayers = Math.min(asked, arch.layers);
  const cpuMoeLayers = isMoe(arch) ? Math.min(cpuMoe ?? 0, arch.layers) : 0;
  return { gpuLayers, layersHere: Math.ceil(gpuLayers / Math.max(1, gpus)), outputOnGpu: asked > arch.layers, cpuMoeLayers };
}

/** Layer i's bytes on its GPU: the whole layer, less the routed experts --n-cpu-moe keeps in host RAM. */
function onGpuBytes(arch: Architecture, format: GgufFormat, p: LlamaCppPlacement, i: number): number {
  return ggufLayerBytes(arch, format, i) - (i < p.cpuMoeLayers ? ggufRoutedExpertBytes(arch, format, i) : 0);
}

/** GGUF bytes on the busiest GPU: its layers (the file's last ones) and the output when offloaded. */
export function ggufGpuBytes(arch: Architecture, format: GgufFormat, p: LlamaCppPlacement): number {
  let bytes = p.outputOnGpu ? ggufOutputBytes(arch, format) : 0;
  for (let i = arch.layers - p.layersHere; i < arch.layers; i++) bytes += onGpuBytes(arch, format, p, i);
  return bytes;
}

/** The whole file: every layer, the output (when not tied) and token_embd. */
export function ggufFileBytes(arch: Architecture, format: GgufFormat): number {
  let bytes = ggufTokenEmbdBytes(arch, format) + (arch.tiedEmbeddings ? arch.hidden * 4 : ggufOutputBytes(arch, format));
  for (let i = 0; i < arch.layers; i++) bytes += ggufLayerBytes(arch, format, i);
  return bytes;
}

/** Host RAM the weights left on the CPU take: token_embd, the layers not offloaded, the output if kept. */
export function ggufHostBytes(arch: Architecture, format: GgufFormat, p: LlamaCppPlacement): number {
  let bytes = ggufTokenEmbdBytes(arch, format) + (p.outputOnGpu ? 0 : ggufOutputBytes(arch, format));
  for (let i = 0; i < arch.layers - p.gpuLayers; i++) bytes += ggufLayerBytes(arch, format, i);
  // The routed experts of offloaded layers that --n-cpu-moe keeps back.
  for (let i = arch.layers - p.gpuLayers; i < Math.min(p.cpuMoeLayers, arch.layers); i++) bytes += ggufRoutedExpertBytes(arch, format, i);
  return bytes;
}
