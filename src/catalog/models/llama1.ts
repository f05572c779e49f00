import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * Meta's original LLaMA (Touvron et al. 2023, "LLaMA: Open and Efficient Foundation Language
 * Models", Table 2: dimension, heads, layers), as converted to LlamaForCausalLM
 * (huggyllama/llama-*): SwiGLU of 2/3·4h rounded up to a multiple of 256, vocab 32000, untied.
 * "llama-7b" and "llama-13b" are LLaMA-1's own Hub names (issue 11); their shapes are Llama 2's 7B
 * and 13B too. The family carries the "1" so a size read in Llama's family finds Llama 2 first.
 */
export const LLAMA1_MODELS: readonly ModelSpec[] = [
  {
    id: 'llama-1-7b',
    name: 'LLaMA-1-7B',
    family: 'llama1',
    aliases: ['llama-7b', 'llama1-7b', 'llama 1 7b', 'llama-v1-7b', 'huggyllama/llama-7b', 'decapoda-research/llama-7b-hf'],
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 11008, vocab: 32000, tiedEmbeddings: false }),
    publishedParams: 6.7e9,
    source: 'huggyllama/llama-7b config.json; total: LLaMA paper Table 2 (6.7B)',
  },
  {
    id: 'llama-1-13b',
    name: 'LLaMA-1-13B',
    family: 'llama1',
    aliases: ['llama-13b', 'llama1-13b', 'llama 1 13b', 'llama-v1-13b', 'huggyllama/llama-13b', 'decapoda-research/llama-13b-hf'],
    arch: llamaStyle({ layers: 40, hidden: 5120, heads: 40, kvHeads: 40, headDim: 128, ffn: 13824, vocab: 32000, tiedEmbeddings: false }),
    publishedParams: 13.0e9,
    source: 'huggyllama/llama-13b config.json; total: LLaMA paper Table 2 (13.0B)',
  },
  {
    id: 'llama-1-33b',
    name: 'LLaMA-1-33B',
    family: 'llama1',
    // Released as "30B"; the paper's table calls it 33B (32.5B parameters).
    aliases: ['llama1-33b', 'llama 1 33b', 'llama-33b', 'llama-30b', 'llama1-30b', 'llama 1 30b', 'huggyllama/llama-30b', 'decapoda-research/llama-30b-hf'],
    arch: llamaStyle({ layers: 60, hidden: 6656, heads: 52, kvHeads: 52, headDim: 128, ffn: 17920, vocab: 32000, tiedEmbeddings: false }),
    publishedParams: 32.5e9,
    source: 'huggyllama/llama-30b config.json; total: LLaMA paper Table 2 (32.5B)',
  },
  {
    id: 'llama-1-65b',
    name: 'LLaMA-1-65B',
    family: 'llama1',
    aliases: ['llama1-65b', 'llama 1 65b', 'llama-65b', 'huggyllama/llama-65b', 'decapoda-research/llama-65b-hf'],
    arch: llamaStyle({ layers: 80, hidden: 8192, heads: 64, kvHeads: 64, headDim: 128, ffn: 22016, vocab: 32000, tiedEmbeddings: false }),
    publishedParams: 65.2e9,
    source: 'huggyllama/llama-65b config.json; total: LLaMA paper Table 2 (65.2B)',
  },
];
