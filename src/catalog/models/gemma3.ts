import type { Architecture, ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';
import { gemma3Vision } from './vision.js';

/**
 * Google's Gemma 3 (Gemma3ForCausalLM / the text model of Gemma3ForConditionalGeneration):
 * head_dim 256 (128 for 27B) independent of hidden / heads, four RMSNorms a layer plus q/k
 * norms, tied 262k vocabulary. sliding_window_pattern 6: five local sliding-window layers per
 * global one (layer i is global when (i + 1) % 6 = 0), windows of 1024 tokens (512 in 1B).
 * Totals: KerasHub text-only presets (keras_hub/src/models/gemma3/gemma3_presets.py "params");
 * the 4B/12B/27B checkpoints (Gemma3ForConditionalGeneration) also carry a SigLIP vision tower
 * and projector (vision.ts gemma3Vision, 0.42B), counted apart from the text total.
 */
function gemma3(shape: Pick<Architecture, 'layers' | 'hidden' | 'heads' | 'kvHeads' | 'headDim' | 'ffn'>, window: number, vision = true): Architecture {
  return llamaStyle({
    ...shape,
    vocab: 262144, tiedEmbeddings: true,
    layerNorms: 4, qkNorm: true,
    slidingWindow: window,
    slidingLayers: shape.layers - Math.floor(shape.layers / 6),
    ...(vision ? { vision: gemma3Vision(shape.hidden) } : {}),
  });
}

export const GEMMA3_MODELS: readonly ModelSpec[] = [
  {
    id: 'gemma-3-1b',
    name: 'Gemma-3-1B',
    family: 'gemma',
    aliases: ['gemma3-1b', 'gemma 3 1b', 'gemma-3-1b-it', 'gemma-3-1b-pt', 'google/gemma-3-1b-it', 'google/gemma-3-1b-pt'],
    arch: gemma3({ layers: 26, hidden: 1152, heads: 4, kvHeads: 1, headDim: 256, ffn: 6912 }, 512, false),
    publishedParams: 999_885_952,
    source: 'google/gemma-3-1b-pt config.json (sliding_window 512); total: KerasHub gemma3_1b preset (999,885,952)',
  },
  {
    id: 'gemma-3-4b',
    name: 'Gemma-3-4B',
    family: 'gemma',
    aliases: ['gemma3-4b', 'gemma 3 4b', 'gemma-3-4b-it', 'gemma-3-4b-pt', 'google/gemma-3-4b-it', 'google/gemma-3-4b-pt'],
    arch: gemma3({ layers: 34, hidden: 2560, heads: 8, kvHeads: 4, headDim: 256, ffn: 10240 }, 1024),
    publishedParams: 3_880_099_328,
    source: 'google/gemma-3-4b-pt config.json text_config (sliding_window 1024); total: KerasHub gemma3_4b_text preset (3,880,099,328)',
  },
  {
    id: 'gemma-3-12b',
    name: 'Gemma-3-12B',
    family: 'gemma',
    aliases: ['gemma3-12b', 'gemma 3 12b', 'gemma-3-12b-it', 'gemma-3-12b-pt', 'google/gemma-3-12b-it', 'google/gemma-3-12b-pt'],
    arch: gemma3({ layers: 48, hidden: 3840, heads: 16, kvHeads: 8, headDim: 256, ffn: 15360 }, 1024),
    publishedParams: 11_765_788_416,
    source: 'google/gemma-3-12b-pt config.json text_config (sliding_window 1024); total: KerasHub gemma3_12b_text preset (11,765,788,416)',
  },
  {
    id: 'gemma-3-27b',
    name: 'Gemma-3-27B',
    family: 'gemma',
    aliases: ['gemma3-27b', 'gemma 3 27b', 'gemma-3-27b-it', 'gemma-3-27b-pt', 'google/gemma-3-27b-it', 'google/gemma-3-27b-pt'],
    // head_dim 128 with 32 heads: the query projection (4096) is narrower than hidden (5376).
    arch: gemma3({ layers: 62, hidden: 5376, heads: 32, kvHeads: 16, headDim: 128, ffn: 21504 }, 1024),
    publishedParams: 27_009_002_240,
    source: 'google/gemma-3-27b-pt config.json text_config (sliding_window 1024); total: KerasHub gemma3_instruct_27b_text preset (27,009,002,240)',
  },
];
