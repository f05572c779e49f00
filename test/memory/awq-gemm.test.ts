import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AWQ_SPLIT_K, awqRunsSplitK, awqSplitKBytes } from '../../src/memory/awq-gemm.js';
import { estimate } from '../../src/memory/estimate.js';
import { GiB } from '../../src/memory/format.js';
import { layoutOf } from '../../src/memory/layout.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { estimateOf, part, scenario } from './fixtures.js';

/**
 * llm-awq's gemm_forward_cuda writes split_k_iters (8) partial [M, OC] outputs before summing
 * them (awq-gemm.ts): TGI's WQLinear below sm_80, vLLM 0.2's awq_gemm at every token count.
 */

const card = (gpuId: string, gib: number) => ({ hardware: { gpuId, capacityBytes: gib * GiB, count: 1, perNode: 1 } });

function served(patch: Partial<Scenario>, inference: Partial<Scenario['inference']>, gpuId = 't4'): Scenario {
  const base = scenario('mistral-7b', { mode: 'inference', weights: 'awq', compute: 'fp16', seq: 32_768, ...card(gpuId, 14.58), ...patch });
  return { ...base, inference: { ...base.inference, ...inference } };
}

const vllm02 = served({}, { engine: 'vllm', vllmVersion: '0.2' });
const vllmNow = served({}, { engine: 'vllm' });
const tgiOn = (gpuId: string) => served({ framework: 'tgi' }, { engine: 'vllm', batchedTokens: 4096 }, gpuId);

describe('AWQ split-K partial sums (llm-awq gemm_cuda_gen.cu: torch::empty({split_k_iters, M, OC}))', () => {
  it("Mistral-7B's merged gate_up, 32,768 tokens: 8 × 32,768 × 28,672 × 2 B", () => {
    expect(awqSplitKBytes(vllm02, 32_768, layoutOf(vllm02))).toBe(AWQ_SPLIT_K * 32_768 * 2 * 14_336 * 2);
  });

  it('vLLM 0.2 profiles max(max-model-len, 2048) tokens through it; later releases dequantise instead', () => {
    const old = estimate(vllm02);
    const now = estimate(vllmNow);
    expect(awqRunsSplitK(vllm02)).toBe(true);
    expect(awqRunsSplitK(vllmNow)).toBe(false);
    expect(part(old, 'dequant')).toBe(0);
    expect(part(now, 'dequant')).toBeGreaterThan(0);
    // The 0.2 profile run alone is larger than the T4: the server cannot start.
    expect(part(old, 'profile')).toBeGreaterThan(old.capacityBytes!);
    expect(part(old, 'kv')).toBe(0);
  });

  it('TGI repacks AWQ for Marlin from sm_80 (can_use_gptq_marlin): the buffer only on older cards', () => {
    expect(awqRunsSplitK(tgiOn('t4'))).toBe(true);
    expect(awqRunsSplitK(tgiOn('v100-32g'))).toBe(true);
    expect(awqRunsSplitK(tgiOn('a100-80g'))).toBe(false);
    expect(awqRunsSplitK(tgiOn('rtx-a6000'))).toBe(false);
  });

  it('grows linearly with the prefill tokens and shrinks with tensor parallelism; nothing for other formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 65_536 }), fc.constantFrom(1, 2, 4, 8), fc.constantFrom('gptq', 'bf16', 'nf4'), (tokens, tp, other) => {
        const sharded = { ...vllm02, parallel: { ...vllm02.parallel, tp } };
        const one = awqSplitKBytes(vllm02, tokens, layoutOf(vllm02));
        expect(awqSplitKBytes(vllm02, 2 * tokens, layoutOf(vllm02))).toBe(2 * one);
        expect(awqSplitKBytes(sharded, tokens, layoutOf(sharded))).toBeCloseTo(one / tp, 0);
        const notAwq = { ...vllm02, weights: other as Scenario['weights'] };
        expect(awqSplitKBytes(notAwq, tokens, layoutOf(notAwq))).toBe(0);
      }),
      { numRuns: 40 },
    );
  });

  it("TGI's warm-up on a T4 counts it beside the layer's working set; on an A100 it does not", () => {
    const t4 = estimateOf('mistral-7b serve tgi awq --max-total-tokens 8192 --max-batch-prefill-tokens 8192 on 1x t4');
    const a100 = estimateOf('mistral-7b serve tgi awq --max-total-tokens 8192 --max-batch-prefill-tokens 8192 on 1x a100-80g');
    const splitK = AWQ_SPLIT_K * 8192 * 2 * 14_336 * 2;
    expect(part(t4, 'warmup')).toBeGreaterThanOrEqual(splitK);
    expect(part(a100, 'warmup')).toBeLessThan(splitK);
  });
});
