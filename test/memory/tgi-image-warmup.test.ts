import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutOf } from '../../src/memory/layout.js';
import { tgiImageWarmupAttention } from '../../src/memory/tgi-image-warmup.js';
import { estimateOf, part } from './fixtures.js';

/**
 * TGI 3.2.x warms Gemma 3 up with an image (grpc_client.rs warmup), so Gemma3ForConditionalGeneration
 * builds dense fp32 masks and attends with PyTorch's math SDPA in fp32 (tgi-image-warmup.ts).
 */
const gemma = (release: string, tokens: number, model = 'gemma-3-27b', tp = 4) =>
  estimateOf(`${model} serve tgi ${release} tp ${tp} --max-total-tokens ${tokens + 1000} --max-batch-prefill-tokens ${tokens} on ${tp}x a100-80g`);

describe("TGI 3.2's image warm-up of Gemma 3", () => {
  it('tgi#3130 worked example: Gemma-3-27B at tp 4, 31,000 prefill tokens under 3.2.1 stops at the warm-up, and says so', () => {
    const e = gemma('3.2.1', 31_000);
    const S = 31_000;
    // masks 9 B and two fp32 score tensors over 32 ÷ 4 heads, per S² element.
    expect(tgiImageWarmupAttention(e.scenario, layoutOf(e.scenario), S)!.bytes).toBe(S * S * 9 + 8 * S * S * 8);
    expect(e.fits).toBe(false);
    expect(e.notes.join(' ')).toMatch(/the warm-up alone needs .* GiB of the 79\.1 GiB TGI may use, so it stops at the warm-up \("Not enough memory to handle 31,000 prefill tokens"/);
  });

  it('only 3.2.x takes that path: 3.3 hands the mask to FlashInfer, an unnamed release is the newest, and text-only Gemma 3 1B has no image', () => {
    expect(part(gemma('3.3.0', 31_000), 'warmup')).toBeLessThan(part(gemma('3.2.1', 31_000), 'warmup'));
    expect(part(gemma('3.3.0', 31_000), 'warmup')).toBe(part(estimateOf('gemma-3-27b serve tgi tp 4 --max-total-tokens 32000 --max-batch-prefill-tokens 31000 on 4x a100-80g'), 'warmup'));
    const text = estimateOf('gemma-3-1b serve tgi 3.2.1 --max-total-tokens 9000 --max-batch-prefill-tokens 8000 on 1x a100-80g');
    expect(tgiImageWarmupAttention(text.scenario, layoutOf(text.scenario), 8000)).toBeNull();
  });

  it('the image warm-up grows with the square of the prefill and shrinks with more shards (heads split, masks not)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 16 }), fc.constantFrom(1, 2, 4, 8), (k, tp) => {
        const tokens = 1024 * k;
        const one = gemma('3.2.1', tokens, 'gemma-3-27b', tp).scenario;
        const at = (S: number, t: number) => tgiImageWarmupAttention({ ...one, parallel: { ...one.parallel, tp: t } }, layoutOf({ ...one, parallel: { ...one.parallel, tp: t } }), S)!.bytes;
        expect(at(2 * tokens, tp)).toBe(4 * at(tokens, tp));
        if (tp < 8) expect(at(tokens, 2 * tp)).toBeLessThan(at(tokens, tp));
        expect(at(tokens, 8)).toBeGreaterThanOrEqual(tokens * tokens * 9);
      }),
      { numRuns: 20 },
    );
  });
});
