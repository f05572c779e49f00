import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * Hugging Face's SmolLM2 (LlamaForCausalLM): multi-head attention (as many KV heads as query
 * heads) of head_dim 64, SwiGLU, RMSNorm, tied embeddings, a 49152-token vocabulary.
 */
export const SMOLLM_MODELS: readonly ModelSpec[] = [
  {
    id: 'smollm2-1.7b',
    name: 'SmolLM2-1.7B',
    family: 'smollm',
    aliases: ['smollm2 1.7b', 'smollm-2-1.7b', 'smollm2-1.7b-instruct', 'huggingfacetb/smollm2-1.7b', 'huggingfacetb/smollm2-1.7b-instruct'],
    arch: llamaStyle({ layers: 24, hidden: 2048, heads: 32, kvHeads: 32, headDim: 64, ffn: 8192, vocab: 49152, tiedEmbeddings: true }),
    publishedParams: 1.7e9,
    source:
      'HuggingFaceTB/SmolLM2-1.7B config.json (hidden 2048, intermediate 8192, 24 layers, 32 heads, 32 KV heads, head_dim 64, ' +
      'max_position_embeddings 8192, tie_word_embeddings true); total: model card ("1.7B", rounded)',
  },
];
