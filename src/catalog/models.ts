import type { ModelSpec } from './types.js';

/** Open models with their published architecture (config.json) and total parameter count. */
export const MODELS: readonly ModelSpec[] = [
  {
    id: 'llama-2-7b',
    name: 'Llama-2-7B',
    family: 'llama',
    aliases: ['llama2-7b', 'llama-2-7b-hf', 'llama 2 7b'],
    arch: {
      layers: 32, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 11008, vocab: 32000,
      mlp: 'gated', norm: 'rmsnorm', tiedEmbeddings: false, positions: 'rope',
      attentionBias: 'none', mlpBias: false,
    },
    publishedParams: 6_738_415_616,
    source: 'meta-llama/Llama-2-7b-hf config.json; total from the safetensors index',
  },
  {
    id: 'llama-2-13b',
    name: 'Llama-2-13B',
    family: 'llama',
    aliases: ['llama2-13b', 'llama 2 13b'],
    arch: {
      layers: 40, hidden: 5120, heads: 40, kvHeads: 40, headDim: 128, ffn: 13824, vocab: 32000,
      mlp: 'gated', norm: 'rmsnorm', tiedEmbeddings: false, positions: 'rope',
      attentionBias: 'none', mlpBias: false,
    },
    publishedParams: 13_015_864_320,
    source: 'meta-llama/Llama-2-13b-hf config.json; total from the safetensors index',
  },
];
