import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * OpenBMB's MiniCPM-2B (MiniCPMForCausalLM, remote code modeling_minicpm.py): a Llama block —
 * multi-head attention of head_dim 64, SwiGLU, RMSNorm, no biases — with the LM head tied to the
 * 122,753-token embedding. Its µP scalings (scale_emb 12 on the embeddings, scale_depth 1.4 on
 * the residual branches, logits divided by hidden / dim_model_base) are multipliers, not weights.
 */
export const MINICPM_MODELS: readonly ModelSpec[] = [
  {
    id: 'minicpm-2b',
    name: 'MiniCPM-2B',
    family: 'minicpm',
    aliases: [
      'minicpm 2b', 'minicpm-2b-sft-bf16', 'minicpm-2b-sft-fp32', 'minicpm-2b-dpo-bf16', 'minicpm-2b-dpo-fp16', 'minicpm-2b-dpo-fp32',
      'openbmb/minicpm-2b-sft-bf16', 'openbmb/minicpm-2b-sft-fp32', 'openbmb/minicpm-2b-dpo-bf16', 'openbmb/minicpm-2b-dpo-fp16',
    ],
    arch: llamaStyle({ layers: 40, hidden: 2304, heads: 36, kvHeads: 36, headDim: 64, ffn: 5760, vocab: 122753, tiedEmbeddings: true }),
    // The shape counts 2.72B, 2.44B without the embedding: the README's 2.7B and 2.4B, rounded.
    publishedParams: 2.7e9,
    source:
      'openbmb/MiniCPM-2B-sft-bf16 config.json (hidden_size 2304, num_hidden_layers 40, num_attention_heads 36, num_key_value_heads 36, ' +
      'intermediate_size 5760, vocab_size 122753, tied); total: MiniCPM README (2.4B non-embedding, 2.7B in total)',
  },
];
