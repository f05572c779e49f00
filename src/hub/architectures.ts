import type { Architecture } from '../scenario/schema.js';

/**
 * config.json → Architecture, one reader per model_type. This is the one place that maps
 * Hugging Face config fields onto headroom's Architecture (src/scenario/schema.ts): extend it
 * here when the schema grows (MTP layers, attention sinks, chunked attention …).
 *
 * A field absent from config.json takes the default of the model's configuration class in
 * transformers (src/transformers/models/<type>/configuration_<type>.py), because that is what
 * the checkpoint is loaded with. Those defaults are written next to each read.
 */

/** A config.json object (or its text_config). */
export type Config = Record<string, unknown>;

export interface ArchReading {
  arch: Architecture;
  /** What the reading could not represent or had to assume, for the reply's assumptions. */
  notes: string[];
}

export class ConfigShapeError extends Error {
  override name = 'ConfigShapeError';
}

/** The first of `keys` that holds a number. */
export function numberField(c: Config, ...keys: string[]): number | undefined {
  for (const k of keys) {
    const v = c[k];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  return undefined;
}

function required(c: Config, what: string, ...keys: string[]): number {
  const v = numberField(c, ...keys);
  if (v === undefined) throw new ConfigShapeError(`config.json has no ${keys.join(' / ')} (${what})`);
  return v;
}

function bool(c: Config, key: string, fallback: boolean): boolean {
  const v = c[key];
  return typeof v === 'boolean' ? v : fallback;
}

/** The fields almost every decoder config names the same way (LlamaConfig and its descendants). */
interface Core {
  layers: number;
  hidden: number;
  heads: number;
  kvHeads: number;
  headDim: number;
  ffn: number;
  vocab: number;
}

/**
 * hidden_size, num_hidden_layers, num_attention_heads, num_key_value_heads (default: the
 * attention heads, i.e. no GQA), head_dim (default hidden / heads), intermediate_size, vocab_size.
 * `defaults`: the configuration class's defaults for fields a config.json may leave out
 * (Gemma 3's text_config names only what differs from Gemma3TextConfig).
 */
function core(c: Config, defaults: Partial<Core> = {}): Core {
  const hidden = numberField(c, 'hidden_size', 'n_embd', 'd_model') ?? defaults.hidden ?? required(c, 'the hidden size', 'hidden_size', 'n_embd', 'd_model');
  const heads = numberField(c, 'num_attention_heads', 'n_head', 'num_heads') ?? defaults.heads ?? required(c, 'the attention heads', 'num_attention_heads', 'n_head', 'num_heads');
  return {
    layers: numberField(c, 'num_hidden_layers', 'n_layer', 'num_layers') ?? defaults.layers ?? required(c, 'the layer count', 'num_hidden_layers', 'n_layer', 'num_layers'),
    hidden,
    heads,
    kvHeads: numberField(c, 'num_key_value_heads', 'num_kv_heads', 'n_head_kv') ?? defaults.kvHeads ?? heads,
    headDim: numberField(c, 'head_dim') ?? defaults.headDim ?? Math.floor(hidden / heads),
    ffn: numberField(c, 'intermediate_size', 'n_inner', 'ffn_hidden_size') ?? defaults.ffn ?? required(c, 'the MLP width', 'intermediate_size'),
    vocab: numberField(c, 'vocab_size') ?? defaults.vocab ?? required(c, 'the vocabulary', 'vocab_size'),
  };
}

/** RMSNorm, gated MLP, RoPE, no biases (LlamaForCausalLM and its descendants). */
function llamaLike(shape: Core, tied: boolean, extra: Partial<Architecture> = {}): Architecture {
  return { ...shape, mlp: 'gated', norm: 'rmsnorm', positions: 'rope', attentionBias: 'none', mlpBias: false, tiedEmbeddings: tied, ...extra };
}

/** Sliding-window layers: a window on every layer, or on the share given by layer_types. */
function window(c: Config, size: number | undefined, fallbackFraction: number): Partial<Architecture> {
  if (!size) return {};
  const types = Array.isArray(c.layer_types) ? (c.layer_types as unknown[]) : null;
  const fraction = types?.length ? types.filter((t) => t === 'sliding_attention').length / types.length : fallbackFraction;
  return fraction > 0 ? { slidingWindow: size, slidingWindowFraction: fraction } : {};
}

// LlamaConfig: tie_word_embeddings False, attention_bias False (q, k, v and o together), mlp_bias False.
function llama(c: Config): ArchReading {
  const bias = bool(c, 'attention_bias', false);
  return { arch: llamaLike(core(c), bool(c, 'tie_word_embeddings', false), { attentionBias: bias ? 'all' : 'none', mlpBias: bool(c, 'mlp_bias', false) }), notes: [] };
}

// MistralConfig: tie False, sliding_window 4096 in v0.1 (every layer), null from v0.2 on.
function mistral(c: Config): ArchReading {
  return { arch: llamaLike(core(c), bool(c, 'tie_word_embeddings', false), window(c, numberField(c, 'sliding_window'), 1)), notes: [] };
}

// MixtralConfig: num_local_experts 8, num_experts_per_tok 2; intermediate_size is each expert's width.
function mixtral(c: Config): ArchReading {
  const experts = numberField(c, 'num_local_experts') ?? 8;
  const arch = llamaLike(core(c), bool(c, 'tie_word_embeddings', false), {
    experts,
    expertsPerToken: numberField(c, 'num_experts_per_tok') ?? 2,
    ...window(c, numberField(c, 'sliding_window'), 1),
  });
  return { arch, notes: [] };
}

// Qwen2Config: bias on q, k, v (not o); tie False; the window only when use_sliding_window is true.
function qwen2(c: Config): ArchReading {
  const slide = bool(c, 'use_sliding_window', false) ? window(c, numberField(c, 'sliding_window'), 1) : {};
  return { arch: llamaLike(core(c), bool(c, 'tie_word_embeddings', false), { attentionBias: 'qkv', ...slide }), notes: [] };
}

/** MoE layers of Qwen2-MoE / Qwen3-MoE: every decoder_sparse_step-th layer, minus mlp_only_layers. */
function qwenMoeLayers(c: Config, layers: number): number {
  const step = numberField(c, 'decoder_sparse_step') ?? 1;
  const mlpOnly = new Set(Array.isArray(c.mlp_only_layers) ? (c.mlp_only_layers as number[]) : []);
  let moe = 0;
  for (let i = 0; i < layers; i++) if (!mlpOnly.has(i) && step > 0 && (i + 1) % step === 0) moe++;
  return moe;
}

/**
 * Qwen2MoeConfig: num_experts 60, num_experts_per_tok 4, moe_intermediate_size 1408, one shared
 * expert of shared_expert_intermediate_size 5632 behind a 1-wide sigmoid gate. The shared expert
 * is counted as shared_expert_intermediate_size / moe_intermediate_size experts of the routed width.
 */
function qwen2Moe(c: Config): ArchReading {
  const shape = core(c);
  const each = numberField(c, 'moe_intermediate_size') ?? 1408;
  const shared = numberField(c, 'shared_expert_intermediate_size') ?? 5632;
  const moeLayers = qwenMoeLayers(c, shape.layers);
  const arch = llamaLike({ ...shape, ffn: each }, bool(c, 'tie_word_embeddings', false), {
    attentionBias: 'qkv',
    experts: numberField(c, 'num_experts') ?? 60,
    expertsPerToken: numberField(c, 'num_experts_per_tok') ?? 4,
    sharedExperts: Math.round(shared / each),
    denseLayers: shape.layers - moeLayers,
    denseFfn: shape.ffn,
    // shared_expert_gate: hidden → 1 in every MoE layer.
    extraParams: moeLayers * shape.hidden,
  });
  const notes = shared % each ? [`the shared expert (${shared} wide) is counted as ${Math.round(shared / each)} experts of ${each}`] : [];
  return { arch, notes };
}

// Qwen3Config: head_dim 128, no biases, q_norm and k_norm (head_dim each) in every layer.
function qwen3(c: Config): ArchReading {
  const shape = core(c, { headDim: 128 });
  return { arch: llamaLike(shape, bool(c, 'tie_word_embeddings', false), { extraParams: shape.layers * 2 * shape.headDim }), notes: [] };
}

// Qwen3MoeConfig: num_experts 128, num_experts_per_tok 8, moe_intermediate_size 768, no shared expert.
function qwen3Moe(c: Config): ArchReading {
  const shape = core(c, { headDim: 128 });
  const moeLayers = qwenMoeLayers(c, shape.layers);
  const arch = llamaLike({ ...shape, ffn: numberField(c, 'moe_intermediate_size') ?? 768 }, bool(c, 'tie_word_embeddings', false), {
    experts: numberField(c, 'num_experts') ?? 128,
    expertsPerToken: numberField(c, 'num_experts_per_tok') ?? 8,
    denseLayers: shape.layers - moeLayers,
    denseFfn: shape.ffn,
    extraParams: shape.layers * 2 * shape.headDim,
  });
  return { arch, notes: [] };
}

// GemmaConfig: head_dim 256, tie True, GeGLU (gated).
function gemma(c: Config): ArchReading {
  return { arch: llamaLike(core(c, { headDim: 256 }), bool(c, 'tie_word_embeddings', true)), notes: [] };
}

/**
 * Gemma2Config: head_dim 256, tie True, sliding_window 4096 on every other layer, and two more
 * RMSNorms per layer (pre/post feed-forward) than the formula's two.
 */
function gemma2(c: Config): ArchReading {
  const shape = core(c, { headDim: 256 });
  const arch = llamaLike(shape, bool(c, 'tie_word_embeddings', true), {
    ...window(c, numberField(c, 'sliding_window') ?? 4096, 0.5),
    extraParams: shape.layers * 2 * shape.hidden,
    // Gemma2Config's attn_logit_softcapping defaults to 50.0; null turns it off.
    ...(c['attn_logit_softcapping'] !== null ? { attnSoftcap: true } : {}),
  });
  return { arch, notes: [] };
}

/**
 * Gemma3TextConfig: hidden 2304, intermediate 9216, 26 layers, 8 heads, 4 KV heads, head_dim 256,
 * vocab 262208, tie True, sliding_window 4096 with sliding_window_pattern 6 (five local layers
 * per global one) unless layer_types says otherwise; four norms per layer plus q_norm and k_norm.
 */
function gemma3Text(c: Config): ArchReading {
  const shape = core(c, { hidden: 2304, ffn: 9216, layers: 26, heads: 8, kvHeads: 4, headDim: 256, vocab: 262208 });
  const pattern = numberField(c, 'sliding_window_pattern') ?? 6;
  const arch = llamaLike(shape, bool(c, 'tie_word_embeddings', true), {
    ...window(c, numberField(c, 'sliding_window') ?? 4096, (pattern - 1) / pattern),
    extraParams: shape.layers * (2 * shape.hidden + 2 * shape.headDim),
  });
  return { arch, notes: [] };
}

// Phi3Config: tie False, fused qkv_proj / gate_up_proj (same counts as separate), sliding_window (2047 in Phi-3-mini).
function phi3(c: Config): ArchReading {
  return { arch: llamaLike(core(c), bool(c, 'tie_word_embeddings', false), window(c, numberField(c, 'sliding_window'), 1)), notes: [] };
}

/**
 * DeepseekV2Config / DeepseekV3Config: multi-head latent attention (kv_lora_rank, q_lora_rank,
 * qk_rope_head_dim, qk_nope_head_dim, v_head_dim); first_k_dense_replace dense layers of
 * intermediate_size, then MoE layers of n_routed_experts routed + n_shared_experts shared
 * experts, each moe_intermediate_size wide. The head dim is the query/key width, nope + rope.
 */
function deepseek(c: Config): ArchReading {
  const shape = core(c);
  const rope = numberField(c, 'qk_rope_head_dim') ?? 64;
  const nope = numberField(c, 'qk_nope_head_dim') ?? 128;
  const qLora = numberField(c, 'q_lora_rank');
  const arch = llamaLike({ ...shape, headDim: nope + rope, ffn: numberField(c, 'moe_intermediate_size') ?? 1407 }, bool(c, 'tie_word_embeddings', false), {
    denseFfn: shape.ffn,
    denseLayers: numberField(c, 'first_k_dense_replace') ?? 0,
    experts: numberField(c, 'n_routed_experts') ?? 0,
    expertsPerToken: numberField(c, 'num_experts_per_tok') ?? 0,
    sharedExperts: numberField(c, 'n_shared_experts') ?? 0,
    mla: {
      kvLoraRank: numberField(c, 'kv_lora_rank') ?? 512,
      ...(qLora ? { qLoraRank: qLora } : {}),
      ropeHeadDim: rope,
      nopeHeadDim: nope,
      vHeadDim: numberField(c, 'v_head_dim') ?? 128,
    },
  });
  return { arch, notes: mtpNote(c) };
}

function mtpNote(c: Config): string[] {
  const mtp = numberField(c, 'num_nextn_predict_layers') ?? 0;
  return mtp > 0 ? [`${mtp} multi-token-prediction layer${mtp > 1 ? 's' : ''} not in our count (the Hub's total includes ${mtp > 1 ? 'them' : 'it'})`] : [];
}

/**
 * Llama4TextConfig (text_config): interleave_moe_layer_step 1 (Scout: every layer MoE) or 2
 * (Maverick); MoE layers hold num_local_experts routed experts plus one shared expert of
 * intermediate_size, the other layers a dense MLP of intermediate_size_mlp (16384).
 */
function llama4Text(c: Config): ArchReading {
  // Llama4TextConfig defaults: vocab 202048, hidden 5120, intermediate 8192, 48 layers, 40 heads, 8 KV heads.
  const shape = core(c, { vocab: 202048, hidden: 5120, ffn: 8192, layers: 48, heads: 40, kvHeads: 8, headDim: 128 });
  const step = numberField(c, 'interleave_moe_layer_step') ?? 1;
  const moeLayers = Array.isArray(c.moe_layers) ? c.moe_layers.length : step > 0 ? Math.floor(shape.layers / step) : 0;
  const arch = llamaLike(shape, bool(c, 'tie_word_embeddings', false), {
    experts: numberField(c, 'num_local_experts') ?? 16,
    expertsPerToken: numberField(c, 'num_experts_per_tok') ?? 1,
    sharedExperts: 1,
    denseLayers: shape.layers - moeLayers,
    denseFfn: numberField(c, 'intermediate_size_mlp') ?? 16384,
  });
  return { arch, notes: ['chunked attention (8192-token chunks on 3 of 4 layers) is sized as full attention'] };
}

/**
 * GptOssConfig: num_local_experts 128 (gpt-oss-20b: 32), num_experts_per_tok 4, biases on q, k,
 * v, o, on the experts and the router; sliding_window 128 on alternating layers (layer_types).
 */
function gptOss(c: Config): ArchReading {
  // GptOssConfig defaults (gpt-oss-120b): 36 layers, vocab 201088, hidden 2880, intermediate 2880, 64 heads, 8 KV heads.
  const shape = core(c, { layers: 36, vocab: 201088, hidden: 2880, ffn: 2880, heads: 64, kvHeads: 8, headDim: 64 });
  const experts = numberField(c, 'num_local_experts', 'num_experts') ?? 128;
  const arch = llamaLike(shape, bool(c, 'tie_word_embeddings', false), {
    attentionBias: 'all',
    mlpBias: true,
    experts,
    expertsPerToken: numberField(c, 'num_experts_per_tok', 'experts_per_token') ?? 4,
    ...window(c, numberField(c, 'sliding_window') ?? 128, 0.5),
    // Router bias (one per expert) and the per-head attention sinks, in every layer.
    extraParams: shape.layers * (experts + shape.heads),
  });
  return { arch, notes: [] };
}

/**
 * Glm4MoeConfig: attention_bias True on q, k, v; first_k_dense_replace dense layers of
 * intermediate_size, then n_routed_experts routed + n_shared_experts shared experts of
 * moe_intermediate_size, top num_experts_per_tok; optional q/k norms.
 */
function glm4Moe(c: Config): ArchReading {
  const shape = core(c, { headDim: 128 });
  const arch = llamaLike({ ...shape, ffn: numberField(c, 'moe_intermediate_size') ?? 1408 }, bool(c, 'tie_word_embeddings', false), {
    attentionBias: bool(c, 'attention_bias', false) ? 'qkv' : 'none',
    denseFfn: shape.ffn,
    denseLayers: numberField(c, 'first_k_dense_replace') ?? 1,
    experts: numberField(c, 'n_routed_experts') ?? 128,
    expertsPerToken: numberField(c, 'num_experts_per_tok') ?? 8,
    sharedExperts: numberField(c, 'n_shared_experts') ?? 1,
  });
  return { arch, notes: mtpNote(c) };
}

/** GPT-2-era block: LayerNorm with bias, plain two-matrix MLP, biases on every projection. */
function gptLike(shape: Core, tied: boolean, positions: Architecture['positions'], extra: Partial<Architecture> = {}): Architecture {
  return { ...shape, mlp: 'plain', norm: 'layernorm', positions, attentionBias: 'all', mlpBias: true, tiedEmbeddings: tied, ...extra };
}

// Starcoder2Config: use_bias True, LayerNorm, plain GELU MLP, tie True, sliding_window 4096 on every layer.
function starcoder2(c: Config): ArchReading {
  const bias = bool(c, 'use_bias', true);
  const arch = gptLike(core(c), bool(c, 'tie_word_embeddings', true), 'rope', {
    attentionBias: bias ? 'all' : 'none',
    mlpBias: bias,
    ...window(c, numberField(c, 'sliding_window'), 1),
  });
  return { arch, notes: [] };
}

/**
 * FalconConfig: parallel attention + MLP (parallel_attn True), bias False, tie True, MLP
 * 4 × hidden (ffn_hidden_size); KV heads: num_kv_heads with new_decoder_architecture (40B/180B,
 * which also has a second LayerNorm per layer), 1 with multi_query (7B), else all heads.
 */
function falcon(c: Config): ArchReading {
  const hidden = required(c, 'the hidden size', 'hidden_size', 'n_embed');
  const heads = required(c, 'the attention heads', 'num_attention_heads', 'n_head');
  const layers = required(c, 'the layer count', 'num_hidden_layers', 'n_layer');
  const newArch = bool(c, 'new_decoder_architecture', false);
  const kvHeads = newArch ? (numberField(c, 'num_kv_heads', 'n_head_kv') ?? heads) : bool(c, 'multi_query', true) ? 1 : heads;
  const bias = bool(c, 'bias', false);
  const shape: Core = { layers, hidden, heads, kvHeads, headDim: Math.floor(hidden / heads), ffn: numberField(c, 'ffn_hidden_size') ?? 4 * hidden, vocab: numberField(c, 'vocab_size') ?? 65024 };
  const arch = gptLike(shape, bool(c, 'tie_word_embeddings', true), bool(c, 'alibi', false) ? 'alibi' : 'rope', {
    attentionBias: bias ? 'all' : 'none',
    mlpBias: bias,
    parallelBlock: newArch || bool(c, 'parallel_attn', true),
    // new_decoder_architecture: ln_attn and ln_mlp, two norms where a parallel block has one.
    ...(newArch ? { layerNorms: 2 } : {}),
    // Multi-query FalconAttention passes its one K/V head to SDPA as it is (no repeat_kv, no enable_gqa);
    // new_decoder_architecture expands K/V to every head in _split_heads first.
    ...(!newArch && kvHeads < heads ? { sdpaKvUnrepeated: true } : {}),
  });
  return { arch, notes: [] };
}

// GPTNeoXConfig: use_parallel_residual True (two LayerNorms feeding one residual), tie False, rotary.
function gptNeox(c: Config): ArchReading {
  const shape = core(c);
  const parallel = bool(c, 'use_parallel_residual', true);
  const arch = gptLike(shape, bool(c, 'tie_word_embeddings', false), 'rope', {
    parallelBlock: parallel,
    // input_layernorm and post_attention_layernorm, both on the parallel branches.
    ...(parallel ? { layerNorms: 2 } : {}),
  });
  return { arch, notes: [] };
}

/**
 * The MLP activation is transformers' `gelu_new` (NewGELUActivation, Python arithmetic that keeps four
 * tensors for backward: memory/activations.ts composedGeluTensors). GPT2Config's activation_function
 * and PhiConfig's hidden_act default to it; a config naming another ("gelu", "gelu_pytorch_tanh") runs
 * a fused kernel.
 */
function composedGelu(c: Config, key: 'activation_function' | 'hidden_act'): Partial<Architecture> {
  const act = c[key];
  return (typeof act === 'string' ? act : 'gelu_new') === 'gelu_new' ? { composedGelu: true } : {};
}

// GPT2Config: n_inner None (4 × n_embd), n_positions 1024 learned, tie True, dropout 0.1.
function gpt2(c: Config): ArchReading {
  const shape = core(c, { ffn: 4 * (numberField(c, 'n_embd', 'hidden_size') ?? 768) });
  const arch = gptLike(shape, bool(c, 'tie_word_embeddings', true), 'learned', {
    maxPositions: numberField(c, 'n_positions', 'max_position_embeddings') ?? 1024,
    dropout: numberField(c, 'resid_pdrop') ?? 0.1,
    ...composedGelu(c, 'activation_function'),
  });
  return { arch, notes: [] };
}

/**
 * PhiConfig (Phi-1, Phi-1.5, Phi-2): one LayerNorm feeding attention and MLP in parallel, plain
 * GELU MLP (fc1, fc2), biases everywhere, untied LM head with a bias, resid_pdrop dropout.
 */
function phi(c: Config): ArchReading {
  const shape = core(c);
  const arch = gptLike(shape, bool(c, 'tie_word_embeddings', false), 'rope', {
    parallelBlock: true,
    dropout: numberField(c, 'resid_pdrop') ?? 0,
    extraParams: shape.vocab, // lm_head bias
    ...composedGelu(c, 'hidden_act'),
  });
  return { arch, notes: [] };
}

/**
 * BloomConfig: n_layer, hidden_size, n_head, ALiBi positions, MLP 4 × hidden, tied head, and a
 * word_embeddings_layernorm (scale + bias) after the token embedding.
 */
function bloom(c: Config): ArchReading {
  // BloomConfig defaults (a toy size): vocab 250880, hidden 64, n_layer 2, n_head 8.
  const hidden = numberField(c, 'hidden_size', 'n_embed') ?? 64;
  const shape = core({ ...c, hidden_size: hidden }, { ffn: 4 * hidden, layers: 2, heads: 8, vocab: 250880 });
  const arch = gptLike(shape, bool(c, 'tie_word_embeddings', true), 'alibi', { extraParams: 2 * hidden });
  return { arch, notes: [] };
}

/**
 * BertConfig (BertModel): learned positions (max_position_embeddings 512), token-type
 * embeddings (type_vocab_size 2), pooler; the final-norm term stands for the embeddings LayerNorm.
 */
function bert(c: Config): ArchReading {
  const shape = core(c);
  const typeVocab = numberField(c, 'type_vocab_size') ?? 2;
  const arch = gptLike(shape, true, 'learned', {
    maxPositions: numberField(c, 'max_position_embeddings') ?? 512,
    encoderOnly: true,
    dropout: numberField(c, 'hidden_dropout_prob') ?? 0.1,
    extraParams: typeVocab * shape.hidden + shape.hidden * shape.hidden + shape.hidden,
  });
  return { arch, notes: [] };
}

/**
 * Any other decoder: the standard fields, read as a Llama-style block (RMSNorm, gated MLP, RoPE,
 * no biases). tie_word_embeddings defaults to True as in PretrainedConfig.
 */
export function genericDecoder(c: Config, modelType: string): ArchReading {
  const arch = llamaLike(core(c), bool(c, 'tie_word_embeddings', true), window(c, numberField(c, 'sliding_window'), 1));
  const experts = numberField(c, 'num_local_experts', 'num_experts', 'n_routed_experts');
  if (experts && experts > 1) {
    arch.experts = experts;
    arch.expertsPerToken = numberField(c, 'num_experts_per_tok', 'experts_per_token') ?? 2;
    const each = numberField(c, 'moe_intermediate_size');
    if (each) arch.ffn = each;
  }
  return {
    arch,
    notes: [`model_type "${modelType}" is not one I know: read as a Llama-style decoder from its standard fields (hidden_size, num_hidden_layers, num_attention_heads, intermediate_size, vocab_size)`],
  };
}

/** Readers by model_type. Multimodal types are read from their text_config (see from-config.ts). */
export const ARCHITECTURE_READERS: Record<string, (c: Config) => ArchReading> = {
  llama: llama,
  mistral: mistral,
  mixtral: mixtral,
  qwen2: qwen2,
  qwen2_moe: qwen2Moe,
  qwen3: qwen3,
  qwen3_moe: qwen3Moe,
  gemma: gemma,
  gemma2: gemma2,
  gemma3_text: gemma3Text,
  phi3: phi3,
  deepseek_v2: deepseek,
  deepseek_v3: deepseek,
  llama4_text: llama4Text,
  gpt_oss: gptOss,
  glm4_moe: glm4Moe,
  starcoder2: starcoder2,
  falcon: falcon,
  RefinedWeb: falcon,
  RefinedWebModel: falcon,
  gpt_neox: gptNeox,
  gpt2: gpt2,
  bert: bert,
  phi: phi,
  bloom: bloom,
};

/** Multimodal wrappers whose language model sits in text_config, and the text model's type. */
export const TEXT_CONFIG_TYPES: Record<string, string> = {
  gemma3: 'gemma3_text',
  llama4: 'llama4_text',
  mistral3: 'mistral',
  qwen2_vl: 'qwen2',
};
