import { CLASSIC_MODELS } from './models/classic.js';
import { DEEPSEEK_MODELS } from './models/deepseek.js';
import { GEMMA_MODELS } from './models/gemma.js';
import { LLAMA_MODELS } from './models/llama.js';
import { MISTRAL_MODELS } from './models/mistral.js';
import { PHI_MODELS } from './models/phi.js';
import { QWEN_MODELS } from './models/qwen.js';
import type { ModelSpec } from './types.js';

/**
 * Open models with their published architecture (config.json) and total parameter count,
 * one family per file under models/. Not covered: T5 encoder-decoders (bigscience/T0_3B,
 * mt0-xxl) — the Architecture type describes one stack of layers, not an encoder plus a
 * decoder with cross-attention.
 */
export const MODELS: readonly ModelSpec[] = [
  ...LLAMA_MODELS,
  ...MISTRAL_MODELS,
  ...QWEN_MODELS,
  ...GEMMA_MODELS,
  ...PHI_MODELS,
  ...CLASSIC_MODELS,
  ...DEEPSEEK_MODELS,
];
