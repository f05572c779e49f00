import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * Mixtures of experts from makers with one open MoE each: Databricks' DBRX and Tencent's
 * Hunyuan-A13B. Each layer is sparse, with GQA attention and gated SiLU experts.
 */
export const MOE_MISC_MODELS: readonly ModelSpec[] = [
  {
    id: 'dbrx-132b-a36b',
    name: 'DBRX-132B',
    family: 'dbrx',
    aliases: ['dbrx', 'dbrx 132b', 'dbrx-132b', 'dbrx-instruct', 'dbrx-base', 'dbrx instruct', 'databricks/dbrx-instruct', 'databricks/dbrx-base'],
    // DbrxForCausalLM: fused Wqkv and out_proj without bias, 16 experts of GLU w1/v1/w2, top-4, a
    // router without bias; its LayerNorms have no bias (counted here with one: 2 × 6144 a norm, 0.0004% of the total).
    arch: llamaStyle({
      layers: 40, hidden: 6144, heads: 48, kvHeads: 8, headDim: 128,
      ffn: 10752, experts: 16, expertsPerToken: 4,
      vocab: 100352, tiedEmbeddings: false, norm: 'layernorm',
      // DbrxExpertGLU holds each expert bank as one nn.Parameter (w1, v1, w2: [16 × 10752, 6144]), not nn.Linear
      // (transformers models/dbrx/modeling_dbrx.py, v4.40.0 → v4.57): memory/fused-experts.ts.
      expertsAsParameters: true,
    }),
    publishedParams: 132e9,
    source:
      'databricks/dbrx-instruct config.json (d_model 6144, n_layers 40, n_heads 48, attn_config kv_n_heads 8, clip_qkv 8, ' +
      'ffn_config ffn_hidden_size 10752, moe_num_experts 16, moe_top_k 4, vocab_size 100352, tie_word_embeddings false); ' +
      'total: model card (132B total, 36B active)',
  },
  {
    id: 'hunyuan-80b-a13b',
    name: 'Hunyuan-A13B',
    family: 'hunyuan',
    aliases: [
      'hunyuan-a13b', 'hunyuan a13b', 'hunyuan-a13b-instruct', 'hunyuan-a13b-pretrain',
      'hunyuan-80b-a13b', 'hunyuan 80b a13b', 'tencent/hunyuan-a13b-instruct', 'tencent/hunyuan-a13b-pretrain',
    ],
    // HunYuanMoEV1ForCausalLM: a shared MLP of intermediate_size (use_mixed_mlp_moe, num_shared_expert 1) beside
    // 64 routed experts, top-8 in every layer; q/k RMSNorm (use_qk_norm); tied embeddings.
    arch: llamaStyle({
      layers: 32, hidden: 4096, heads: 32, kvHeads: 8, headDim: 128,
      ffn: 3072, experts: 64, expertsPerToken: 8, sharedExperts: 1,
      vocab: 128167, tiedEmbeddings: true, qkNorm: true,
    }),
    publishedParams: 80e9,
    source:
      'tencent/Hunyuan-A13B-Instruct config.json (hunyuan_v1_moe: 32 layers, hidden 4096, 32 heads, 8 KV heads, head_dim 128, ' +
      'intermediate_size 3072, moe_intermediate_size [3072] × 32, num_experts 64, moe_topk [8] × 32, num_shared_expert [1] × 32, ' +
      'vocab_size 128167, tie_word_embeddings true, use_qk_norm true); total: model card (80B total, 13B active)',
  },
];
