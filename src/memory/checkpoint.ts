import type { Architecture, Scenario, WeightFormat } from '../scenario/schema.js';
import { count, num } from './format.js';
import { paramsPerGpu, type Layout } from './layout.js';
import { countParams } from './parameters.js';
import type { Component } from './types.js';

/**
 * Weights in the block-scaled formats today's checkpoints ship in, counted the way the
 * checkpoint stores them: only the quantised tensors shrink, every other tensor stays 16-bit.
 */

/**
 * MXFP4 (OCP Microscaling Formats v1.0; transformers integrations/mxfp4.py, vLLM
 * quantization/mxfp4.py): blocks of 32 FP4 E2M1 values sharing one 8-bit E8M0 scale,
 * (32 · 4 + 8) / 32 = 4.25 bits a weight.
 */
export const MXFP4_BYTES_PER_WEIGHT = (32 * 4 + 8) / 32 / 8;

/**
 * Block-scaled FP8 (DeepSeek-V3 quantization_config: fmt e4m3, weight_block_size [128, 128];
 * vLLM quantization/fp8.py block quant, transformers integrations/finegrained_fp8.py): one byte a
 * weight plus one fp32 `weight_scale_inv` per 128 × 128 block.
 */
export const FP8_BLOCK_BYTES_PER_WEIGHT = 1 + 4 / (128 * 128);

/** The served weight format that keeps a checkpoint in its native format. */
export function nativeWeightFormat(arch: Architecture): WeightFormat | null {
  if (!arch.checkpoint) return null;
  return arch.checkpoint.format === 'mxfp4' ? 'mxfp4' : 'fp8';
}

export interface CheckpointBytes {
  /** Parameters stored in the block-scaled format. */
  quantised: number;
  /** Parameters stored in 16 bits (embeddings, LM head, norms, and what the scope leaves out). */
  rest: number;
  bytesPerQuantised: number;
  bytes: number;
}

/**
 * Bytes of the whole model (no parallelism) in its native checkpoint format; null for a 16-bit
 * checkpoint. gpt-oss-120b: 114.7 B expert weights × 4.25 bits + 2.1 B × 2 B ≈ 65.2 GB (60.7 GiB).
 */
export function checkpointBytes(arch: Architecture): CheckpointBytes | null {
  if (!arch.checkpoint) return null;
  const p = countParams(arch);
  const quantised = arch.checkpoint.scope === 'experts' ? p.routedExperts : p.linear;
  const bytesPerQuantised = arch.checkpoint.format === 'mxfp4' ? MXFP4_BYTES_PER_WEIGHT : FP8_BLOCK_BYTES_PER_WEIGHT;
  const rest = p.total - quantised;
  return { quantised, rest, bytesPerQuantised, bytes: quantised * bytesPerQuantised + rest * 2 };
}

/**
 * Served or frozen weights when the asked format is the checkpoint's own (gpt-oss in mxfp4,
 * DeepSeek-V3 / Kimi K2 in fp8): the checkpoint's quantised tensors on this GPU at their format,
 * the rest 16-bit. Expert parallelism and the pipeline stage already shrink the layout's
 * parameters; the experts on this GPU are the same share of them. Null when the generic
 * "linear layers quantised" rule applies.
 */
export function nativeFormatWeights(s: Scenario, l: Layout): Component | null {
  const arch = s.model.arch;
  if (nativeWeightFormat(arch) !== s.weights || s.offload.params !== 'none') return null;
  const whole = checkpointBytes(arch)!;
  const stageShare = l.layersOnStage / arch.layers;
  const expertShare = arch.checkpoint!.scope === 'experts' ? 1 / s.parallel.ep : 1;
  const quantised = (whole.quantised * stageShare * expertShare) / l.tp;
  const rest = Math.max(0, paramsPerGpu(l) - quantised);
  const shard = l.shard.weights > 1 ? ` ÷ ${l.shard.weights}` : '';
  const bytes = (quantised * whole.bytesPerQuantised + rest * 2) / l.shard.weights;
  const what = arch.checkpoint!.scope === 'experts' ? 'experts' : 'linear';
  return {
    key: 'weights',
    name: `weights, ${s.weights} ${what} + 16-bit rest (native checkpoint)${shard}`,
    group: 'weights',
    bytes,
    formula: `${count(quantised)} × ${num(whole.bytesPerQuantised)} B + ${count(rest)} × 2 B${shard}`,
  };
}
