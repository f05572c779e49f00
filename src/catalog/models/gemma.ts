import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * Google's Gemma and Gemma 2 (GemmaForCausalLM / Gemma2ForCausalLM): GeGLU MLP, head_dim 256
 * (128 for Gemma 2 27B), 256k vocabulary, tied embeddings.
 * Totals: KerasHub presets (keras_hub/src/models/gemma/gemma_presets.py, "params").
 */

/**
 * Gemma 2 layers carry four RMSNorms (input, post_attention, pre_feedforward, post_feedforward;
 * modeling_gemma2.py); the parameter formula counts two, so the other two go in extraParams.
 */
function gemma2ExtraNorms(layers: number, hidden: number): number {
  return layers * 2 * hidden;
}

/** Gemma 2 alternates local sliding-window (4096) and global attention layers (config sliding_window). */
// config.json: sliding_window 4096 on every other layer; attn_logit_softcapping 50.0.
const GEMMA2_WINDOW = { slidingWindow: 4096, slidingWindowFraction: 0.5, attnSoftcap: true };

export const GEMMA_MODELS: readonly ModelSpec[] = [
  {
    id: 'gemma-2b',
    name: 'Gemma-2B',
    family: 'gemma',
    aliases: ['gemma 2b', 'gemma-2b-it', 'gemma-1.1-2b-it', 'google/gemma-2b'],
    arch: llamaStyle({ layers: 18, hidden: 2048, heads: 8, kvHeads: 1, headDim: 256, ffn: 16384, vocab: 256000, tiedEmbeddings: true }),
    publishedParams: 2_506_172_416,
    source: 'google/gemma-2b config.json; total: KerasHub gemma_2b_en preset (2,506,172,416)',
  },
  {
    id: 'gemma-7b',
    name: 'Gemma-7B',
    family: 'gemma',
    aliases: ['gemma 7b', 'gemma-7b-it', 'gemma-1.1-7b-it', 'google/gemma-7b'],
    arch: llamaStyle({ layers: 28, hidden: 3072, heads: 16, kvHeads: 16, headDim: 256, ffn: 24576, vocab: 256000, tiedEmbeddings: true }),
    publishedParams: 8_537_680_896,
    source: 'google/gemma-7b config.json; total: KerasHub gemma_7b_en preset (8,537,680,896)',
  },
  {
    id: 'gemma-2-2b',
    name: 'Gemma-2-2B',
    family: 'gemma',
    aliases: ['gemma2-2b', 'gemma 2 2b', 'gemma-2-2b-it', 'google/gemma-2-2b'],
    arch: llamaStyle({ layers: 26, hidden: 2304, heads: 8, kvHeads: 4, headDim: 256, ffn: 9216, vocab: 256000, tiedEmbeddings: true, ...GEMMA2_WINDOW, extraParams: gemma2ExtraNorms(26, 2304) }),
    publishedParams: 2_614_341_888,
    source: 'google/gemma-2-2b config.json; total: KerasHub gemma2_2b_en preset (2,614,341,888)',
  },
  {
    id: 'gemma-2-9b',
    name: 'Gemma-2-9B',
    family: 'gemma',
    aliases: ['gemma2-9b', 'gemma 2 9b', 'gemma-2-9b-it', 'google/gemma-2-9b'],
    arch: llamaStyle({ layers: 42, hidden: 3584, heads: 16, kvHeads: 8, headDim: 256, ffn: 14336, vocab: 256000, tiedEmbeddings: true, ...GEMMA2_WINDOW, extraParams: gemma2ExtraNorms(42, 3584) }),
    publishedParams: 9_241_705_984,
    source: 'google/gemma-2-9b config.json; total: KerasHub gemma2_9b_en preset (9,241,705,984)',
  },
  {
    id: 'gemma-2-27b',
    name: 'Gemma-2-27B',
    family: 'gemma',
    aliases: ['gemma2-27b', 'gemma 2 27b', 'gemma-2-27b-it', 'google/gemma-2-27b'],
    arch: llamaStyle({ layers: 46, hidden: 4608, heads: 32, kvHeads: 16, headDim: 128, ffn: 36864, vocab: 256000, tiedEmbeddings: true, ...GEMMA2_WINDOW, extraParams: gemma2ExtraNorms(46, 4608) }),
    publishedParams: 27_227_128_320,
    source: 'google/gemma-2-27b config.json; total: KerasHub gemma2_27b_en preset (27,227,128,320)',
  },
];
