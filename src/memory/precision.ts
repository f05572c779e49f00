import type { Optimizer, Recipe, Scenario, WeightFormat } from '../scenario/schema.js';
import { KBIT_ACTIVATION_BYTES, kbitPrepared } from './kbit.js';

/**
 * Bytes per parameter of each model state under a precision recipe (DESIGN §3.2).
 * mixed: ZeRO paper / DeepSpeed bf16-fp16 (2 + 2 + 4 master + 8 Adam = 16);
 * megatron: fp32 main grads (Megatron-LM `--accumulate-allreduce-grads-in-fp32`);
 * amp: an fp32 model under autocast (HF Trainer/accelerate default when the model is loaded in fp32);
 * pure: bf16 model and bf16 optimizer states (torchtune, litgpt `bf16-true`, HF with a bf16 model);
 * fp32: no mixed precision.
 */
export interface RecipeBytes {
  label: string;
  weights: number;
  grads: number;
  master: number;
  /** Bytes of one optimizer state element (Adam m or v). */
  state: number;
}

export const RECIPES: Record<Recipe, RecipeBytes> = {
  mixed: { label: 'mixed precision', weights: 2, grads: 2, master: 4, state: 4 },
  megatron: { label: 'Megatron mixed precision', weights: 2, grads: 4, master: 4, state: 4 },
  amp: { label: 'fp32 model + autocast', weights: 4, grads: 4, master: 0, state: 4 },
  pure: { label: 'pure 16-bit', weights: 2, grads: 2, master: 0, state: 2 },
  fp32: { label: 'fp32', weights: 4, grads: 4, master: 0, state: 4 },
};

export function recipeBytes(s: Scenario): RecipeBytes {
  return RECIPES[s.recipe];
}

/** Bytes per element of activations: the compute dtype (fp8 recipes still keep bf16 activations). */
export function activationBytes(s: Scenario): number {
  // PEFT's k-bit preparation makes the whole residual stream fp32 (kbit.ts).
  if (kbitPrepared(s)) return KBIT_ACTIVATION_BYTES;
  return s.compute === 'fp32' || s.recipe === 'fp32' ? 4 : 2;
}

/**
 * turboderp's ExLlamaV2 convert.py `-b`/`--bits` default (its first release): the bits per weight an EXL2
 * file gets when none is named. Kept here, not in memory/exllamav2.ts, because that module imports this one.
 */
export const EXL2_DEFAULT_BPW = 4.156;

/**
 * Storage bytes per quantised-layer parameter of a frozen or served weight format.
 * NF4: 4 bits + one fp32 absmax per 64 weights = 0.5 + 4/64 B; with double quantisation the
 * absmax are 8-bit with an fp32 constant per 256 blocks: 0.127 bits/param (QLoRA, Dettmers et al. 2023, §2).
 * GPTQ/AWQ: 4 bits + fp16 scale and packed zero per group of 128 ≈ 4.25 bits.
 * int8 (LLM.int8()): 1 B + fp32 row scales (negligible).
 */
export const WEIGHT_FORMAT_BYTES: Record<WeightFormat, number> = {
  fp32: 4,
  bf16: 2,
  fp16: 2,
  fp8: 1,
  int8: 1,
  nf4: 0.5 + 4 / 64,
  'nf4-dq': 0.5 + 0.127 / 8,
  gptq: 4.25 / 8,
  awq: 4.25 / 8,
  // MXFP4 (OCP Microscaling spec): 32 FP4 E2M1 values share one E8M0 scale, (32·4 + 8) / 32 = 4.25 bits.
  mxfp4: 4.25 / 8,
  // GGUF, whole-file bits per weight of llama.cpp's reference model (tools/quantize/README.md,
  // Llama-3.1-8B): the k-quant mixes keep some tensors (embeddings, output, half of wv/w2) at a
  // higher type, so the average is above the nominal bits, and it covers every tensor.
  q8_0: 8.5 / 8,
  q6_k: 6.56 / 8,
  q5_k_m: 5.7 / 8,
  q4_k_m: 4.89 / 8,
  q3_k_m: 4.0 / 8,
  q2_k: 3.16 / 8,
  // EXL2 at convert.py's default target (memory/exllamav2.ts); a file's own "2.4bpw" replaces it there.
  exl2: EXL2_DEFAULT_BPW / 8,
};

export function isQuantised(format: WeightFormat): boolean {
  return WEIGHT_FORMAT_BYTES[format] < 2;
}

/** Optimizer states per trainable parameter, as element counts and element bytes. */
export interface OptimizerStates {
  label: string;
  /** Number of full-size states (Adam: m and v). */
  states: number;
  /** Bytes per state element; null means "the recipe's state precision". */
  elementBytes: number | null;
  /** Factored second moment (Adafactor): rows + columns per matrix instead of a full copy. */
  factored: boolean;
  /** No all-parameter temporaries in step: a fused kernel, or a loop over one tensor at a time. */
  fused: boolean;
  /** bitsandbytes paged states: CUDA unified memory, outside torch's allocator, evictable to host. */
  paged?: boolean;
}

export const OPTIMIZERS: Record<Optimizer, OptimizerStates> = {
  adamw: { label: 'AdamW', states: 2, elementBytes: null, factored: false, fused: false },
  adam: { label: 'Adam', states: 2, elementBytes: null, factored: false, fused: false },
  sophia: { label: 'Sophia', states: 2, elementBytes: null, factored: false, fused: false },
  lion: { label: 'Lion', states: 1, elementBytes: null, factored: false, fused: false },
  'sgd-momentum': { label: 'SGD with momentum', states: 1, elementBytes: null, factored: false, fused: false },
  sgd: { label: 'SGD', states: 0, elementBytes: null, factored: false, fused: false },
  // bitsandbytes blockwise 8-bit states: 1 B each plus one fp32 absmax per 2048-element block.
  'adamw-8bit': { label: '8-bit AdamW', states: 2, elementBytes: 1 + 4 / 2048, factored: false, fused: true },
  'paged-adamw-8bit': { label: 'paged 8-bit AdamW', states: 2, elementBytes: 1 + 4 / 2048, factored: false, fused: true, paged: true },
  'paged-adamw': { label: 'paged AdamW', states: 2, elementBytes: 4, factored: false, fused: true, paged: true },
  // transformers' Adafactor (HF Trainer `optim="adafactor"`) updates one parameter at a time.
  adafactor: { label: 'Adafactor', states: 1, elementBytes: null, factored: true, fused: true },
};
