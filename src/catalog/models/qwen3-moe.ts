import type { ModelSpec } from '../types.js';
import type { Architecture } from '../../scenario/schema.js';
import { llamaStyle } from './shape.js';

/**
 * Qwen3-Next's Gated DeltaNet layers, which Qwen3.5 and Qwen3.6 keep (qwen35.ts): of every 4 layers the 4th is gated
 * full attention, the other 3 linear with 16 key heads of 128 (config.json full_attention_interval 4,
 * linear_num_key_heads 16, linear_key_head_dim / linear_value_head_dim 128, linear_conv_kernel_dim 4,
 * attn_output_gate); only the value heads differ between the checkpoints.
 */
export const gatedDeltaNet = (numValueHeads: number): NonNullable<Architecture['linearAttention']> => ({
  fullAttentionInterval: 4, numKeyHeads: 16, numValueHeads, keyHeadDim: 128, valueHeadDim: 128, convKernel: 4, outputGate: true,
});

/**
 * Alibaba's Qwen3 MoE models (Qwen3MoeForCausalLM, model_type qwen3_moe): 128 routed experts of
 * moe_intermediate_size, 8 a token, no shared expert, every layer sparse (decoder_sparse_step 1,
 * mlp_only_layers empty), q/k RMSNorm as in dense Qwen3, no biases, untied.
 */
export const QWEN3_MOE_MODELS: readonly ModelSpec[] = [
  {
    id: 'qwen3-30b-a3b',
    name: 'Qwen3-30B-A3B',
    family: 'qwen',
    aliases: [
      'qwen3 30b a3b', 'qwen3-30b', 'qwen3 30b', 'qwen-3-30b-a3b', 'qwen3-30b-a3b-base', 'qwen3-30b-a3b-instruct-2507', 'qwen3-30b-a3b-thinking-2507',
      'qwen/qwen3-30b-a3b', 'qwen/qwen3-30b-a3b-instruct-2507', 'qwen/qwen3-30b-a3b-thinking-2507',
      // Same shape (config.json: 48 layers, hidden 2048, moe_intermediate_size 768, 128 experts, 8 a token, vocab 151936, untied);
      // only max_position_embeddings (262144) and rope_theta differ.
      'qwen3-coder-30b-a3b', 'qwen3 coder 30b a3b', 'qwen3-coder-30b-a3b-instruct', 'qwen3-coder-30b', 'qwen3 coder 30b', 'qwen/qwen3-coder-30b-a3b-instruct',
    ],
    arch: llamaStyle({
      layers: 48, hidden: 2048, heads: 32, kvHeads: 4, headDim: 128,
      ffn: 768, experts: 128, expertsPerToken: 8,
      vocab: 151936, tiedEmbeddings: false, qkNorm: true,
    }),
    publishedParams: 30.5e9,
    source:
      'Qwen/Qwen3-30B-A3B config.json (48 layers, hidden 2048, 32 heads, 4 KV heads, head_dim 128, moe_intermediate_size 768, ' +
      'num_experts 128, num_experts_per_tok 8); Qwen/Qwen3-Coder-30B-A3B-Instruct config.json has the same shape; ' +
      'total: model card (30.5B total, 3.3B activated; the Coder card says the same)',
  },
  {
    id: 'qwen3-235b-a22b',
    name: 'Qwen3-235B-A22B',
    family: 'qwen',
    aliases: ['qwen3 235b a22b', 'qwen3-235b', 'qwen3 235b', 'qwen-3-235b-a22b', 'qwen3-235b-a22b-instruct-2507', 'qwen3-235b-a22b-thinking-2507', 'qwen/qwen3-235b-a22b', 'qwen/qwen3-235b-a22b-instruct-2507'],
    arch: llamaStyle({
      layers: 94, hidden: 4096, heads: 64, kvHeads: 4, headDim: 128,
      ffn: 1536, experts: 128, expertsPerToken: 8,
      vocab: 151936, tiedEmbeddings: false, qkNorm: true,
    }),
    publishedParams: 235e9,
    source:
      'Qwen/Qwen3-235B-A22B config.json (94 layers, hidden 4096, 64 heads, 4 KV heads, head_dim 128, moe_intermediate_size 1536, ' +
      'num_experts 128, num_experts_per_tok 8); total: model card (235B total, 22B activated)',
  },
  {
    id: 'qwen3-coder-480b-a35b',
    name: 'Qwen3-Coder-480B-A35B',
    family: 'qwen',
    aliases: [
      'qwen3 coder 480b a35b', 'qwen3-coder-480b', 'qwen3 coder 480b', 'qwen3-coder-480b-a35b-instruct',
      'qwen/qwen3-coder-480b-a35b-instruct',
    ],
    arch: llamaStyle({
      layers: 62, hidden: 6144, heads: 96, kvHeads: 8, headDim: 128,
      ffn: 2560, experts: 160, expertsPerToken: 8,
      vocab: 151936, tiedEmbeddings: false, qkNorm: true,
    }),
    publishedParams: 480e9,
    source:
      'Qwen/Qwen3-Coder-480B-A35B-Instruct config.json (qwen3_moe: 62 layers, hidden 6144, 96 heads, 8 KV heads, head_dim 128, ' +
      'moe_intermediate_size 2560, num_experts 160, num_experts_per_tok 8, shared_expert_intermediate_size 0, vocab 151936, untied); ' +
      'total: model card (480B total, 35B activated)',
  },
  {
    // Hybrid attention (memory/linear-attention.ts): of the 48 layers every 4th is full (gated) attention,
    // the other 36 Gated DeltaNet; every layer is MoE (512 experts of 512, 10 a token, one shared expert of 512).
    id: 'qwen3-next-80b-a3b',
    name: 'Qwen3-Next-80B-A3B',
    family: 'qwen',
    aliases: [
      'qwen3 next 80b a3b', 'qwen3-next-80b', 'qwen3 next 80b', 'qwen3-next', 'qwen3 next', 'qwen3next-80b-a3b',
      'qwen3-next-80b-a3b-instruct', 'qwen3-next-80b-a3b-thinking', 'qwen3 next 80b a3b instruct', 'qwen3 next 80b a3b thinking',
      'qwen/qwen3-next-80b-a3b-instruct', 'qwen/qwen3-next-80b-a3b-thinking',
      // Qwen3-Coder-Next is this architecture trained for coding: its card's table (docker/model-runner
      // ai/qwen3-coder-next-vllm.md: 80B total, 3B active, 512 experts, 10 active and 1 shared, hidden 2048, 48 layers
      // of 3 Gated DeltaNet + 1 Gated Attention, 16 Q / 2 KV heads of 256, 32 V / 16 QK linear heads of 128; the
      // unsloth card in nerdpudding/llama_cpp tags it qwen3_next). Corpus c687, c1811 had refused as "Which model?".
      'qwen3-coder-next', 'qwen3 coder next', 'qwen3-coder-next-base', 'qwen3 coder next base', 'qwen/qwen3-coder-next', 'qwen/qwen3-coder-next-base',
    ],
    arch: llamaStyle({
      layers: 48, hidden: 2048, heads: 16, kvHeads: 2, headDim: 256,
      ffn: 512, experts: 512, expertsPerToken: 10, sharedFfn: 512,
      vocab: 151936, tiedEmbeddings: false, qkNorm: true,
      linearAttention: gatedDeltaNet(32),
    }),
    publishedParams: 80e9,
    source:
      'transformers models/qwen3_next/configuration_qwen3_next.py Qwen3NextConfig defaults, which are Qwen/Qwen3-Next-80B-A3B-Instruct\'s ' +
      'config.json (48 layers, hidden 2048, 16 heads, 2 KV heads, head_dim 256, moe_intermediate_size 512, shared_expert_intermediate_size 512, ' +
      'num_experts 512, num_experts_per_tok 10, vocab 151936, untied, full_attention_interval 4, linear_num_key_heads 16, ' +
      'linear_num_value_heads 32, linear_key_head_dim 128, linear_value_head_dim 128, linear_conv_kernel_dim 4); the same linear-attention ' +
      'shape in vllm-project kernels\' Qwen3-Next-80B presets; output gate: modeling_qwen3_next.py Qwen3NextAttention q_proj 2·a·d; ' +
      'total: model card (80B total, 3B activated)',
  },
];
