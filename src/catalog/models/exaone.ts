import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * LG AI Research's EXAONE. EXAONE 3.5 (ExaoneForCausalLM, remote code) is a Llama block under
 * other names (ln_1/ln_2 RMSNorm weights, q/k/v/out_proj and c_fc_0/c_fc_1/c_proj without bias).
 * EXAONE 4.0 (Exaone4ForCausalLM) puts its two RMSNorms after attention and after the MLP, adds a
 * head_dim RMSNorm on q and k, and interleaves sliding-window layers three to one with global ones
 * (sliding_window_pattern "LLLG" / 4).
 */
export const EXAONE_MODELS: readonly ModelSpec[] = [
  {
    id: 'exaone-3.5-2.4b',
    name: 'EXAONE-3.5-2.4B',
    family: 'exaone',
    aliases: ['exaone 3.5 2.4b', 'exaone3.5-2.4b', 'exaone-3.5-2.4b-instruct', 'exaone3.5 2.4b', 'lgai-exaone/exaone-3.5-2.4b-instruct'],
    arch: llamaStyle({ layers: 30, hidden: 2560, heads: 32, kvHeads: 8, headDim: 80, ffn: 7168, vocab: 102400, tiedEmbeddings: true }),
    publishedParams: 2.14e9 + 102400 * 2560,
    source:
      'LGAI-EXAONE/EXAONE-3.5-2.4B-Instruct config.json (exaone: num_layers 30, hidden_size 2560, num_attention_heads 32, ' +
      'num_key_value_heads 8, intermediate_size 7168, vocab_size 102400, tie_word_embeddings true); total: model card ' +
      '"Number of Parameters (without embeddings): 2.14B" plus the one tied embedding',
  },
  {
    id: 'exaone-4.0-32b',
    name: 'EXAONE-4.0-32B',
    family: 'exaone',
    aliases: ['exaone 4.0 32b', 'exaone4.0-32b', 'exaone-4-32b', 'exaone4-32b', 'exaone 4 32b', 'lgai-exaone/exaone-4.0-32b'],
    arch: llamaStyle({
      layers: 64, hidden: 5120, heads: 40, kvHeads: 8, headDim: 128, ffn: 27392, vocab: 102400, tiedEmbeddings: false,
      qkNorm: true, slidingWindow: 4096, slidingLayers: 48,
    }),
    publishedParams: 30.95e9 + 2 * 102400 * 5120,
    source:
      'LGAI-EXAONE/EXAONE-4.0-32B config.json (exaone4: 64 layers, hidden 5120, 40 heads, 8 KV heads, head_dim 128, intermediate_size 27392, ' +
      'vocab_size 102400, untied, sliding_window 4096, sliding_window_pattern 4; as TensorRT-LLM\'s test_modeling_exaone4 copies it); ' +
      'total: model card "Number of Parameters (without embeddings): 30.95B" plus the embedding and the head',
  },
];
