import type { Scenario } from '../scenario/schema.js';
import { MXFP4_BYTES_PER_WEIGHT, nativeWeightFormat } from './checkpoint.js';
import { num } from './format.js';
import { isGgufFormat, isMoeLayer, llamaCppPlacement, type LlamaCppPlacement } from './gguf.js';
import { countParams, moeLayerCount } from './parameters.js';
import { WEIGHT_FORMAT_BYTES } from './precision.js';
import type { Component } from './types.js';
import type { Layout } from './layout.js';

/**
 * llama.cpp's --cpu-moe / --n-cpu-moe N for weights that are not a quantised GGUF mix (gguf.ts places
 * those tensor by tensor): gpt-oss's own MXFP4 experts, a float GGUF. common/arg.cpp overrides the
 * buffer of `blk.<i>.ffn_(up|down|gate)_exps` for layers i < N (every layer for --cpu-moe), so those
 * routed experts load into host RAM and run on the CPU; the shared experts, router, attention and
 * output stay on the GPU. gpt-oss-120b's 36 layers of 128 experts hold 114.7 B of its 116.8 B
 * parameters: with --cpu-moe its GPU keeps about 2.1 B × 2 B plus the KV cache.
 */

/** Bytes of one MoE layer's routed experts at the run's format. */
function routedExpertBytesPerLayer(s: Scenario): number {
  const arch = s.model.arch;
  const perLayer = countParams(arch).routedExperts / Math.max(1, moeLayerCount(arch));
  const nativeExperts = nativeWeightFormat(arch) === s.weights && arch.checkpoint?.scope === 'experts';
  return perLayer * (nativeExperts && s.weights === 'mxfp4' ? MXFP4_BYTES_PER_WEIGHT : WEIGHT_FORMAT_BYTES[s.weights]);
}

/** MoE layers i in [from, to) whose experts --n-cpu-moe keeps in host RAM. */
function keptBack(s: Scenario, p: LlamaCppPlacement, from: number, to: number): number {
  let n = 0;
  for (let i = Math.max(0, from); i < Math.min(to, p.cpuMoeLayers); i++) if (isMoeLayer(s.model.arch, i)) n++;
  return n;
}

function applies(s: Scenario): boolean {
  return s.framework === 'llamacpp' && s.mode === 'inference' && (s.inference.cpuMoeLayers ?? 0) > 0 && !isGgufFormat(s.weights);
}

/** The busiest GPU's weights less the routed experts of its layers that stay in host RAM. */
export function cpuMoeWeights(s: Scenario, l: Layout, weights: Component): Component {
  if (!applies(s) || weights.bytes <= 0) return weights;
  const arch = s.model.arch;
  const p = llamaCppPlacement(arch, s.inference.gpuLayers, l.pp, s.inference.cpuMoeLayers);
  const layers = keptBack(s, p, arch.layers - p.layersHere, arch.layers);
  if (layers === 0) return weights;
  const bytes = Math.min(weights.bytes, layers * routedExpertBytesPerLayer(s));
  return { ...weights, name: `${weights.name}, routed experts of ${layers} layers in host RAM (--cpu-moe)`, bytes: weights.bytes - bytes, formula: `${weights.formula} − ${layers} layers' routed experts (${num(bytes / 2 ** 30)} GiB) kept on the CPU` };
}

/** Host RAM the routed experts of offloaded layers take under --n-cpu-moe (the rest of the host's share is gguf.ts's or estimate.ts's). */
export function cpuMoeHostBytes(s: Scenario, l: Layout): number {
  if (!applies(s)) return 0;
  const arch = s.model.arch;
  const p = llamaCppPlacement(arch, s.inference.gpuLayers, l.pp, s.inference.cpuMoeLayers);
  return keptBack(s, p, arch.layers - p.gpuLayers, arch.layers) * routedExpertBytesPerLayer(s);
}
