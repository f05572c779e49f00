import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * Zhipu AI's GLM-4.5 and GLM-4.5-Air (Glm4MoeForCausalLM, model_type glm4_moe): GQA with
 * 96 query heads of 128 (the query projection is wider than hidden), bias on q, k, v; a few
 * dense layers then sigmoid-routed experts with one shared expert of moe_intermediate_size.
 * Partial RoPE (partial_rotary_factor 0.5) changes no shapes. Both configs have
 * num_nextn_predict_layers 1: an MTP layer stored beside the published total.
 */
export const GLM_MODELS: readonly ModelSpec[] = [
  {
    id: 'glm-4.5',
    name: 'GLM-4.5',
    family: 'glm',
    aliases: ['glm 4.5', 'glm4.5', 'glm-4.5-base', 'zai-org/glm-4.5', 'thudm/glm-4.5', 'glm-4.6', 'glm 4.6', 'glm4.6', 'zai-org/glm-4.6'],
    arch: llamaStyle({
      layers: 92, hidden: 5120, heads: 96, kvHeads: 8, headDim: 128,
      ffn: 1536, denseFfn: 12288, denseLayers: 3,
      experts: 160, expertsPerToken: 8, sharedExperts: 1,
      vocab: 151552, tiedEmbeddings: false, attentionBias: 'qkv',
      // use_qk_norm true: a head_dim RMSNorm on queries and keys (modeling_glm4_moe.py).
      qkNorm: true,
      mtpLayers: 1,
    }),
    publishedParams: 355e9,
    source:
      'zai-org/GLM-4.5 config.json (92 layers: first_k_dense_replace 3 + 89 MoE; hidden 5120, 96 heads, 8 KV heads, head_dim 128, ' +
      'intermediate_size 12288, moe_intermediate_size 1536, n_routed_experts 160, n_shared_experts 1, top-8, vocab 151552); ' +
      'total: GLM-4.5 model card / report (355B total, 32B active); GLM-4.6 keeps this architecture (its card: 355B-A32B, context raised to 200K)',
  },
  {
    id: 'glm-4.5-air',
    name: 'GLM-4.5-Air',
    family: 'glm',
    aliases: ['glm 4.5 air', 'glm4.5-air', 'glm-4.5-air-base', 'zai-org/glm-4.5-air', 'thudm/glm-4.5-air'],
    arch: llamaStyle({
      layers: 46, hidden: 4096, heads: 96, kvHeads: 8, headDim: 128,
      ffn: 1408, denseFfn: 10944, denseLayers: 1,
      experts: 128, expertsPerToken: 8, sharedExperts: 1,
      vocab: 151552, tiedEmbeddings: false, attentionBias: 'qkv',
      mtpLayers: 1,
    }),
    publishedParams: 106e9,
    source:
      'zai-org/GLM-4.5-Air config.json (46 layers: first_k_dense_replace 1 + 45 MoE; hidden 4096, 96 heads, 8 KV heads, head_dim 128, ' +
      'intermediate_size 10944, moe_intermediate_size 1408, n_routed_experts 128, n_shared_experts 1, top-8, use_qk_norm false); ' +
      'total: GLM-4.5 model card (106B total, 12B active)',
  },
];
