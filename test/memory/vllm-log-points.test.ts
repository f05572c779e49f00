import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GiB } from '../../src/memory/format.js';
import type { Component } from '../../src/memory/types.js';
import { samplerBeyondForward } from '../../src/memory/vllm-profile-peak.js';
import { vllmForwardPeak } from '../../src/memory/vllm-forward.js';
import { layoutOf } from '../../src/memory/layout.js';
import { LOG_POINTS } from '../../bench/vllm-logs/points.js';
import { oursFor } from '../../bench/vllm-logs.js';
import { estimateOf, part, scenario } from './fixtures.js';

/**
 * Issue 23 item 1: vLLM's own start-up numbers (bench/vllm-logs/points.ts) as worked examples of the
 * budget terms. The profile run samples after its forward (vllm-profile-peak.ts), so the budget
 * loses the larger peak, not the sum.
 */

const component = (bytes: number): Component => ({ key: 'x', name: 'x', group: 'activations', bytes, formula: '' });

describe("the profile run's sampler after its forward (vllm-profile-peak.ts)", () => {
  it('adds only what the hidden states and the sampler hold beyond the forward peak, never less than nothing', () => {
    const s = { ...scenario('llama-3.1-8b', { mode: 'inference', seq: 29_000 }), inference: { engine: 'vllm' as const, newTokens: 0, kvDtype: 'bf16' as const, gpuMemoryUtilization: 0.9, vllmVersion: '0.6.4' } };
    // V0 without chunked prefill profiles 29,000 tokens: hidden states 29,000 × 4,096 × 2 B = 0.22 GiB.
    const hidden = 29_000 * 4096 * 2;
    expect(samplerBeyondForward(s, component(3 * GiB), component(0.3 * GiB)).bytes).toBe(0);
    expect(samplerBeyondForward(s, component(0.1 * GiB), component(0.3 * GiB)).bytes).toBeCloseTo(hidden + 0.2 * GiB, -3);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 8, noNaN: true }), fc.double({ min: 0, max: 4, noNaN: true }), (f, l) => {
        const beyond = samplerBeyondForward(s, component(f * GiB), component(l * GiB)).bytes;
        expect(beyond).toBeGreaterThanOrEqual(0);
        // forward + beyond is the larger of the two peaks.
        expect(f * GiB + beyond).toBeCloseTo(Math.max(f * GiB, hidden + l * GiB), -3);
      }),
    );
  });

  it("vllm#10517 (v031, V0 0.6.4, Llama-3.1-8B at 29,000 tokens on a 3090): the pool comes within 15% of the log's 23,648 tokens (24% short when the sampler was summed)", () => {
    const e = estimateOf('serve llama-3.1-8b max-model-len 29000 vllm 0.6.4 on 1x 3090');
    const logged = 23_648;
    expect(Math.abs(e.serving!.kvCapacityTokens - logged) / logged).toBeLessThan(0.15);
    // The sampler's 256 × 128,256 rows hide under the 29,000-token forward.
    expect(part(e, 'logits')).toBe(0);
  });
});

describe("vLLM's forward peak (vllm-forward.ts): LlamaMLP keeps gate_up and its activation beside the layer's input, residual and output", () => {
  it("vllm#10517 (v031): Llama-3.1-8B's 29,000-token profile forward is 29,000 × 2 B × (3·4,096 + 3·14,336) = 2.99 GiB, the log's peak_torch_memory 17.98 less 14.99 GiB of weights", () => {
    const s = scenario('llama-3.1-8b', { mode: 'inference', seq: 29_000 });
    const peak = vllmForwardPeak(s, 29_000, layoutOf(s));
    expect(peak.bytes).toBe(29_000 * 2 * (3 * 4096 + 3 * 14336));
    expect(peak.bytes / GiB).toBeCloseTo(17.98 - 14.99, 1);
  });

  it('splits the MLP by tp and keeps three hidden-wide tensors whatever tp (property, Llama-3-70B)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 65_536 }), fc.constantFrom(1, 2, 4, 8), (tokens, tp) => {
        const s = scenario('llama-3-70b', { mode: 'inference', parallel: { tp, pp: 1, sp: false, cp: 1, ep: 1 } });
        const l = layoutOf(s);
        const h = 8192;
        expect(vllmForwardPeak(s, tokens, l).bytes).toBe(tokens * 2 * (3 * h + (3 * 28_672) / tp));
      }),
      { numRuns: 30 },
    );
  });
});

describe('the log points as worked examples', () => {
  it('has 15 or more points, each with its source thread and a number from the log', () => {
    expect(LOG_POINTS.length).toBeGreaterThanOrEqual(15);
    for (const p of LOG_POINTS) {
      expect(p.source).toMatch(/#\d+|test\//);
      expect(Object.keys(p.log).length).toBeGreaterThan(0);
    }
  });

  it("weights that vLLM logged ('Loading model weights took') come within 10% for the dense and quantised releases read", () => {
    for (const id of ['v387', 'v411', 'v445', 'v102', 'v110', 'v112', 'v199', 'c766']) {
      const p = LOG_POINTS.find((x) => x.id === id)!;
      const o = oursFor(p);
      if (typeof o === 'string') throw new Error(`${id}: ${o}`);
      expect(Math.abs(o.weights - p.log.weights!) / p.log.weights!, id).toBeLessThan(0.1);
    }
  });

  it("vllm#17327 (v112, V0, Qwen3-30B-A3B w4a16 on a 3090): the KV budget within 5% of the log's 5.34 GiB", () => {
    const p = LOG_POINTS.find((x) => x.id === 'v112')!;
    const o = oursFor(p);
    if (typeof o === 'string') throw new Error(o);
    expect(Math.abs(o.kvGiB - 5.34) / 5.34).toBeLessThan(0.05);
  });
});
