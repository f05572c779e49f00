import { CLASSIC_MODELS } from './models/classic.js';
import { DEEPSEEK_MODELS } from './models/deepseek.js';
import { GEMMA_MODELS } from './models/gemma.js';
import { LLAMA_MODELS } from './models/llama.js';
import { MISTRAL_MODELS } from './models/mistral.js';
import { PHI_MODELS } from './models/phi.js';
import { QWEN_MODELS } from './models/qwen.js';
import { QWEN2_MODELS } from './models/qwen2.js';
import { QWEN3_MOE_MODELS } from './models/qwen3-moe.js';
import { QWEN35_MODELS } from './models/qwen35.js';
import { QWEN35_SMALL_MODELS } from './models/qwen35-small.js';
import { GEMMA3_MODELS } from './models/gemma3.js';
import { LLAMA1_MODELS } from './models/llama1.js';
import { LLAMA4_MODELS } from './models/llama4.js';
import { GPT_OSS_MODELS } from './models/gpt-oss.js';
import { GLM_MODELS } from './models/glm.js';
import { KIMI_MODELS } from './models/kimi.js';
import { STARCODER_MODELS } from './models/starcoder.js';
import { YI_MODELS } from './models/yi.js';
import { BAICHUAN_MODELS } from './models/baichuan.js';
import { VLM_MODELS } from './models/vlm.js';
import { SMOLLM_MODELS } from './models/smollm.js';
import { COHERE_MODELS } from './models/cohere.js';
import { QWEN1_MODELS } from './models/qwen1.js';
import { CHATGLM_MODELS } from './models/chatglm.js';
import { GPT_NEOX_MODELS } from './models/gpt-neox.js';
import { INTERNLM_MODELS } from './models/internlm.js';
import { MPT_MODELS } from './models/mpt.js';
import { OPT_MODELS } from './models/opt.js';
import { MINICPM_MODELS } from './models/minicpm.js';
import { INTERNVL_MODELS } from './models/internvl.js';
import { MOE_MISC_MODELS } from './models/moe-misc.js';
import { EXAONE_MODELS } from './models/exaone.js';
import { OPEN_MODELS } from './models/open-models.js';
import { CODEGEN_MODELS } from './models/codegen.js';
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
  ...LLAMA4_MODELS,
  ...LLAMA1_MODELS,
  ...QWEN3_MOE_MODELS,
  ...QWEN35_MODELS,
  ...QWEN35_SMALL_MODELS,
  ...QWEN2_MODELS,
  ...GEMMA3_MODELS,
  ...GPT_OSS_MODELS,
  ...GLM_MODELS,
  ...KIMI_MODELS,
  ...STARCODER_MODELS,
  ...YI_MODELS,
  ...BAICHUAN_MODELS,
  ...VLM_MODELS,
  ...COHERE_MODELS,
  ...SMOLLM_MODELS,
  ...QWEN1_MODELS,
  ...CHATGLM_MODELS,
  ...GPT_NEOX_MODELS,
  ...INTERNLM_MODELS,
  ...MPT_MODELS,
  ...OPT_MODELS,
  ...MINICPM_MODELS,
  ...INTERNVL_MODELS,
  ...MOE_MISC_MODELS,
  ...EXAONE_MODELS,
  ...OPEN_MODELS,
  ...CODEGEN_MODELS,
];
