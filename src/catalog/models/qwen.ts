import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * Alibaba's Qwen2.5 (Qwen2ForCausalLM: bias on q, k, v only) and Qwen3 dense models
 * (Qwen3ForCausalLM: no biases, RMSNorm on each query and key head).
 * Totals: KerasHub presets (keras_hub/src/models/qwen{,3}/*_presets.py) or the model cards.
 */

/** Qwen3 q_norm and k_norm: one RMSNorm scale of head_dim each, per layer (modeling_qwen3.py). */
function qkNormParams(layers: number, headDim: number): number {
  return layers * 2 * headDim;
}

export const QWEN_MODELS: readonly ModelSpec[] = [
  {
    id: 'qwen2.5-0.5b',
    name: 'Qwen2.5-0.5B',
    family: 'qwen',
    aliases: ['qwen2.5 0.5b', 'qwen-2.5-0.5b', 'qwen2.5-0.5b-instruct', 'qwen/qwen2.5-0.5b'],
    arch: llamaStyle({ layers: 24, hidden: 896, heads: 14, kvHeads: 2, headDim: 64, ffn: 4864, vocab: 151936, tiedEmbeddings: true, attentionBias: 'qkv' }),
    publishedParams: 494_032_768,
    source: 'Qwen/Qwen2.5-0.5B config.json; total: KerasHub qwen2.5_0.5b_en preset (494,032,768)',
  },
  {
    id: 'qwen2.5-1.5b',
    name: 'Qwen2.5-1.5B',
    family: 'qwen',
    aliases: ['qwen2.5 1.5b', 'qwen-2.5-1.5b', 'qwen2.5-1.5b-instruct', 'qwen/qwen2.5-1.5b'],
    arch: llamaStyle({ layers: 28, hidden: 1536, heads: 12, kvHeads: 2, headDim: 128, ffn: 8960, vocab: 151936, tiedEmbeddings: true, attentionBias: 'qkv' }),
    publishedParams: 1.54e9,
    source: 'Qwen/Qwen2.5-1.5B config.json; total: model card (1.54B)',
  },
  {
    id: 'qwen2.5-3b',
    name: 'Qwen2.5-3B',
    family: 'qwen',
    aliases: ['qwen2.5 3b', 'qwen-2.5-3b', 'qwen2.5-3b-instruct', 'qwen/qwen2.5-3b'],
    arch: llamaStyle({ layers: 36, hidden: 2048, heads: 16, kvHeads: 2, headDim: 128, ffn: 11008, vocab: 151936, tiedEmbeddings: true, attentionBias: 'qkv' }),
    publishedParams: 3_085_938_688,
    source: 'Qwen/Qwen2.5-3B config.json; total: KerasHub qwen2.5_3b_en preset (3,085,938,688)',
  },
  {
    id: 'qwen2.5-7b',
    name: 'Qwen2.5-7B',
    family: 'qwen',
    aliases: ['qwen2.5 7b', 'qwen-2.5-7b', 'qwen2.5-7b-instruct', 'qwen/qwen2.5-7b'],
    arch: llamaStyle({ layers: 28, hidden: 3584, heads: 28, kvHeads: 4, headDim: 128, ffn: 18944, vocab: 152064, tiedEmbeddings: false, attentionBias: 'qkv' }),
    publishedParams: 7.61e9,
    source: 'Qwen/Qwen2.5-7B config.json; total: model card (7.61B)',
  },
  {
    id: 'qwen2.5-14b',
    name: 'Qwen2.5-14B',
    family: 'qwen',
    aliases: ['qwen2.5 14b', 'qwen-2.5-14b', 'qwen2.5-14b-instruct', 'qwen/qwen2.5-14b'],
    arch: llamaStyle({ layers: 48, hidden: 5120, heads: 40, kvHeads: 8, headDim: 128, ffn: 13824, vocab: 152064, tiedEmbeddings: false, attentionBias: 'qkv' }),
    publishedParams: 14.7e9,
    source: 'Qwen/Qwen2.5-14B config.json; total: model card (14.7B, rounded down: the bf16 safetensors hold 14.77B)',
  },
  {
    id: 'qwen2.5-32b',
    name: 'Qwen2.5-32B',
    family: 'qwen',
    aliases: [
      'qwen2.5 32b', 'qwen-2.5-32b', 'qwen2.5-32b-instruct', 'qwen/qwen2.5-32b',
      // QwQ-32B is a Qwen2.5-32B fine-tune of the same shape (model card: base_model Qwen/Qwen2.5-32B, 64 layers, 40 / 8 heads, QKV bias, 32.5B).
      'qwq', 'qwq 32b', 'qwq-32b', 'qwq-32b-preview', 'qwen-qwq-32b', 'qwen/qwq-32b', 'qwen/qwq-32b-preview',
    ],
    arch: llamaStyle({ layers: 64, hidden: 5120, heads: 40, kvHeads: 8, headDim: 128, ffn: 27648, vocab: 152064, tiedEmbeddings: false, attentionBias: 'qkv' }),
    publishedParams: 32_763_876_352,
    source:
      'Qwen/Qwen2.5-32B config.json; Qwen/QwQ-32B-Preview config.json is the same (hidden 5120, intermediate 27648, 64 layers, 40 heads, 8 KV heads, ' +
      'vocab 152064, untied); total: KerasHub qwen2.5_instruct_32b_en preset (32,763,876,352)',
  },
  {
    id: 'qwen2.5-72b',
    name: 'Qwen2.5-72B',
    family: 'qwen',
    aliases: ['qwen2.5 72b', 'qwen-2.5-72b', 'qwen2.5-72b-instruct', 'qwen/qwen2.5-72b'],
    arch: llamaStyle({ layers: 80, hidden: 8192, heads: 64, kvHeads: 8, headDim: 128, ffn: 29568, vocab: 152064, tiedEmbeddings: false, attentionBias: 'qkv' }),
    publishedParams: 72_706_203_648,
    source: 'Qwen/Qwen2.5-72B config.json; total: KerasHub qwen2.5_instruct_72b_en preset (72,706,203,648)',
  },
  {
    id: 'qwen3-0.6b',
    name: 'Qwen3-0.6B',
    family: 'qwen',
    aliases: ['qwen3 0.6b', 'qwen-3-0.6b', 'qwen3-0.6b-base', 'qwen/qwen3-0.6b'],
    arch: llamaStyle({ layers: 28, hidden: 1024, heads: 16, kvHeads: 8, headDim: 128, ffn: 3072, vocab: 151936, tiedEmbeddings: true, extraParams: qkNormParams(28, 128) }),
    publishedParams: 596_049_920,
    source: 'Qwen/Qwen3-0.6B config.json; total: KerasHub qwen3_0.6b_en preset (596,049,920)',
  },
  {
    id: 'qwen3-1.7b',
    name: 'Qwen3-1.7B',
    family: 'qwen',
    aliases: ['qwen3 1.7b', 'qwen-3-1.7b', 'qwen3-1.7b-base', 'qwen/qwen3-1.7b'],
    arch: llamaStyle({ layers: 28, hidden: 2048, heads: 16, kvHeads: 8, headDim: 128, ffn: 6144, vocab: 151936, tiedEmbeddings: true, extraParams: qkNormParams(28, 128) }),
    publishedParams: 1_720_574_976,
    source: 'Qwen/Qwen3-1.7B config.json; total: KerasHub qwen3_1.7b_en preset (1,720,574,976)',
  },
  {
    id: 'qwen3-4b',
    name: 'Qwen3-4B',
    family: 'qwen',
    aliases: ['qwen3 4b', 'qwen-3-4b', 'qwen3-4b-base', 'qwen/qwen3-4b'],
    arch: llamaStyle({ layers: 36, hidden: 2560, heads: 32, kvHeads: 8, headDim: 128, ffn: 9728, vocab: 151936, tiedEmbeddings: true, extraParams: qkNormParams(36, 128) }),
    publishedParams: 4_022_468_096,
    source: 'Qwen/Qwen3-4B config.json; total: KerasHub qwen3_4b_en preset (4,022,468,096)',
  },
  {
    id: 'qwen3-8b',
    name: 'Qwen3-8B',
    family: 'qwen',
    aliases: ['qwen3 8b', 'qwen-3-8b', 'qwen3-8b-base', 'qwen/qwen3-8b'],
    arch: llamaStyle({ layers: 36, hidden: 4096, heads: 32, kvHeads: 8, headDim: 128, ffn: 12288, vocab: 151936, tiedEmbeddings: false, extraParams: qkNormParams(36, 128) }),
    publishedParams: 8_190_735_360,
    source: 'Qwen/Qwen3-8B config.json; total: KerasHub qwen3_8b_en preset (8,190,735,360)',
  },
  {
    id: 'qwen3-14b',
    name: 'Qwen3-14B',
    family: 'qwen',
    aliases: ['qwen3 14b', 'qwen-3-14b', 'qwen3-14b-base', 'qwen/qwen3-14b'],
    arch: llamaStyle({ layers: 40, hidden: 5120, heads: 40, kvHeads: 8, headDim: 128, ffn: 17408, vocab: 151936, tiedEmbeddings: false, extraParams: qkNormParams(40, 128) }),
    publishedParams: 14_768_307_200,
    source: 'Qwen/Qwen3-14B config.json; total: KerasHub qwen3_14b_en preset (14,768,307,200)',
  },
  {
    id: 'qwen3-32b',
    name: 'Qwen3-32B',
    family: 'qwen',
    aliases: ['qwen3 32b', 'qwen-3-32b', 'qwen/qwen3-32b'],
    // head_dim 128 with 64 query heads: the query projection (8192) is wider than hidden (5120).
    arch: llamaStyle({ layers: 64, hidden: 5120, heads: 64, kvHeads: 8, headDim: 128, ffn: 25600, vocab: 151936, tiedEmbeddings: false, extraParams: qkNormParams(64, 128) }),
    publishedParams: 32_762_123_264,
    source: 'Qwen/Qwen3-32B config.json; total: KerasHub qwen3_32b_en preset (32,762,123,264)',
  },
];
