import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateOf } from './fixtures.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { LLAMACPP_LAYER_SPLIT_FROM_BUILD } from '../../src/memory/llamacpp-row-split.js';

/**
 * llama.cpp before ggml-backend (llamacpp-row-split.ts, read in llama.cpp at 465219b, October 2023):
 * rows of every matrix split over the GPUs, the KV cache (V past n_layer + 1, K past n_layer + 2)
 * and the VRAM scratch buffer whole on the main GPU. Worked case: llama.cpp#3780 (build 1430,
 * Llama-2-70B Q6_K, -ngl 83, -c 8192 on 3× P40).
 */
const old = (extra: string) => `llama-2-70b q6_k llama.cpp build 1430 ${extra}`;
const part = (text: string, key: string) => estimateOf(text).components.find((c) => c.key === key)?.bytes ?? 0;

describe('llama.cpp before ggml-backend splits rows, with the KV cache on the main GPU', () => {
  it('llama.cpp#3780: the main P40 holds a third of the matrices, the whole 2.5 GiB KV cache and the 1 GiB scratch', () => {
    const text = old('-ngl 83 ctx 8192 on 3x p40');
    const e = estimateOf(text);
    expect(e.scenario.parallel.pp).toBe(1);
    // 80 layers × 8192 tokens × (K + V) × 8 KV heads × 128 × 2 B.
    expect(part(text, 'kv')).toBe(80 * 8192 * 2 * 8 * 128 * 2);
    // KQ = mul_mat(K, Q) in f32: 64 heads × 512 tokens × 8192 positions × 4 B, and two 512 × 8192 f32 rows.
    expect(part(text, 'compute')).toBe(64 * 512 * 8192 * 4 + 512 * 8192 * 4 * 2);
    // The whole GPU part of the file on one card, against a third of it here.
    const oneCard = part('llama-2-70b q6_k llama.cpp build 1430 -ngl 83 ctx 8192 on 1x h200', 'weights');
    expect(part(text, 'weights')).toBeCloseTo(oneCard / 3, 0);
    expect(canonicalText(e.scenario)).toContain('llama.cpp build 1430');
  });

  it('-ngl decides the KV cache: none up to n_layer + 1, V alone at n_layer + 2, both past it', () => {
    const kv = (ngl: number) => part(old(`-ngl ${ngl} ctx 4096 on 2x p40`), 'kv');
    expect(kv(81)).toBe(0);
    expect(kv(82)).toBe(kv(83) / 2);
    expect(kv(99)).toBe(kv(83));
  });

  it('more GPUs shrink the main GPU\'s matrices but never its KV cache (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 7 }), fc.constantFrom(2048, 4096, 8192), (gpus, ctx) => {
        const few = old(`-ngl 99 ctx ${ctx} on ${gpus}x p40`);
        const more = old(`-ngl 99 ctx ${ctx} on ${gpus + 1}x p40`);
        expect(part(more, 'kv')).toBe(part(few, 'kv'));
        expect(part(more, 'weights')).toBeLessThan(part(few, 'weights'));
      }),
      { numRuns: 10 },
    );
  });

  it('from the layer split on, each card holds its own layers\' KV: the main GPU of the old split is never lighter', () => {
    const layer = `llama-2-70b q6_k llama.cpp build ${LLAMACPP_LAYER_SPLIT_FROM_BUILD} -ngl 83 ctx 8192 on 3x p40`;
    expect(estimateOf(layer).scenario.parallel.pp).toBe(3);
    expect(part(layer, 'kv')).toBeLessThan(part(old('-ngl 83 ctx 8192 on 3x p40'), 'kv'));
    expect(estimateOf(old('-ngl 83 ctx 8192 on 3x p40')).deviceBytes).toBeGreaterThan(estimateOf(layer).deviceBytes);
  });
});
