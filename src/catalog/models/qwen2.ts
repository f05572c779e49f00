import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * Alibaba's Qwen2 and Qwen1.5 dense models (Qwen2ForCausalLM: bias on q, k, v only, RMSNorm,
 * SwiGLU). Qwen2 brought GQA to every size; Qwen1.5 is multi-head except 32B and 110B.
 * Only Qwen2 0.5B and 1.5B tie the LM head to the embedding; every Qwen1.5 size is untied.
 * Qwen2-7B and -72B have the shapes Qwen2.5 later kept. Qwen2.5 supersedes both generations:
 * a family and a size read as Qwen2.5 or Qwen3, never these ("Qwen-14B", "qwen 14b" is the first
 * Qwen's own name: qwen1.ts).
 */
export const QWEN2_MODELS: readonly ModelSpec[] = [
  {
    id: 'qwen2-0.5b',
    name: 'Qwen2-0.5B',
    family: 'qwen',
    aliases: ['qwen2 0.5b', 'qwen-2-0.5b', 'qwen2-0.5b-instruct', 'qwen/qwen2-0.5b', 'qwen/qwen2-0.5b-instruct'],
    arch: llamaStyle({ layers: 24, hidden: 896, heads: 14, kvHeads: 2, headDim: 64, ffn: 4864, vocab: 151936, tiedEmbeddings: true, attentionBias: 'qkv' }),
    publishedParams: 494e6,
    superseded: true,
    source: 'Qwen/Qwen2-0.5B config.json; total: Hugging Face model page safetensors count (494M)',
  },
  {
    id: 'qwen2-1.5b',
    name: 'Qwen2-1.5B',
    family: 'qwen',
    aliases: ['qwen2 1.5b', 'qwen-2-1.5b', 'qwen2-1.5b-instruct', 'qwen/qwen2-1.5b', 'qwen/qwen2-1.5b-instruct'],
    arch: llamaStyle({ layers: 28, hidden: 1536, heads: 12, kvHeads: 2, headDim: 128, ffn: 8960, vocab: 151936, tiedEmbeddings: true, attentionBias: 'qkv' }),
    publishedParams: 1.54e9,
    superseded: true,
    source: 'Qwen/Qwen2-1.5B config.json; total: Hugging Face model page safetensors count (1.54B)',
  },
  {
    id: 'qwen2-7b',
    name: 'Qwen2-7B',
    family: 'qwen',
    aliases: ['qwen2 7b', 'qwen-2-7b', 'qwen2-7b-instruct', 'qwen/qwen2-7b', 'qwen/qwen2-7b-instruct'],
    arch: llamaStyle({ layers: 28, hidden: 3584, heads: 28, kvHeads: 4, headDim: 128, ffn: 18944, vocab: 152064, tiedEmbeddings: false, attentionBias: 'qkv' }),
    publishedParams: 7.62e9,
    superseded: true,
    source: 'Qwen/Qwen2-7B config.json; total: Hugging Face model page safetensors count (7.62B)',
  },
  {
    id: 'qwen2-72b',
    name: 'Qwen2-72B',
    family: 'qwen',
    aliases: ['qwen2 72b', 'qwen-2-72b', 'qwen2-72b-instruct', 'qwen/qwen2-72b', 'qwen/qwen2-72b-instruct'],
    arch: llamaStyle({ layers: 80, hidden: 8192, heads: 64, kvHeads: 8, headDim: 128, ffn: 29568, vocab: 152064, tiedEmbeddings: false, attentionBias: 'qkv' }),
    publishedParams: 72.7e9,
    superseded: true,
    source: 'Qwen/Qwen2-72B config.json; total: Hugging Face model page safetensors count (72.7B)',
  },
  {
    // Qwen2's one MoE (Qwen2MoeForCausalLM): every layer sparse, 64 experts of 2560, 8 a token, beside one
    // shared expert of 20480 whose output a sigmoid gate scales (shared_expert_gate, Linear(hidden, 1) a layer: the
    // extra 28 × 3584); bias on q, k, v as in the dense Qwen2.
    id: 'qwen2-57b-a14b',
    name: 'Qwen2-57B-A14B',
    family: 'qwen',
    aliases: [
      'qwen2 57b a14b', 'qwen2-57b', 'qwen2 57b', 'qwen-2-57b-a14b', 'qwen2-57b-a14b-instruct', 'qwen2:57b',
      'qwen/qwen2-57b-a14b', 'qwen/qwen2-57b-a14b-instruct',
    ],
    arch: llamaStyle({
      layers: 28, hidden: 3584, heads: 28, kvHeads: 4, headDim: 128,
      ffn: 2560, experts: 64, expertsPerToken: 8, sharedFfn: 20480,
      vocab: 151936, tiedEmbeddings: false, attentionBias: 'qkv', extraParams: 28 * 3584,
    }),
    publishedParams: 57.41e9,
    source:
      'Qwen/Qwen2-57B-A14B config.json as NVIDIA/TensorRT-LLM tests/unittest/_torch/modeling/test_modeling_qwen_moe.py copies it ' +
      '(QWEN2_57B_A14B_CONFIG: Qwen2MoeForCausalLM, 28 layers, hidden 3584, 28 heads, 4 KV heads, moe_intermediate_size 2560, ' +
      'num_experts 64, num_experts_per_tok 8, shared_expert_intermediate_size 20480, vocab 151936, untied); total: the Qwen2 blog\'s ' +
      'model table as InternLM/lmdeploy#1782 quotes it (57.41B)',
  },
  {
    id: 'qwen1.5-0.5b',
    name: 'Qwen1.5-0.5B',
    family: 'qwen',
    aliases: ['qwen1.5 0.5b', 'qwen-1.5-0.5b', 'qwen1.5-0.5b-chat', 'qwen/qwen1.5-0.5b', 'qwen/qwen1.5-0.5b-chat'],
    arch: llamaStyle({ layers: 24, hidden: 1024, heads: 16, kvHeads: 16, headDim: 64, ffn: 2816, vocab: 151936, tiedEmbeddings: false, attentionBias: 'qkv' }),
    publishedParams: 620e6,
    superseded: true,
    source: 'Qwen/Qwen1.5-0.5B config.json; total: Hugging Face model page safetensors count (620M)',
  },
  {
    id: 'qwen1.5-1.8b',
    name: 'Qwen1.5-1.8B',
    family: 'qwen',
    aliases: ['qwen1.5 1.8b', 'qwen-1.5-1.8b', 'qwen1.5-1.8b-chat', 'qwen/qwen1.5-1.8b', 'qwen/qwen1.5-1.8b-chat'],
    arch: llamaStyle({ layers: 24, hidden: 2048, heads: 16, kvHeads: 16, headDim: 128, ffn: 5504, vocab: 151936, tiedEmbeddings: false, attentionBias: 'qkv' }),
    publishedParams: 1.84e9,
    superseded: true,
    source: 'Qwen/Qwen1.5-1.8B config.json; total: Hugging Face model page safetensors count (1.84B)',
  },
  {
    id: 'qwen1.5-4b',
    name: 'Qwen1.5-4B',
    family: 'qwen',
    aliases: ['qwen1.5 4b', 'qwen-1.5-4b', 'qwen1.5-4b-chat', 'qwen/qwen1.5-4b', 'qwen/qwen1.5-4b-chat'],
    arch: llamaStyle({ layers: 40, hidden: 2560, heads: 20, kvHeads: 20, headDim: 128, ffn: 6912, vocab: 151936, tiedEmbeddings: false, attentionBias: 'qkv' }),
    publishedParams: 3.95e9,
    superseded: true,
    source: 'Qwen/Qwen1.5-4B config.json; total: Hugging Face model page safetensors count (3.95B)',
  },
  {
    id: 'qwen1.5-7b',
    name: 'Qwen1.5-7B',
    family: 'qwen',
    aliases: ['qwen1.5 7b', 'qwen-1.5-7b', 'qwen1.5-7b-chat', 'qwen/qwen1.5-7b', 'qwen/qwen1.5-7b-chat'],
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 11008, vocab: 151936, tiedEmbeddings: false, attentionBias: 'qkv' }),
    publishedParams: 7.72e9,
    superseded: true,
    source: 'Qwen/Qwen1.5-7B config.json; total: Hugging Face model page safetensors count (7.72B)',
  },
  {
    id: 'qwen1.5-14b',
    name: 'Qwen1.5-14B',
    family: 'qwen',
    aliases: ['qwen1.5 14b', 'qwen-1.5-14b', 'qwen1.5-14b-chat', 'qwen/qwen1.5-14b', 'qwen/qwen1.5-14b-chat'],
    arch: llamaStyle({ layers: 40, hidden: 5120, heads: 40, kvHeads: 40, headDim: 128, ffn: 13696, vocab: 152064, tiedEmbeddings: false, attentionBias: 'qkv' }),
    publishedParams: 14.2e9,
    superseded: true,
    source: 'Qwen/Qwen1.5-14B config.json; total: Hugging Face model page safetensors count (14.2B)',
  },
  {
    id: 'qwen1.5-32b',
    name: 'Qwen1.5-32B',
    family: 'qwen',
    aliases: ['qwen1.5 32b', 'qwen-1.5-32b', 'qwen1.5-32b-chat', 'qwen/qwen1.5-32b', 'qwen/qwen1.5-32b-chat'],
    arch: llamaStyle({ layers: 64, hidden: 5120, heads: 40, kvHeads: 8, headDim: 128, ffn: 27392, vocab: 152064, tiedEmbeddings: false, attentionBias: 'qkv' }),
    publishedParams: 32.5e9,
    superseded: true,
    source: 'Qwen/Qwen1.5-32B config.json; total: Hugging Face model page safetensors count (32.5B)',
  },
  {
    id: 'qwen1.5-72b',
    name: 'Qwen1.5-72B',
    family: 'qwen',
    aliases: ['qwen1.5 72b', 'qwen-1.5-72b', 'qwen1.5-72b-chat', 'qwen/qwen1.5-72b', 'qwen/qwen1.5-72b-chat'],
    arch: llamaStyle({ layers: 80, hidden: 8192, heads: 64, kvHeads: 64, headDim: 128, ffn: 24576, vocab: 152064, tiedEmbeddings: false, attentionBias: 'qkv' }),
    publishedParams: 72.3e9,
    superseded: true,
    source: 'Qwen/Qwen1.5-72B config.json; total: Hugging Face model page safetensors count (72.3B)',
  },
  {
    id: 'qwen1.5-110b',
    name: 'Qwen1.5-110B',
    family: 'qwen',
    aliases: ['qwen1.5 110b', 'qwen-1.5-110b', 'qwen1.5-110b-chat', 'qwen/qwen1.5-110b', 'qwen/qwen1.5-110b-chat'],
    arch: llamaStyle({ layers: 80, hidden: 8192, heads: 64, kvHeads: 8, headDim: 128, ffn: 49152, vocab: 152064, tiedEmbeddings: false, attentionBias: 'qkv' }),
    publishedParams: 111e9,
    superseded: true,
    source: 'Qwen/Qwen1.5-110B config.json; total: Hugging Face model page safetensors count (111B)',
  },
];
