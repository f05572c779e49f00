import { fp8ReleaseOf } from '../catalog/fp8-releases.js';
import type { Scenario } from '../scenario/schema.js';
import { count } from './format.js';
import { paramsPerGpu, type Layout } from './layout.js';
import { isMoe, mlpParams } from './parameters.js';
import type { Component } from './types.js';

/**
 * Frozen or served weights of a model whose publisher's FP8 release keeps part of the decoder in
 * 16 bits (catalog/fp8-releases.ts; Llama 3.1 405B: the MLPs of layers 1–124 in FP8, every
 * attention projection, layers 0 and 125, the embeddings and the LM head in bf16). The generic
 * rule ("every decoder linear in FP8", states.ts frozenWeights) would count the attention at one
 * byte a weight: for the 405B that is 71.9 B parameters, 9 GiB a GPU at tp 8, too few.
 *
 * On this GPU: the FP8 MLP matrices of its stage split over tensor parallelism (gate and up by
 * column, down by row), one fp32 scale per output row of each (2·f + h rows a layer), and the
 * rest of its parameters at 2 B. Null where the release does not apply (another format, another
 * model, an MoE, parameters offloaded).
 */
export function fp8ReleaseWeights(s: Scenario, l: Layout): Component | null {
  const release = fp8ReleaseOf(s.model.id);
  const arch = s.model.arch;
  if (!release || s.weights !== 'fp8' || s.offload.params !== 'none' || isMoe(arch) || !release.attentionSixteenBit) return null;
  const fp8Layers = ((arch.layers - release.sixteenBitLayers.length) * l.layersOnStage) / arch.layers;
  const quantised = (mlpParams(arch) * fp8Layers) / l.tp;
  const scaleRows = release.rowwiseScales ? ((2 * arch.ffn + arch.hidden) * fp8Layers) / l.tp : 0;
  const rest = Math.max(0, paramsPerGpu(l) - quantised);
  const shard = l.shard.weights > 1 ? ` ÷ ${l.shard.weights}` : '';
  const bytes = (quantised + scaleRows * 4 + rest * 2) / l.shard.weights;
  return {
    key: 'weights',
    name: `weights, fp8 MLPs + bf16 rest (${release.checkpoint})${shard}`,
    group: 'weights',
    bytes,
    formula: `${count(quantised)} × 1 B + ${count(scaleRows)} row scales × 4 B + ${count(rest)} × 2 B${shard}`,
  };
}
