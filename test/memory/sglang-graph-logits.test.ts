import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GiB } from '../../src/memory/format.js';
import { sglangCaptureBatchSizes } from '../../src/memory/sglang-graph-logits.js';
import { estimateOf, part } from './fixtures.js';

/** SGLang v0.4.x keeps every captured batch size's fp32 next-token logits (cuda_graph_runner.py output_buffers). */

describe("SGLang's CUDA graphs keep each captured batch size's fp32 logits", () => {
  it('captures 1, 2, 4 and the multiples of 8 up to cuda_graph_max_bs: 1,687 rows at 160, 447 at 80, 15 at 8', () => {
    const rows = (max: number) => sglangCaptureBatchSizes(max).reduce((a, b) => a + b, 0);
    expect(sglangCaptureBatchSizes(8)).toEqual([1, 2, 4, 8]);
    expect(rows(160)).toBe(1 + 2 + 4 + 8 * (20 * 21) / 2);
    expect(rows(160)).toBe(1687);
    expect(rows(80)).toBe(447);
    expect(rows(8)).toBe(15);
  });

  it('a request pool smaller than the preset adds its size and size − 1 and caps the list there (--max-running-requests 50: a pool of 51)', () => {
    expect(sglangCaptureBatchSizes(160, 50)).toEqual([1, 2, 4, 8, 16, 24, 32, 40, 48, 50, 51]);
    expect(sglangCaptureBatchSizes(160, 3)).toEqual([1, 2, 3, 4]);
    // cuda_graph_max_bs still caps it.
    expect(sglangCaptureBatchSizes(8, 50)).toEqual([1, 2, 4, 8]);
  });

  it("Gemma 3 4B on an A800 40GB: 1,687 rows × 262,144 × 4 B = 1.65 GiB, outside mem_fraction_static", () => {
    const e = estimateOf('gemma-3-4b serve sglang on 1x a800-40g');
    expect(part(e, 'graph-logits')).toBe(1687 * 262144 * 4);
    expect(part(e, 'graph-logits') / GiB).toBeCloseTo(1.65, 2);
    // Captured after the pool: the KV cache is the fraction less what sits inside it, as before.
    expect(part(e, 'kv')).toBeCloseTo(0.88 * e.capacityBytes! - part(e, 'weights') - part(e, 'vision') - part(e, 'context'), -3);
  });

  it('none with --disable-cuda-graph; none on vLLM, whose graphs return hidden states and take logits outside them', () => {
    expect(part(estimateOf('gemma-3-4b serve sglang disable cuda graph on 1x a800-40g'), 'graph-logits')).toBe(0);
    expect(part(estimateOf('gemma-3-4b serve vllm on 1x a800-40g'), 'graph-logits')).toBe(0);
  });

  it('a larger vocabulary or a larger largest batch never holds less', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 0, max: 200 }), fc.option(fc.integer({ min: 1, max: 4096 }), { nil: undefined }), (max, extra, pool) => {
        const rows = (m: number) => sglangCaptureBatchSizes(m, pool).reduce((a, b) => a + b, 0);
        expect(rows(max + extra)).toBeGreaterThanOrEqual(rows(max));
        // Every captured size is within both caps.
        for (const bs of sglangCaptureBatchSizes(max, pool)) expect(bs <= max && bs <= (pool ?? Infinity) + 1 && bs >= 1).toBe(true);
      }),
      { numRuns: 200 },
    );
    const qwen = part(estimateOf('qwen2.5-1.5b serve sglang on 1x a100-80g'), 'graph-logits');
    const gemma = part(estimateOf('gemma-3-1b serve sglang on 1x a100-80g'), 'graph-logits');
    expect(qwen).toBe(1687 * 151936 * 4);
    expect(gemma).toBeGreaterThan(qwen);
  });
});
