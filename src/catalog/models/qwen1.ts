import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * Alibaba's first Qwen generation (QWenLMHeadModel, remote code modeling_qwen.py): multi-head
 * attention through one fused c_attn (hidden → 3·hidden, with bias) and c_proj without bias; a
 * SwiGLU MLP of w1, w2 (hidden → intermediate_size / 2 each) and c_proj back, no biases
 * (no_bias true); RMSNorm; untied lm_head. config.json's intermediate_size counts w1 and w2
 * together, so the catalog's ffn is half of it (Qwen-7B: 22016 / 2 = 11008). Superseded by
 * Qwen1.5, Qwen2 and Qwen2.5 at the same sizes, but "Qwen-7B" / "Qwen-14B-Chat" name this
 * generation: its 151,936 / 152,064 vocabulary and multi-head KV cache are what set it apart.
 * Named with its size only: "qwen" alone is the current generation (ModelSpec.sizeOnly).
 * Totals: Hugging Face model page safetensors counts.
 */
export const QWEN1_MODELS: readonly ModelSpec[] = [
  {
    id: 'qwen-1.8b',
    name: 'Qwen-1.8B',
    family: 'qwen',
    aliases: ['qwen 1.8b', 'qwen-1_8b', 'qwen-1.8b-chat', 'qwen-1_8b-chat', 'qwen/qwen-1_8b', 'qwen/qwen-1_8b-chat', 'qwen1-1.8b'],
    arch: llamaStyle({ layers: 24, hidden: 2048, heads: 16, kvHeads: 16, headDim: 128, ffn: 5504, vocab: 151936, tiedEmbeddings: false, attentionBias: 'qkv' }),
    publishedParams: 1.84e9,
    superseded: true,
    sizeOnly: true,
    source: 'Qwen/Qwen-1_8B config.json (hidden_size 2048, num_hidden_layers 24, num_attention_heads 16, kv_channels 128, intermediate_size 11008 = w1 + w2, vocab_size 151936, no_bias true); total: Hugging Face model page safetensors count (1.84B)',
  },
  {
    id: 'qwen-7b',
    name: 'Qwen-7B',
    family: 'qwen',
    aliases: ['qwen 7b', 'qwen-7b-chat', 'qwen/qwen-7b', 'qwen/qwen-7b-chat', 'qwen1-7b', 'qwen-1-7b'],
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 11008, vocab: 151936, tiedEmbeddings: false, attentionBias: 'qkv' }),
    publishedParams: 7.72e9,
    superseded: true,
    sizeOnly: true,
    source: 'Qwen/Qwen-7B config.json (hidden_size 4096, num_hidden_layers 32, num_attention_heads 32, kv_channels 128, intermediate_size 22016 = w1 + w2, vocab_size 151936, no_bias true, tie_word_embeddings false); total: Hugging Face model page safetensors count (7.72B)',
  },
  {
    id: 'qwen-14b',
    name: 'Qwen-14B',
    family: 'qwen',
    aliases: ['qwen 14b', 'qwen-14b-chat', 'qwen/qwen-14b', 'qwen/qwen-14b-chat', 'qwen1-14b', 'qwen-1-14b'],
    arch: llamaStyle({ layers: 40, hidden: 5120, heads: 40, kvHeads: 40, headDim: 128, ffn: 13696, vocab: 152064, tiedEmbeddings: false, attentionBias: 'qkv' }),
    publishedParams: 14.2e9,
    superseded: true,
    sizeOnly: true,
    source: 'Qwen/Qwen-14B config.json (hidden_size 5120, num_hidden_layers 40, num_attention_heads 40, kv_channels 128, intermediate_size 27392 = w1 + w2, vocab_size 152064); total: Hugging Face model page safetensors count (14.2B; the shape counts 14.17B)',
  },
  {
    id: 'qwen-72b',
    name: 'Qwen-72B',
    family: 'qwen',
    aliases: ['qwen 72b', 'qwen-72b-chat', 'qwen/qwen-72b', 'qwen/qwen-72b-chat', 'qwen1-72b', 'qwen-1-72b'],
    arch: llamaStyle({ layers: 80, hidden: 8192, heads: 64, kvHeads: 64, headDim: 128, ffn: 24576, vocab: 152064, tiedEmbeddings: false, attentionBias: 'qkv' }),
    publishedParams: 72.3e9,
    superseded: true,
    sizeOnly: true,
    source: 'Qwen/Qwen-72B config.json (hidden_size 8192, num_hidden_layers 80, num_attention_heads 64, kv_channels 128, intermediate_size 49152 = w1 + w2, vocab_size 152064); total: Hugging Face model page safetensors count (72.3B)',
  },
];
