import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { estimate } from '../../src/memory/estimate.js';
import { GiB } from '../../src/memory/format.js';
import { pytorchEngineKvBudget, turbomindForwardTokens, turbomindGemmTuning, turbomindKvBudget } from '../../src/memory/lmdeploy.js';
import { layoutOf } from '../../src/memory/layout.js';
import { part, scenario } from './fixtures.js';

/** Issue 23 item 1: lmdeploy's TurboMind gives the KV blocks cache_max_entry_count of the memory free after the weights. */

const on3090 = { hardware: { gpuId: 'rtx-3090', capacityBytes: 24 * GiB, count: 1, perNode: 1 } };
const turbomind = (share: number, tp = 1, model = 'llama-3-8b') => {
  const base = scenario(model, { mode: 'inference', seq: 4096, ...on3090, parallel: { ...scenario(model).parallel, tp } });
  return { ...base, weights: 'bf16' as const, inference: { ...base.inference, engine: 'vllm' as const, server: 'lmdeploy' as const, gpuMemoryUtilization: share } };
};

describe("TurboMind's budget (lmdeploy BlockManager::GetBlockCount, v0.2.2 on)", () => {
  it('worked example: 0.8 × (24 GiB − 16 GiB weights − 0.5 GiB non-torch) = 6 GiB of KV blocks', () => {
    expect(turbomindKvBudget(24 * GiB, 0.8, 16 * GiB, 0.5 * GiB)).toBeCloseTo(6 * GiB, 0);
  });

  it('a larger cache_max_entry_count never leaves more free memory outside the KV blocks', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.95, noNaN: true }), fc.double({ min: 0, max: 0.04, noNaN: true }), (a, extra) => {
        const small = estimate(turbomind(a));
        const large = estimate(turbomind(a + extra));
        const left = (e: ReturnType<typeof estimate>) => 24 * GiB - part(e, 'kv') - part(e, 'weights');
        expect(left(large)).toBeLessThanOrEqual(left(small) + 1);
      }),
      { numRuns: 25 },
    );
  });

  it('a larger tp never raises weights per GPU', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 2, 4), fc.constantFrom(2, 4), (tp, factor) => {
        expect(part(estimate(turbomind(0.8, tp * factor)), 'weights')).toBeLessThanOrEqual(part(estimate(turbomind(0.8, tp)), 'weights'));
      }),
      { numRuns: 9 },
    );
  });

  it('forward tokens are max_prefill_token_num + max_batch_size (8192 + 128 on a 3090)', () => {
    expect(turbomindForwardTokens(turbomind(0.8))).toBe(8192 + 128);
  });

  it('the 4-bit GEMM tuner holds 8192 rows of the widest input and output; none for 16-bit weights', () => {
    const s = turbomind(0.8);
    expect(turbomindGemmTuning(s, layoutOf(s))).toBeNull();
    const awq = { ...s, weights: 'awq' as const };
    const { hidden, ffn } = awq.model.arch;
    expect(turbomindGemmTuning(awq, layoutOf(awq))!.bytes).toBe(8192 * (Math.max(hidden, ffn) + 2 * ffn) * 2);
  });

  it('lmdeploy#2731: AWQ Qwen2.5-32B at session-len 100 on a 3090 does not fit (the tuner outgrows the 20% left)', () => {
    const { reply } = respond('qwen2.5-32b awq serve lmdeploy ctx 100 on 1x rtx-3090', null);
    if (reply.kind !== 'estimate') throw new Error('no estimate');
    expect(reply.verdict.status).toBe('no');
    expect(reply.assumptions.some((a) => a.includes('cache-max-entry-count 0.8'))).toBe(true);
  });
});

describe("lmdeploy's PyTorch engine (model_agent.py _update_cache_config)", () => {
  it('worked example: (10 GiB − 4096 × 152,064 × 7 B) × 0.8 of KV', () => {
    const runtime = 4096 * 152_064 * 7;
    expect(pytorchEngineKvBudget(10 * GiB, 0.8, 4096, 152_064)).toBeCloseTo((10 * GiB - runtime) * 0.8, 0);
  });
  it('more prefill tokens never leave more KV', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 16384 }), fc.integer({ min: 1, max: 16384 }), (a, extra) => {
      expect(pytorchEngineKvBudget(20 * GiB, 0.8, a + extra, 32_000)).toBeLessThanOrEqual(pytorchEngineKvBudget(20 * GiB, 0.8, a, 32_000));
    }));
  });
});
