import type { Architecture } from '../types.js';

/** The fields every catalog entry spells out: the shape numbers from config.json. */
type Shape = Pick<
  Architecture,
  'layers' | 'hidden' | 'heads' | 'kvHeads' | 'headDim' | 'ffn' | 'vocab' | 'tiedEmbeddings'
> &
  Partial<Architecture>;

/**
 * A Llama-style decoder (LlamaForCausalLM and its descendants: Mistral, Qwen, Gemma, Phi-3):
 * RMSNorm, gated SiLU/GELU MLP, RoPE, no biases unless the entry says otherwise.
 */
export function llamaStyle(shape: Shape): Architecture {
  return { mlp: 'gated', norm: 'rmsnorm', positions: 'rope', attentionBias: 'none', mlpBias: false, ...shape };
}

/**
 * A GPT-2-era block (GPT-2, BERT, BLOOM, GPT-NeoX, Phi-1/2): LayerNorm with bias, plain
 * two-matrix GELU MLP, biases on every projection. Positions must be given per model.
 */
export function gptStyle(shape: Shape & Pick<Architecture, 'positions'>): Architecture {
  return { mlp: 'plain', norm: 'layernorm', attentionBias: 'all', mlpBias: true, ...shape };
}
