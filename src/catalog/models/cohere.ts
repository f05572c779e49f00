import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * Cohere's Command R+ (CohereForCausalLM, transformers models/cohere/modeling_cohere.py): one
 * LayerNorm without bias feeds attention and the gated SiLU MLP in parallel (CohereDecoderLayer),
 * embeddings tied to the LM head, logits multiplied by logit_scale. Its 256,000-token vocabulary
 * is what a server's full-vocabulary logits scale with (TGI's warm-up, tgi.ts). The counted total
 * includes a LayerNorm bias the model does not have (12,288 a layer, under 0.001%).
 */
export const COHERE_MODELS: readonly ModelSpec[] = [
  {
    id: 'command-r-35b',
    name: 'C4AI Command R',
    family: 'cohere',
    aliases: ['command r', 'command-r', 'command r 35b', 'c4ai-command-r-v01', 'cohereforai/c4ai-command-r-v01', 'command-r-v01'],
    // Command R+'s block at 40 layers of 8192, multi-head (num_key_value_heads 64).
    arch: llamaStyle({ layers: 40, hidden: 8192, heads: 64, kvHeads: 64, headDim: 128, ffn: 22528, vocab: 256000, tiedEmbeddings: true, norm: 'layernorm', parallelBlock: true }),
    publishedParams: 35_000_000_000,
    source: 'CohereForAI/c4ai-command-r-v01 config.json (hidden_size 8192, num_hidden_layers 40, num_attention_heads 64, num_key_value_heads 64, intermediate_size 22528, vocab_size 256000, tie_word_embeddings); total: model card (35 billion parameters)',
  },
  {
    id: 'command-r-plus',
    name: 'C4AI Command R+',
    family: 'cohere',
    aliases: ['command r plus', 'command r+', 'command-r+', 'c4ai-command-r-plus', 'cohereforai/c4ai-command-r-plus', 'command-r-plus-104b', 'command r plus 104b'],
    arch: llamaStyle({ layers: 64, hidden: 12288, heads: 96, kvHeads: 8, headDim: 128, ffn: 33792, vocab: 256000, tiedEmbeddings: true, norm: 'layernorm', parallelBlock: true }),
    publishedParams: 104_000_000_000,
    source: 'CohereForAI/c4ai-command-r-plus config.json (hidden_size 12288, num_hidden_layers 64, num_attention_heads 96, num_key_value_heads 8, intermediate_size 33792, vocab_size 256000, tie_word_embeddings, logit_scale 0.8333, use_qk_norm false); total: model card (104 billion parameters)',
  },
];
