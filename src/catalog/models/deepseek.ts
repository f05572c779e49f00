import type { Architecture, ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * DeepSeek: V2, V2-Lite and V3 / R1 (DeepseekV2/V3ForCausalLM: multi-head latent attention, MLA,
 * with a DeepSeekMoE feed-forward: a few dense layers, then shared + routed experts), and the
 * Llama-architecture DeepSeek-Coder (LlamaForCausalLM).
 */

/**
 * DeepSeek-V3 and R1 share one config.json (deepseek-ai/DeepSeek-V3, model_type deepseek_v3):
 * hidden_size 7168, 61 layers, 128 heads; q_lora_rank 1536, kv_lora_rank 512, qk_nope_head_dim
 * 128, qk_rope_head_dim 64, v_head_dim 128; first_k_dense_replace 3 (intermediate_size 18432),
 * then 58 MoE layers of n_routed_experts 256 (moe_intermediate_size 2048) + n_shared_experts 1,
 * num_experts_per_tok 8; vocab 129280, untied; num_nextn_predict_layers 1 (the MTP module).
 * Weights ship as fp8 e4m3 with weight_block_size [128, 128] (quantization_config).
 */
const DEEPSEEK_V3_ARCH: Architecture = llamaStyle({
  layers: 61, hidden: 7168, heads: 128, kvHeads: 128,
  // Query/key head width: qk_nope_head_dim 128 + qk_rope_head_dim 64 (values are 128 wide).
  headDim: 192,
  ffn: 2048, denseFfn: 18432, denseLayers: 3,
  experts: 256, expertsPerToken: 8, sharedExperts: 1,
  mla: { kvLoraRank: 512, qLoraRank: 1536, ropeHeadDim: 64, nopeHeadDim: 128, vHeadDim: 128 },
  vocab: 129280, tiedEmbeddings: false,
  mtpLayers: 1,
  checkpoint: { format: 'fp8-block', scope: 'linear' },
});

const V3_SOURCE =
  'config.json (deepseek-ai/DeepSeek-V3, model_type deepseek_v3); total: DeepSeek-V3 README / technical report ' +
  '(671B total, 37B activated; the Hub repo holds 685B = 671B main model + 14B MTP module)';

export const DEEPSEEK_MODELS: readonly ModelSpec[] = [
  {
    id: 'deepseek-v2-lite',
    name: 'DeepSeek-V2-Lite',
    family: 'deepseek',
    // DeepSeek-Coder-V2-Lite is this model further trained on code: the same DeepseekV2ForCausalLM
    // config (27 layers, hidden 2048, 64 routed experts of 1408, 6 active, kv_lora_rank 512, vocab
    // 102400; deepseek-ai/DeepSeek-Coder-V2-Lite-Instruct config.json; 16B total, 2.4B active in
    // the DeepSeek-Coder-V2 README), asked about in deepseek-ai/DeepSeek-Coder-V2#11 (c780).
    aliases: [
      'deepseek v2 lite', 'deepseek-v2-lite-chat', 'deepseekv2-lite', 'deepseek-ai/deepseek-v2-lite',
      'deepseek-coder-v2-lite', 'deepseek coder v2 lite', 'deepseek-coder-v2-lite-instruct', 'deepseek-coder-v2-lite-base', 'deepseek-ai/deepseek-coder-v2-lite-instruct', 'deepseek-ai/deepseek-coder-v2-lite-base',
    ],
    arch: llamaStyle({
      layers: 27, hidden: 2048, heads: 16, kvHeads: 16,
      // Query/key head width: qk_nope_head_dim 128 + qk_rope_head_dim 64 (values are 128 wide).
      headDim: 192,
      // ffn is each routed expert's width (moe_intermediate_size); the first layer is dense (intermediate_size).
      ffn: 1408, denseFfn: 10944, denseLayers: 1,
      experts: 64, expertsPerToken: 6, sharedExperts: 2,
      // q_lora_rank is null in the Lite config: queries use a full-rank q_proj.
      mla: { kvLoraRank: 512, ropeHeadDim: 64, nopeHeadDim: 128, vHeadDim: 128 },
      vocab: 102400, tiedEmbeddings: false,
    }),
    publishedParams: 15.7e9,
    source: 'deepseek-ai/DeepSeek-V2-Lite config.json; total: model card (15.7B total, 2.4B activated)',
  },
  {
    id: 'deepseek-v2',
    name: 'DeepSeek-V2',
    family: 'deepseek',
    // DeepSeek-V2.5 "combines DeepSeek-V2-Chat and DeepSeek-Coder-V2-Instruct", 236B as V2 (xorbitsai/inference
    // doc/source/models/builtin/llm/deepseek-v2.5.rst): V2's shape. "Deepseek-v2.5 fails to load on … RTX 3090"
    // (ollama/ollama, c1262) had refused as a release the catalog lacks.
    aliases: [
      'deepseek v2', 'deepseekv2', 'deepseek-v2-chat', 'deepseek-v2-chat-0628', 'deepseek v2 chat', 'deepseek-ai/deepseek-v2', 'deepseek-ai/deepseek-v2-chat', 'deepseek-ai/deepseek-v2-chat-0628',
      'deepseek-v2.5', 'deepseek v2.5', 'deepseekv2.5', 'deepseek-v2.5-1210', 'deepseek-ai/deepseek-v2.5', 'deepseek-ai/deepseek-v2.5-1210',
    ],
    arch: llamaStyle({
      layers: 60, hidden: 5120, heads: 128, kvHeads: 128,
      // Query/key head width: qk_nope_head_dim 128 + qk_rope_head_dim 64 (values are 128 wide).
      headDim: 192,
      // first_k_dense_replace 1 (intermediate_size 12288), then 59 MoE layers of moe_intermediate_size 1536.
      ffn: 1536, denseFfn: 12288, denseLayers: 1,
      experts: 160, expertsPerToken: 6, sharedExperts: 2,
      // Unlike the Lite model, queries go through the low-rank q_a/q_b pair (q_lora_rank 1536).
      mla: { kvLoraRank: 512, qLoraRank: 1536, ropeHeadDim: 64, nopeHeadDim: 128, vHeadDim: 128 },
      vocab: 102400, tiedEmbeddings: false,
    }),
    publishedParams: 236e9,
    source:
      'deepseek-ai/DeepSeek-V2 config.json (DeepseekV2ForCausalLM: hidden 5120, 60 layers, 128 heads, q_lora_rank 1536, kv_lora_rank 512, ' +
      'first_k_dense_replace 1, n_routed_experts 160, n_shared_experts 2, num_experts_per_tok 6, vocab 102400, untied; the same numbers as ' +
      'DeepSeek-V3 inference/configs/config_236B.json); total: model card (236B total, 21B activated)',
  },
  {
    id: 'deepseek-v3',
    name: 'DeepSeek-V3',
    family: 'deepseek',
    aliases: ['deepseek v3', 'deepseekv3', 'deepseek-v3-base', 'deepseek-v3-0324', 'deepseek v3 0324', 'deepseek-v3.1', 'deepseek v3.1', 'deepseek-ai/deepseek-v3', 'deepseek-ai/deepseek-v3-0324', 'deepseek-ai/deepseek-v3.1',
      'deepseek-v3.1-terminus', 'deepseek-ai/deepseek-v3.1-terminus', 'deepseek-v3.2', 'deepseek v3.2', 'deepseek-v3.2-exp', 'deepseek-ai/deepseek-v3.2-exp', 'deepseek-ai/deepseek-v3.2'],
    arch: DEEPSEEK_V3_ARCH,
    publishedParams: 671e9,
    source:
      `deepseek-ai/DeepSeek-V3 ${V3_SOURCE}. V3-0324, V3.1 and V3.1-Terminus keep this config; V3.2(-Exp) adds DeepSeek Sparse ` +
      'Attention\'s lightning indexer (config index_n_heads 64, index_head_dim 128) to the same layers, not counted here (well under 1% of the weights)',
  },
  {
    id: 'deepseek-r1',
    name: 'DeepSeek-R1',
    family: 'deepseek',
    aliases: ['deepseek r1', 'deepseekr1', 'deepseek-r1-0528', 'deepseek r1 0528', 'deepseek-ai/deepseek-r1', 'deepseek-ai/deepseek-r1-0528'],
    arch: DEEPSEEK_V3_ARCH,
    publishedParams: 671e9,
    source: `deepseek-ai/DeepSeek-R1 config.json, identical to DeepSeek-V3's; ${V3_SOURCE}`,
  },
  {
    id: 'deepseek-coder-1.3b',
    name: 'DeepSeek-Coder-1.3B',
    family: 'deepseek',
    aliases: ['deepseek coder 1.3b', 'deepseek-coder-1.3b-base', 'deepseek-coder-1.3b-instruct', 'deepseek-ai/deepseek-coder-1.3b-base', 'deepseek-ai/deepseek-coder-1.3b-instruct'],
    arch: llamaStyle({ layers: 24, hidden: 2048, heads: 16, kvHeads: 16, headDim: 128, ffn: 5504, vocab: 32256, tiedEmbeddings: false }),
    publishedParams: 1.35e9,
    source: 'deepseek-ai/deepseek-coder-1.3b-base config.json; total: Hugging Face model page safetensors count 1.35B',
  },
  {
    id: 'deepseek-coder-6.7b',
    name: 'DeepSeek-Coder-6.7B',
    family: 'deepseek',
    aliases: ['deepseek coder 6.7b', 'deepseek-coder-6.7b-base', 'deepseek-coder-6.7b-instruct', 'deepseek-ai/deepseek-coder-6.7b-base', 'deepseek-ai/deepseek-coder-6.7b-instruct'],
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 11008, vocab: 32256, tiedEmbeddings: false }),
    publishedParams: 6.74e9,
    source: 'deepseek-ai/deepseek-coder-6.7b-base config.json; total: Hugging Face model page safetensors count 6.74B',
  },
  {
    id: 'deepseek-coder-33b',
    name: 'DeepSeek-Coder-33B',
    family: 'deepseek',
    aliases: ['deepseek coder 33b', 'deepseek-coder-33b-base', 'deepseek-coder-33b-instruct', 'deepseek-ai/deepseek-coder-33b-base', 'deepseek-ai/deepseek-coder-33b-instruct'],
    arch: llamaStyle({ layers: 62, hidden: 7168, heads: 56, kvHeads: 8, headDim: 128, ffn: 19200, vocab: 32256, tiedEmbeddings: false }),
    publishedParams: 33.3e9,
    source: 'deepseek-ai/deepseek-coder-33b-base config.json; total: Hugging Face model page safetensors count 33.3B',
  },
];
