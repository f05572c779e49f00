import type { ModelSpec } from '../types.js';
import { gptStyle } from './shape.js';

/**
 * BigCode's StarCoder (GPTBigCodeForCausalLM: multi-query attention, learned positions, GPT-2
 * block, LM head tied to wte) and StarCoder2 (Starcoder2ForCausalLM: GQA with RoPE, LayerNorm
 * and plain GELU MLP with biases (use_bias true), a 4096-token sliding window in every layer).
 */
export const STARCODER_MODELS: readonly ModelSpec[] = [
  {
    id: 'starcoder',
    name: 'StarCoder-15.5B',
    family: 'starcoder',
    aliases: ['starcoder 15b', 'starcoder-15b', 'starcoder-15.5b', 'starcoderbase', 'starcoderbase-15b', 'starcoderplus', 'bigcode/starcoder', 'bigcode/starcoderbase', 'bigcode/starcoderplus'],
    arch: gptStyle({
      layers: 40, hidden: 6144, heads: 48, kvHeads: 1, headDim: 128, ffn: 24576,
      vocab: 49152, tiedEmbeddings: true, positions: 'learned', maxPositions: 8192,
    }),
    publishedParams: 15.5e9,
    source: 'bigcode/starcoder config.json (n_embd 6144, n_layer 40, n_head 48, multi_query, n_inner 24576, n_positions 8192); total: model card (15.5B)',
  },
  {
    id: 'starcoder2-3b',
    name: 'StarCoder2-3B',
    family: 'starcoder',
    aliases: ['starcoder2 3b', 'starcoder-2-3b', 'bigcode/starcoder2-3b'],
    arch: gptStyle({
      layers: 30, hidden: 3072, heads: 24, kvHeads: 2, headDim: 128, ffn: 12288,
      vocab: 49152, tiedEmbeddings: true, positions: 'rope', slidingWindow: 4096,
    }),
    publishedParams: 3.03e9,
    source: 'bigcode/starcoder2-3b config.json (tie_word_embeddings true); total: Hugging Face model page safetensors count (3.03B)',
  },
  {
    id: 'starcoder2-7b',
    name: 'StarCoder2-7B',
    family: 'starcoder',
    aliases: ['starcoder2 7b', 'starcoder-2-7b', 'bigcode/starcoder2-7b'],
    arch: gptStyle({
      layers: 32, hidden: 4608, heads: 36, kvHeads: 4, headDim: 128, ffn: 18432,
      vocab: 49152, tiedEmbeddings: true, positions: 'rope', slidingWindow: 4096,
    }),
    publishedParams: 7.17e9,
    source: 'bigcode/starcoder2-7b config.json (tie_word_embeddings true); total: Hugging Face model page safetensors count (7.17B)',
  },
  {
    id: 'starcoder2-15b',
    name: 'StarCoder2-15B',
    family: 'starcoder',
    aliases: ['starcoder2 15b', 'starcoder-2-15b', 'starcoder2', 'starcoder2-15b-instruct-v0.1', 'bigcode/starcoder2-15b', 'bigcode/starcoder2-15b-instruct-v0.1'],
    arch: gptStyle({
      layers: 40, hidden: 6144, heads: 48, kvHeads: 4, headDim: 128, ffn: 24576,
      vocab: 49152, tiedEmbeddings: false, positions: 'rope', slidingWindow: 4096,
    }),
    publishedParams: 15.96e9,
    source: 'bigcode/starcoder2-15b config.json (tie_word_embeddings false); total: Hugging Face model page safetensors count (16B: 15.96B)',
  },
  {
    id: 'santacoder-1.1b',
    name: 'SantaCoder-1.1B',
    // Its own family: "starcoder 1b" is StarCoderBase-1B, not this model.
    family: 'santacoder',
    aliases: ['santacoder', 'santa coder', 'santacoder 1.1b', 'santacoder-1.1b', 'bigcode/santacoder', 'bigcode/gpt_bigcode-santacoder', 'gpt_bigcode-santacoder'],
    // GPTBigCodeForCausalLM with multi-query attention (one 128-wide K/V head), learned positions, tied lm_head.
    arch: gptStyle({
      layers: 24, hidden: 2048, heads: 16, kvHeads: 1, headDim: 128, ffn: 8192,
      vocab: 49280, tiedEmbeddings: true, positions: 'learned', maxPositions: 2048,
    }),
    publishedParams: 1.1e9,
    source:
      'bigcode/gpt_bigcode-santacoder config.json (gpt_bigcode: n_embd 2048, n_head 16, n_inner 8192, n_layer 24, n_positions 2048, ' +
      'vocab_size 49280, multi_query true); total: model card (1.1B; the shape counts 1.12B)',
  },
];
