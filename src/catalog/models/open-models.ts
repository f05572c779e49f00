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
  {
    id: 'llada-8b',
    name: 'LLaDA-8B',
    family: 'llada',
    aliases: [
      'llada 8b', 'llada8b', 'llada-8b-instruct', 'llada-8b-base', 'llada 8b instruct', 'llada-1.5', 'llada 1.5', 'llada-1.5-8b',
      'gsai-ml/llada-8b-instruct', 'gsai-ml/llada-8b-base', 'gsai-ml/llada-1.5',
    ],
    // A masked-diffusion model with a Llama block (LLaDALlamaBlock: q/k/v/attn_out, ff_proj and up_proj
    // each d_model x mlp_hidden_size, SwiGLU, ff_out; RMSNorm; rotary). Its attention is bidirectional and
    // generation re-runs the whole sequence each denoising step: it keeps no KV cache (use_cache false),
    // which the memory model's inference estimate still counts. LLaDA-V (SigLIP tower) is another model.
    arch: llamaStyle({ layers: 32, hidden: 4096, heads: 32, kvHeads: 32, headDim: 128, ffn: 12288, vocab: 126464, tiedEmbeddings: false }),
    publishedParams: 8e9,
    source:
      'GSAI-ML/LLaDA-8B-Instruct config.json (as copied in yinj66/support_basis LLaDA-8B-Instruct-B&S-light/config.json: d_model 4096, ' +
      'n_layers 32, n_heads 32, n_kv_heads 32, mlp_hidden_size 12288, activation_type silu, block_type llama, vocab_size 126464, ' +
      'weight_tying false, include_bias false, layer_norm_type rms, max_sequence_length 4096); total: the paper\'s "8B" (the shape counts 8.02B)',
  },
];
