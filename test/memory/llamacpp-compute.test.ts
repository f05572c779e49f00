import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutOf } from '../../src/memory/layout.js';
import { LLAMACPP_UBATCH, llamaCppComputeBuffer } from '../../src/memory/llamacpp.js';
import { estimateOf, part, scenario } from './fixtures.js';

/** llama.cpp's compute buffer: the reserved worst-case graph of n_ubatch tokens at n_ctx (llama-context.cpp). */
const llamaCpp = (seq: number, attention: 'flash' | 'eager') =>
  scenario('llama-3-8b', { mode: 'inference', framework: 'llamacpp', weights: 'q4_k_m', compute: 'fp16', seq, attention });

describe('llama.cpp compute buffer', () => {
  it('worked example: Llama-3-8B with flash attention holds the 512 output rows of f32 logits beside their f32 input (258.50 MiB, as its log prints)', () => {
    const s = llamaCpp(8192, 'flash');
    expect(llamaCppComputeBuffer(s, layoutOf(s)).bytes).toBe(LLAMACPP_UBATCH * (128256 + 4096) * 4);
    expect(llamaCppComputeBuffer(s, layoutOf(s)).bytes / 2 ** 20).toBe(258.5);
  });

  it('without flash attention the scores of one layer, heads × n_ubatch × n_ctx × 4 B, take over at long contexts', () => {
    const s = llamaCpp(8192, 'eager');
    expect(llamaCppComputeBuffer(s, layoutOf(s)).bytes).toBe(32 * 512 * 8192 * 4 + 512 * 4096 * 8);
  });

  it('grows with n_ctx only without flash attention', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1024, max: 65536 }), fc.integer({ min: 1, max: 65536 }), (n, extra) => {
        const [a, b] = [llamaCpp(n, 'eager'), llamaCpp(n + extra, 'eager')];
        expect(llamaCppComputeBuffer(b, layoutOf(b)).bytes).toBeGreaterThanOrEqual(llamaCppComputeBuffer(a, layoutOf(a)).bytes);
        const [c, d] = [llamaCpp(n, 'flash'), llamaCpp(n + extra, 'flash')];
        expect(llamaCppComputeBuffer(d, layoutOf(d)).bytes).toBe(llamaCppComputeBuffer(c, layoutOf(c)).bytes);
      }),
      { numRuns: 30 },
    );
  });

  it('is resident beside the weights and the whole n_ctx KV cache in the estimate', () => {
    const e = estimateOf('llama-3-8b llamacpp q4_k_m seq 8192 on 1x 3090');
    expect(part(e, 'compute')).toBe(LLAMACPP_UBATCH * (128256 + 4096) * 4);
    expect(e.peakAllocatedBytes).toBe(part(e, 'weights') + part(e, 'kv') + part(e, 'compute'));
  });
});
