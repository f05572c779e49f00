import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateOf, part } from './fixtures.js';

/**
 * TGI allocates the warm-up batch's own KV blocks before running its prefill (flash_causal_lm.py
 * warmup: v1.0.1 `CacheManager(batch.blocks, ...)`, v3.3.0 `init_kv_cache(batch.num_blocks, ...)`),
 * and they cover at least every prompt token of the batch, max_batch_prefill_tokens in all
 * (tgi.ts tgiWarmupKvBytes). The warm-up fails when weights + prefill peak + those blocks pass the
 * memory fraction, even though the pool it would size afterwards holds one sequence.
 */
describe("TGI's warm-up holds its batch's KV blocks beside its prefill peak", () => {
  it('Llama-2-7B in 16 bits on a T4, TGI 1.0.1, 4096 prefill tokens: the warm-up needs 2.0 GiB of KV the card does not have (text-generation-inference#856)', () => {
    const e = estimateOf('tgi 1.0.1 llama-2-7b bf16 --max-total-tokens 2048 --max-batch-prefill-tokens 4096 on 1x t4');
    // 32 layers × 2 (K, V) × 32 heads × 128 × 2 B = 512 KiB a token; 4096 tokens = 2 GiB.
    expect(e.serving!.kvBytesPerToken).toBe(512 * 1024);
    // The pool sized after the warm-up would hold one 2,048-token sequence, but not the warm-up's 4,096 tokens.
    expect(part(e, 'kv')).toBeGreaterThan(2048 * 512 * 1024);
    expect(part(e, 'kv')).toBeLessThan(4096 * 512 * 1024);
    expect(e.fits).toBe(false);
    expect(e.notes.join(' ')).toMatch(/The warm-up also holds its batch's KV blocks, at least 2\.0 GiB for its 4,096 prefill tokens/);
    expect(e.notes.join(' ')).toContain('"Not enough memory to handle 4,096 prefill tokens"');
  });

  it('invented: the same server at 1,024 prefill tokens warms up and fits', () => {
    const e = estimateOf('tgi 1.0.1 llama-2-7b bf16 --max-total-tokens 2048 --max-batch-prefill-tokens 1024 on 1x t4');
    expect(e.fits).toBe(true);
    expect(e.notes.join(' ')).not.toMatch(/warm-up also holds/);
  });

  it('a warm-up that fails says so, and one that fits leaves a pool at least as large as its batch (property over prefill tokens and cards)', () => {
    fc.assert(
      fc.property(fc.constantFrom(512, 1024, 2048, 4096, 8192, 16384), fc.constantFrom('t4', 'l4', 'a10g', 'a100-40g'), (prefill, card) => {
        const e = estimateOf(`serve tgi 1.0.1 llama-2-7b --max-total-tokens 2048 --max-batch-prefill-tokens ${prefill} on 1x ${card}`);
        const warmupKv = prefill * e.serving!.kvBytesPerToken;
        const failed = /warm-up also holds/.test(e.notes.join(' '));
        // TGI 1.x: the pool is every byte free after the warm-up's peak, so it holds the warm-up batch exactly when the warm-up fit.
        expect(failed).toBe(part(e, 'kv') < warmupKv);
        if (failed) expect(e.fits).toBe(false);
      }),
      { numRuns: 24 },
    );
  });
});
