import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimate } from '../../src/memory/estimate.js';
import { GiB } from '../../src/memory/format.js';
import { samplerBytesPerElement } from '../../src/memory/vllm-sampler.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { estimateOf, part, scenario } from './fixtures.js';

/** Issue 23: vLLM's budget terms — V0's profile-run sampler (top-k/top-p, vllm-sampler.ts), V0's baseline, the card outside the budget, and start failures in vLLM's words. */

const onL4 = { hardware: { gpuId: 'l4', capacityBytes: 22.3 * GiB, count: 1, perNode: 1 } };
function served(vllmVersion: string | undefined, weights: 'bf16' | 'fp32' = 'bf16', maxSeqs?: number): Scenario {
  const base = scenario('llama-3-8b', { mode: 'inference', seq: 4096, ...onL4 });
  return { ...base, weights, inference: { ...base.inference, engine: 'vllm', ...(vllmVersion ? { vllmVersion } : {}), ...(maxSeqs ? { maxSeqs } : {}) } };
}

describe("vLLM V0's profile run samples with top_k = V − 1 and top_p = 0.99", () => {
  it('the V0 sort holds more per element than V1, and the 0.5 fp32 cast more than the 16-bit 0.4 path', () => {
    fc.assert(
      fc.property(fc.constantFrom('bf16' as const, 'fp32' as const), fc.constantFrom('0.5', '0.5.4', '0.5.5'), (weights, cast) => {
        const v1 = samplerBytesPerElement(served('0.8.5', weights)).bytes;
        const sixteenBit = samplerBytesPerElement(served('0.4.1', weights)).bytes;
        const fp32 = samplerBytesPerElement(served(cast, weights)).bytes;
        expect(sixteenBit).toBeGreaterThan(v1);
        expect(fp32).toBeGreaterThanOrEqual(sixteenBit);
      }),
    );
  });

  it('bf16 logits under 0.5: 2 + 38 B an element (the fp32 copy, sort, probs, cumsum and gather, two int64 indices, two masks)', () => {
    expect(samplerBytesPerElement(served('0.5.4')).bytes).toBe(40);
    expect(samplerBytesPerElement(served('0.4.1')).bytes).toBe(5 * 2 + 18);
    expect(samplerBytesPerElement(served(undefined)).bytes).toBe(10);
    // From 0.6 the previous shape stays (vllm#10517's 0.6 log leaves no room for the sort; vllm-sampler.ts).
    for (const release of ['0.6.4', '0.7.3', 'v0']) expect(samplerBytesPerElement(served(release)).bytes).toBe(10);
  });

  it('more --max-num-seqs never leaves a larger V0 pool (the dummy sampler has one row per sequence)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 512 }), fc.integer({ min: 1, max: 512 }), (a, extra) => {
        expect(part(estimate(served('0.5.4', 'bf16', a + extra)), 'kv')).toBeLessThanOrEqual(part(estimate(served('0.5.4', 'bf16', a)), 'kv'));
      }),
      { numRuns: 25 },
    );
  });
});

describe("V0 budgets from a baseline taken after the CUDA context (worker.py init_device)", () => {
  it('on one GPU the pre-0.6 V0 pool is utilisation × card less the weights, the profile run and the sampler: no context term', () => {
    // And again from 0.6.5 (vllm#10511's memory_profiling from init_device's baseline): vllm#12126's
    // 0.7 log of one H100 reads "non_torch_memory takes 0.16GiB", less than any CUDA context.
    for (const release of ['0.4.1', '0.5.4', '0.6.5', '0.7.3']) {
      const e = estimate(served(release));
      const inside = part(e, 'weights') + part(e, 'profile') + part(e, 'logits');
      expect(part(e, 'kv')).toBeCloseTo(0.9 * e.capacityBytes! - inside, -3);
      expect(part(e, 'context')).toBeGreaterThan(0);
    }
    // 0.6.0 → 0.6.4 (non_torch_allocations from total − free) and V1 of 0.8 subtract it.
    for (const release of ['0.6.4', '0.8.5']) {
      const e = estimate(served(release));
      expect(part(e, 'kv')).toBeCloseTo(0.9 * e.capacityBytes! - part(e, 'weights') - part(e, 'profile') - part(e, 'logits') - part(e, 'context'), -3);
    }
  });

  it("worked example, vllm#7593 (V0, August 2024): Gemma-2-9B at tp 8 on L4s logged 22,982 blocks of 16 tokens; the budget comes within 1.5% of it (the sampler counted beyond the forward only, vllm-profile-peak.ts)", () => {
    const e = estimateOf('gemma-2-9b serve vllm 0.5 tp 8 on 8x l4');
    const logged = 22_982 * 16;
    expect(Math.abs(e.serving!.kvCapacityTokens - logged) / logged).toBeLessThan(0.015);
    expect(e.notes.join(' ')).toMatch(/outside the budget holds the CUDA context/);
  });
});

describe('the card outside the budget must hold what comes after the pool', () => {
  it('V0 at utilisation 0.99 on an L4: the CUDA context alone outgrows the 1% left, and the note says it fails after the pool', () => {
    const e = estimateOf('serve llama-3-8b seq 4096 vllm 0.5.4 gpu-memory-utilization 0.99 on 1x l4');
    expect(e.fits).toBe(false);
    expect(e.notes.join(' ')).toMatch(/After the pool: CUDA context 0\.4 .* more than the 0\.2 GiB outside the budget: it runs out of memory once the pool is allocated/);
    // At the default 0.9 the same server starts, and no such sentence is written.
    const byDefault = estimateOf('serve llama-3-8b seq 4096 vllm 0.5.4 on 1x l4');
    expect(byDefault.fits).toBe(true);
    expect(byDefault.notes.join(' ')).not.toMatch(/After the pool/);
  });

  it('the sentence appears exactly when the peak passes the card (a server that cannot start says why)', () => {
    fc.assert(
      fc.property(fc.constantFrom('0.5.4', '0.8.5'), fc.integer({ min: 90, max: 99 }), (release, pct) => {
        const e = estimateOf(`serve llama-3-8b seq 4096 vllm ${release} gpu-memory-utilization 0.${pct} on 1x l4`);
        const said = /After the pool/.test(e.notes.join(' '));
        if (said) expect(e.fits).toBe(false);
        if (e.deviceBytes > e.capacityBytes! && part(e, 'kv') > 0) expect(said).toBe(true);
      }),
      { numRuns: 20 },
    );
  });
});

describe("a pool short of one max-model-len sequence is a start failure, said in vLLM's own words", () => {
  it("V0 names the tokens its blocks hold (raise_if_cache_size_invalid); V1 the GiB needed and available (check_enough_kv_cache_memory)", () => {
    const v0 = estimateOf('serve llama-3.1-8b max-model-len 60000 vllm 0.6.4 on 1x 3090');
    expect(v0.fits).toBe(false);
    const tokens = v0.serving!.kvCapacityTokens;
    expect(tokens).toBeLessThan(60000);
    expect(v0.notes.join(' ')).toContain(`"The model's max seq len (60,000) is larger than the maximum number of tokens that can be stored in KV cache (${tokens.toLocaleString('en-US')})"`);
    const v1 = estimateOf('serve llama-3.1-8b max-model-len 29000 --max-num-batched-tokens 32768 on 1x 3090');
    expect(v1.fits).toBe(false);
    expect(v1.notes.join(' ')).toMatch(/"To serve at least one request with the models's max seq len \(29,000\), \(3\.5 GiB KV cache is needed, which is larger than the available KV cache memory \(\d+\.\d GiB\)"/);
  });
});
