import type { Architecture, ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';
import { llama4Vision } from './vision.js';

/**
 * Meta's Llama 4 (Llama4ForConditionalGeneration; the text model is llama4_text): MoE with one
 * routed expert per token plus a shared expert of the same width (intermediate_size 8192),
 * dense layers of intermediate_size_mlp 16384 where interleave_moe_layer_step skips the experts.
 * use_qk_norm is an L2 norm without weights. iRoPE: three of every four layers use RoPE with
 * chunked local attention (attention_chunk_size 8192, so their cache holds at most one chunk:
 * transformers HybridChunkedCache, vLLM ChunkedLocalAttentionSpec); every fourth layer
 * (no_rope_layer_interval 4) is global without RoPE.
 * Totals are the model card's, which include the vision encoder; the architecture counts it apart
 * (vision.ts llama4Vision, 0.87B): text + tower = the Scout checkpoint's 108.6B.
 */
function llama4(experts: number, moeEvery: number): Architecture {
  return llamaStyle({
    layers: 48, hidden: 5120, heads: 40, kvHeads: 8, headDim: 128,
    ffn: 8192, denseFfn: 16384, moeEvery,
    experts, expertsPerToken: 1, sharedExperts: 1,
    vocab: 202048, tiedEmbeddings: false,
    slidingWindow: 8192, slidingLayers: 36,
    vision: llama4Vision(5120),
  });
}

export const LLAMA4_MODELS: readonly ModelSpec[] = [
  {
    id: 'llama-4-scout',
    name: 'Llama-4-Scout-17B-16E',
    family: 'llama',
    aliases: ['llama 4 scout', 'llama4 scout', 'llama-4-scout-17b-16e', 'llama-4-scout-17b-16e-instruct', 'llama4-scout', 'meta-llama/llama-4-scout-17b-16e', 'meta-llama/llama-4-scout-17b-16e-instruct'],
    arch: llama4(16, 1),
    publishedParams: 109e9,
    source:
      'meta-llama/Llama-4-Scout-17B-16E config.json text_config (48 layers, hidden 5120, 40 heads, 8 KV heads, num_local_experts 16, ' +
      'interleave_moe_layer_step 1, vocab 202048); total: Llama 4 model card (109B total, 17B active)',
  },
  {
    id: 'llama-4-maverick',
    name: 'Llama-4-Maverick-17B-128E',
    family: 'llama',
    aliases: ['llama 4 maverick', 'llama4 maverick', 'llama-4-maverick-17b-128e', 'llama-4-maverick-17b-128e-instruct', 'llama4-maverick', 'meta-llama/llama-4-maverick-17b-128e', 'meta-llama/llama-4-maverick-17b-128e-instruct'],
    // interleave_moe_layer_step 2: layers 1, 3, 5 … carry 128 experts, the others a dense MLP.
    arch: llama4(128, 2),
    publishedParams: 400e9,
    source:
      'meta-llama/Llama-4-Maverick-17B-128E config.json text_config (as Scout, num_local_experts 128, interleave_moe_layer_step 2, ' +
      'intermediate_size_mlp 16384; copy in TensorRT-LLM tests LLAMA_4_MAVERICK_TWO_LAYER_CONFIG); total: Llama 4 model card (400B total, 17B active)',
  },
];
