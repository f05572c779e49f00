import type { ModelSpec } from '../types.js';
import { gptStyle } from './shape.js';

/**
 * MosaicML's MPT (MPTForCausalLM, remote code; transformers models/mpt): ALiBi instead of
 * position embeddings, a fused Wqkv, a plain GELU MLP of expansion_ratio 4, no biases anywhere
 * (no_bias true: the LayerNorms have a scale only), and the LM head tied to wte. The formula's
 * LayerNorm counts a bias the model lacks (2·hidden a layer, 0.004% of the 7B).
 */
export const MPT_MODELS: readonly ModelSpec[] = [
  {
    id: 'mpt-7b',
    name: 'MPT-7B',
    family: 'mpt',
    aliases: ['mpt 7b', 'mpt-7b-instruct', 'mpt-7b-chat', 'mpt-7b-storywriter', 'mosaicml/mpt-7b', 'mosaicml/mpt-7b-instruct', 'mosaicml/mpt-7b-chat'],
    arch: gptStyle({
      layers: 32, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 16384, vocab: 50432,
      tiedEmbeddings: true, positions: 'alibi', attentionBias: 'none', mlpBias: false,
    }),
    // The shape counts 6.65B: the card's 6.7B is rounded (-0.8%).
    publishedParams: 6.7e9,
    source: 'mosaicml/mpt-7b config.json (d_model 4096, n_layers 32, n_heads 32, expansion_ratio 4, vocab_size 50432, max_seq_len 2048, alibi, no_bias); total: model card hyperparameter table (n_parameters 6.7B)',
  },
  {
    id: 'mpt-30b',
    name: 'MPT-30B',
    family: 'mpt',
    aliases: ['mpt 30b', 'mpt-30b-instruct', 'mpt-30b-chat', 'mosaicml/mpt-30b', 'mosaicml/mpt-30b-instruct', 'mosaicml/mpt-30b-chat'],
    arch: gptStyle({
      layers: 48, hidden: 7168, heads: 64, kvHeads: 64, headDim: 112, ffn: 28672, vocab: 50432,
      tiedEmbeddings: true, positions: 'alibi', attentionBias: 'none', mlpBias: false,
    }),
    publishedParams: 29.95e9,
    source: 'mosaicml/mpt-30b config.json (d_model 7168, n_layers 48, n_heads 64, expansion_ratio 4, vocab_size 50432, max_seq_len 8192); total: model card hyperparameter table (n_parameters 29.95B)',
  },
];
