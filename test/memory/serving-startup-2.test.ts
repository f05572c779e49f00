import { describe, expect, it } from 'vitest';
import { estimate } from '../../src/memory/estimate.js';
import { GiB } from '../../src/memory/format.js';
import { layoutOf } from '../../src/memory/layout.js';
import { dequantisedMatrix } from '../../src/memory/states.js';
import { vllmDequantElements, vllmDequantisesMergedLinear } from '../../src/memory/vllm-merged-dequant.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { part, scenario } from './fixtures.js';

/**
 * vserve2 (issue 23, serving OOMs called fits): the start-up terms this round corrected, each as a
 * worked example from the engine's source.
 */

const card = (gpuId: string, gib: number) => ({ hardware: { gpuId, capacityBytes: gib * GiB, count: 1, perNode: 1 } });

function served(model: string, weights: Scenario['weights'], inference: Partial<Scenario['inference']>, patch: Partial<Scenario> = {}): Scenario {
  const base = scenario(model, { mode: 'inference', weights, compute: 'fp16', seq: 4096, ...card('rtx-4090', 23.6), ...patch });
  return { ...base, inference: { ...base.inference, ...inference } };
}

describe("vLLM's GPTQ/AWQ 16-bit copy is a whole merged linear (q_gemm.cu gptq_gemm temp_dq; awq.py awq_dequantize)", () => {
  it("Mistral-7B GPTQ: gate_up_proj is 4,096 × 28,672, so the copy is 4,096 × 2 × 14,336 × 2 B = 224 MiB", () => {
    const s = served('mistral-7b', 'gptq', { engine: 'vllm' });
    expect(vllmDequantisesMergedLinear(s)).toBe(true);
    expect(vllmDequantElements(s, layoutOf(s))).toBe(4096 * 2 * 14_336);
    expect(dequantisedMatrix(s, layoutOf(s))!.bytes).toBe(4096 * 2 * 14_336 * 2);
    expect(part(estimate(s), 'dequant')).toBe(224 * 2 ** 20);
  });

  it('tensor parallelism splits the merged output: tp 2 halves it', () => {
    const one = served('mistral-7b', 'awq', { engine: 'vllm' });
    const two = served('mistral-7b', 'awq', { engine: 'vllm' }, { parallel: { ...one.parallel, tp: 2 } });
    expect(vllmDequantElements(two, layoutOf(two))).toBe(vllmDequantElements(one, layoutOf(one)) / 2);
  });

  it('other paths keep the unmerged matrix: bitsandbytes (shard by shard), MoE experts, SGLang, plain transformers', () => {
    expect(vllmDequantisesMergedLinear(served('mistral-7b', 'nf4', { engine: 'vllm' }))).toBe(false);
    expect(vllmDequantisesMergedLinear(served('mixtral-8x7b', 'gptq', { engine: 'vllm' }))).toBe(false);
    expect(vllmDequantisesMergedLinear(served('mistral-7b', 'awq', { engine: 'vllm', server: 'sglang' }))).toBe(false);
    const hf = served('mistral-7b', 'gptq', {});
    expect(dequantisedMatrix(hf, layoutOf(hf))!.bytes).toBe(4096 * 14_336 * 2);
  });

  it('vLLM 0.2 AWQ still makes no copy (split-K GEMM, awq-gemm.ts)', () => {
    const s = served('mistral-7b', 'awq', { engine: 'vllm', vllmVersion: '0.2' });
    expect(dequantisedMatrix(s, layoutOf(s))).toBeNull();
  });
});
