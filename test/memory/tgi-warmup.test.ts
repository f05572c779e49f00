import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateOf, part } from './fixtures.js';

/**
 * TGI's warm-up asks for prefill log-probs (router warmup: prefill_logprobs true), so the LM head
 * runs over every prefill token and TensorParallelHead gathers the whole vocabulary on each rank
 * (tgi.ts): tokens × V × (2 B logits + 2 B log-softmax). Command R+'s 256,000-token vocabulary
 * makes that the largest thing after the weights.
 */
describe("TGI's warm-up logits scale with the model's own vocabulary", () => {
  it('Command R+ at 10,000 prefill tokens: 10,000 × 256,000 × 4 B, and no KV pool left on an A30 at tp 8 (TGI#1769)', () => {
    const e = estimateOf('command-r-plus-104b serve tgi int8 tp 8 --max-total-tokens 11000 --max-batch-prefill-tokens 10000 on 8x a30');
    expect(e.scenario.model.id).toBe('command-r-plus');
    expect(part(e, 'warmup')).toBe(10_000 * 256_000 * 4);
    expect(part(e, 'kv')).toBe(0);
  });

  it('the warm-up grows with the prefill tokens; the KV pool shrinks by the same bytes while positive', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), (k) => {
        const tokens = 512 * k;
        const small = estimateOf(`command-r-plus serve tgi int8 tp 8 --max-total-tokens 8192 --max-batch-prefill-tokens ${tokens} on 8x h100`);
        const large = estimateOf(`command-r-plus serve tgi int8 tp 8 --max-total-tokens 8192 --max-batch-prefill-tokens ${2 * tokens} on 8x h100`);
        const grew = part(large, 'warmup') - part(small, 'warmup');
        expect(grew).toBe(tokens * 256_000 * 4);
        expect(part(small, 'kv') - part(large, 'kv')).toBeCloseTo(grew, -3);
      }),
      { numRuns: 8 },
    );
  });
});
