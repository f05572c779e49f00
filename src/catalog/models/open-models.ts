import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * Open reproductions trained from scratch: OpenLM Research's OpenLLaMA (LLaMA's architecture and
 * tokenizer size, trained with EasyLM) and AI2's OLMo 1 (OlmoForCausalLM: SwiGLU, no biases,
 * tied embeddings, a LayerNorm without parameters).
 */
export const OPEN_MODELS: readonly ModelSpec[] = [
  {
    id: 'open-llama-3b-v2',
    name: 'OpenLLaMA-3B-v2',
    family: 'openllama',
    aliases: ['open_llama_3b_v2', 'open-llama-3b-v2', 'open llama 3b v2', 'openllama-3b-v2', 'openllama 3b v2', 'openlm-research/open_llama_3b_v2', 'open_llama_3b', 'open-llama-3b', 'openlm-research/open_llama_3b'],
    arch: llamaStyle({ layers: 26, hidden: 3200, heads: 32, kvHeads: 32, headDim: 100, ffn: 8640, vocab: 32000, tiedEmbeddings: false }),
    publishedParams: 3.43e9,
    source:
      'openlm-research/open_llama_3b_v2 config.json (hidden_size 3200, intermediate_size 8640, num_hidden_layers 26, num_attention_heads 32, ' +
      'vocab_size 32000, untied; EasyLM LLAMA_STANDARD_CONFIGS "3b" is the same); total: Hugging Face model page safetensors count (3.43B)',
  },
  {
    id: 'open-llama-7b',
    name: 'OpenLLaMA-7B',
    family: 'openllama',
    // Named with its size only: as a series its key "openllama" would begin with "open", and an
    // unread "open" ("all open source methods", c525) would be asked "Which open?".
    sizeOnly: true,
    aliases: ['open_llama_7b', 'open llama 7b', 'openllama-7b', 'openllama 7b', 'open_llama_7b_v2', 'open-llama-7b-v2', 'openlm-research/open_llama_7b', 'openlm-research/open_llama_7b_v2'],
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 11008, vocab: 32000, tiedEmbeddings: false }),
    publishedParams: 6_738_415_616,
    source:
      'openlm-research/open_llama_7b config.json (LLaMA-7B\'s shape: hidden 4096, intermediate 11008, 32 layers, 32 heads, vocab 32000; ' +
      'EasyLM LLAMA_STANDARD_CONFIGS "7b"); total: LLaMA-7B\'s count (6,738,415,616)',
  },
  {
    id: 'olmo-1b',
    name: 'OLMo-1B',
    family: 'olmo',
    aliases: ['olmo 1b', 'olmo1b', 'olmo-1b-hf', 'olmo-1b-0724-hf', 'allenai/olmo-1b', 'allenai/olmo-1b-hf'],
    // The non-parametric LayerNorm has no weights; the RMSNorm weights the shape counts are 67,584 parameters.
    arch: llamaStyle({ layers: 16, hidden: 2048, heads: 16, kvHeads: 16, headDim: 128, ffn: 8192, vocab: 50304, tiedEmbeddings: true, norm: 'rmsnorm' }),
    publishedParams: 1.18e9,
    source:
      'allenai/OLMo-1B-hf config.json (OlmoForCausalLM: hidden_size 2048, intermediate_size 8192, 16 layers, 16 heads, vocab_size 50304, ' +
      'tie_word_embeddings true, attention_bias false, clip_qkv null); total: Hugging Face model page safetensors count (1.18B)',
  },
];
