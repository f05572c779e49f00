import type { ModelSpec } from '../types.js';
import { gptStyle, llamaStyle } from './shape.js';
import { phi3vVision } from './vision.js';

/**
 * Microsoft's Phi family. Phi-1.5 and Phi-2 (PhiForCausalLM): one LayerNorm feeding parallel
 * attention and MLP, biases everywhere, partial RoPE, untied LM head with a bias.
 * Phi-3 (Phi3ForCausalLM): a Llama-style decoder with fused qkv and gate_up projections
 * (same parameter count as separate ones).
 * Phi-1.5 and Phi-2 run hidden_act "gelu_new" (NewGELUActivation, kept op by op: memory/activations.ts).
 */

/** PhiForCausalLM's lm_head is nn.Linear(hidden, vocab, bias=True): one bias per vocabulary entry. */
function lmHeadBias(vocab: number): number {
  return vocab;
}

export const PHI_MODELS: readonly ModelSpec[] = [
  {
    id: 'phi-1.5',
    name: 'Phi-1.5',
    family: 'phi',
    aliases: ['phi-1_5', 'phi 1.5', 'phi1.5', 'microsoft/phi-1_5', 'microsoft/phi-1.5'],
    arch: gptStyle({ layers: 24, hidden: 2048, heads: 32, kvHeads: 32, headDim: 64, ffn: 8192, vocab: 51200, tiedEmbeddings: false, positions: 'rope', parallelBlock: true, extraParams: lmHeadBias(51200), composedGelu: true }),
    publishedParams: 1.42e9,
    source: 'microsoft/phi-1_5 config.json; total: Hugging Face model page safetensors count 1.42B (the paper rounds to 1.3B)',
  },
  {
    id: 'phi-2',
    name: 'Phi-2',
    family: 'phi',
    aliases: ['phi 2', 'phi2', 'microsoft/phi-2'],
    // resid_pdrop 0.1 in config.json (attn_pdrop and embd_pdrop are 0).
    arch: gptStyle({ layers: 32, hidden: 2560, heads: 32, kvHeads: 32, headDim: 80, ffn: 10240, vocab: 51200, tiedEmbeddings: false, positions: 'rope', parallelBlock: true, dropout: 0.1, extraParams: lmHeadBias(51200), composedGelu: true }),
    publishedParams: 2.78e9,
    source: 'microsoft/phi-2 config.json; total: Hugging Face model page safetensors count 2.78B (the model card rounds to 2.7B)',
  },
  {
    id: 'phi-3-mini',
    name: 'Phi-3-mini',
    family: 'phi',
    // Phi-3.5-mini-instruct keeps Phi-3-mini-128k's config (32 layers, hidden 3072, vocab 32064, LongRoPE).
    aliases: ['phi3-mini', 'phi 3 mini', 'phi-3-mini-4k-instruct', 'phi-3-mini-128k-instruct', 'microsoft/phi-3-mini-4k-instruct', 'phi-3.5-mini', 'phi3.5-mini', 'phi 3.5 mini', 'phi-3.5-mini-instruct', 'microsoft/phi-3.5-mini-instruct'],
    arch: llamaStyle({ layers: 32, hidden: 3072, heads: 32, kvHeads: 32, headDim: 96, ffn: 8192, vocab: 32064, tiedEmbeddings: false }),
    publishedParams: 3_821_079_552,
    source: 'microsoft/Phi-3-mini-4k-instruct config.json; total: KerasHub phi3_mini_4k_instruct_en preset (3,821,079,552)',
  },
  {
    id: 'phi-3-vision-4.2b',
    name: 'Phi-3-vision-128k',
    family: 'phi',
    aliases: [
      'phi-3-vision', 'phi3-vision', 'phi 3 vision', 'phi-3-v', 'phi3v', 'phi-3-vision-128k', 'phi-3-vision-128k-instruct', 'phi3-vision-128k-instruct',
      'microsoft/phi-3-vision-128k-instruct',
    ],
    // Phi3VForCausalLM: Phi-3-mini-128k's decoder (LongRoPE, max_position_embeddings 131072) and the
    // CLIP tower with Phi-3-vision's HD-merge projector (vision.ts phi3vVision).
    arch: llamaStyle({ layers: 32, hidden: 3072, heads: 32, kvHeads: 32, headDim: 96, ffn: 8192, vocab: 32064, tiedEmbeddings: false, vision: phi3vVision(3072) }),
    publishedParams: 4.2e9 - phi3vVision(3072).params,
    source:
      'microsoft/Phi-3-vision-128k-instruct config.json as mlc-ai/mlc-llm python/mlc_llm/model/phi3v reads it (Phi3VConfig: Phi-3-mini\'s ' +
      'hidden_size 3072, 32 layers, 32 heads, intermediate_size 8192, vocab_size 32064, max_position_embeddings 131072; CLIP vision_config ' +
      'hidden 1024, 24 layers, intermediate 4096, patch 14, image 336; img_processor image_dim_out 1024; img_projection 4096 → 3072 → 3072); ' +
      'total: the model card\'s "4.2B" less the 0.33B tower and projector',
  },
  {
    id: 'phi-3-medium',
    name: 'Phi-3-medium',
    family: 'phi',
    aliases: ['phi3-medium', 'phi 3 medium', 'phi-3-medium-4k-instruct', 'phi-3-medium-128k-instruct', 'microsoft/phi-3-medium-4k-instruct'],
    arch: llamaStyle({ layers: 40, hidden: 5120, heads: 40, kvHeads: 10, headDim: 128, ffn: 17920, vocab: 32064, tiedEmbeddings: false }),
    publishedParams: 14e9,
    source: 'microsoft/Phi-3-medium-4k-instruct config.json; total: model card (14B)',
  },
  {
    id: 'phi-4',
    name: 'Phi-4',
    family: 'phi',
    aliases: ['phi 4', 'phi4', 'phi-4-14b', 'microsoft/phi-4'],
    // Phi-3-medium's layout with a 100k tiktoken vocabulary (vocab_size 100352).
    arch: llamaStyle({ layers: 40, hidden: 5120, heads: 40, kvHeads: 10, headDim: 128, ffn: 17920, vocab: 100352, tiedEmbeddings: false }),
    publishedParams: 14.7e9,
    source: 'microsoft/phi-4 config.json; total: Hugging Face model page safetensors count (14.7B; model card "14B")',
  },
  {
    id: 'phi-3.5-moe-42b-a6.6b',
    name: 'Phi-3.5-MoE',
    family: 'phi',
    aliases: ['phi-3.5-moe', 'phi-3.5-moe-instruct', 'phi3.5-moe', 'phi3.5moe', 'phi-3.5 moe', 'phi 3.5 moe', 'microsoft/phi-3.5-moe-instruct'],
    // PhiMoEForCausalLM: 32 layers of grouped-query attention with biases (attention_bias true) and
    // LayerNorm, each with 16 SwiGLU experts of 6400 (2 routed per token); the LM head's bias (32064) is not counted.
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 8, headDim: 128, ffn: 6400, vocab: 32064, tiedEmbeddings: false, norm: 'layernorm', attentionBias: 'all', experts: 16, expertsPerToken: 2 }),
    publishedParams: 41.9e9,
    source:
      'microsoft/Phi-3.5-MoE-instruct config.json (hidden_size 4096, intermediate_size 6400, num_hidden_layers 32, num_attention_heads 32, ' +
      'num_key_value_heads 8, num_local_experts 16, num_experts_per_tok 2, vocab_size 32064, attention_bias true); ' +
      'total: the model card ("16x3.8B parameters with 6.6B active parameters", 42B), Hugging Face safetensors count 41.9B',
  },
];
