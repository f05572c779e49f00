import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * 01.AI's Yi and Yi-1.5 (LlamaForCausalLM with GQA, vocab 64000, untied). Yi-1.5 kept the Yi
 * shapes and added a 9B (48 layers of the 6B's width; also released as Yi-9B).
 */
export const YI_MODELS: readonly ModelSpec[] = [
  {
    id: 'yi-6b',
    name: 'Yi-6B',
    family: 'yi',
    aliases: ['yi 6b', 'yi-6b-chat', 'yi-6b-200k', 'yi-1.5-6b', 'yi 1.5 6b', 'yi1.5-6b', 'yi-1.5-6b-chat', '01-ai/yi-6b', '01-ai/yi-1.5-6b', '01-ai/yi-1.5-6b-chat'],
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 4, headDim: 128, ffn: 11008, vocab: 64000, tiedEmbeddings: false }),
    publishedParams: 6.06e9,
    source: '01-ai/Yi-6B and 01-ai/Yi-1.5-6B config.json (same shape); total: Hugging Face model page safetensors count (6.06B)',
  },
  {
    id: 'yi-1.5-9b',
    name: 'Yi-1.5-9B',
    family: 'yi',
    aliases: ['yi 1.5 9b', 'yi1.5-9b', 'yi-1.5-9b-chat', 'yi-9b', 'yi 9b', 'yi-9b-200k', '01-ai/yi-1.5-9b', '01-ai/yi-1.5-9b-chat', '01-ai/yi-9b'],
    arch: llamaStyle({ layers: 48, hidden: 4096, heads: 32, kvHeads: 4, headDim: 128, ffn: 11008, vocab: 64000, tiedEmbeddings: false }),
    publishedParams: 8.83e9,
    source: '01-ai/Yi-1.5-9B config.json; total: Hugging Face model page safetensors count (8.83B)',
  },
  {
    id: 'yi-34b',
    name: 'Yi-34B',
    family: 'yi',
    aliases: ['yi 34b', 'yi-34b-chat', 'yi-34b-200k', 'yi-1.5-34b', 'yi 1.5 34b', 'yi1.5-34b', 'yi-1.5-34b-chat', '01-ai/yi-34b', '01-ai/yi-1.5-34b', '01-ai/yi-1.5-34b-chat'],
    arch: llamaStyle({ layers: 60, hidden: 7168, heads: 56, kvHeads: 8, headDim: 128, ffn: 20480, vocab: 64000, tiedEmbeddings: false }),
    publishedParams: 34.4e9,
    source: '01-ai/Yi-34B and 01-ai/Yi-1.5-34B config.json (same shape); total: Hugging Face model page safetensors count (34.4B)',
  },
];
