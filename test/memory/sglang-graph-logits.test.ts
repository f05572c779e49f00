import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sglangCaptureBatchSizes } from '../../src/memory/sglang-graph-logits.js';
import { estimateOf, part } from './fixtures.js';

/** SGLang's captured graphs share one fp32 next-token logits buffer of the largest batch (sglang#8579); the sizes are server_args.py's list up to cuda_graph_max_bs. */

describe("SGLang's CUDA graphs keep one fp32 logits buffer of the largest captured batch", () => {
  it('captures 1, 2, 4, 8, 12, then every 8 to 256, every 16 to 496, every 32 from 512, up to cuda_graph_max_bs', () => {
    expect(sglangCaptureBatchSizes(8)).toEqual([1, 2, 4, 8]);
    expect(sglangCaptureBatchSizes(24)).toEqual([1, 2, 4, 8, 12, 16, 24]);
    expect(sglangCaptureBatchSizes(256)).toHaveLength(5 + 31);
    expect(sglangCaptureBatchSizes(512)).toHaveLength(5 + 31 + 15 + 1);
    expect(sglangCaptureBatchSizes(512).slice(-3)).toEqual([480, 496, 512]);
  });

  it('a request pool smaller than the list adds its size and size − 1 and caps the list there (--max-running-requests 50: a pool of 51)', () => {
    expect(sglangCaptureBatchSizes(160, 50)).toEqual([1, 2, 4, 8, 12, 16, 24, 32, 40, 48, 50, 51]);
    expect(sglangCaptureBatchSizes(160, 3)).toEqual([1, 2, 3, 4]);
    // cuda_graph_max_bs still caps it.
    expect(sglangCaptureBatchSizes(8, 50)).toEqual([1, 2, 4, 8]);
  });

  it('Gemma 3 4B on an A800 40GB: cuda_graph_max_bs 32 there, 32 × 262,144 × 4 B = 32 MiB, outside mem_fraction_static', () => {
    const e = estimateOf('gemma-3-4b serve sglang on 1x a800-40g');
    expect(part(e, 'graph-logits')).toBe(32 * 262144 * 4);
    // Captured after the pool: the KV cache is the fraction less what sits inside it, as before.
    expect(part(e, 'kv')).toBeCloseTo(e.scenario.inference.gpuMemoryUtilization * e.capacityBytes! - part(e, 'weights') - part(e, 'vision') - part(e, 'context'), -3);
  });

  it('none with --disable-cuda-graph; none on vLLM, whose graphs return hidden states and take logits outside them', () => {
    expect(part(estimateOf('gemma-3-4b serve sglang disable cuda graph on 1x a800-40g'), 'graph-logits')).toBe(0);
    expect(part(estimateOf('gemma-3-4b serve vllm on 1x a800-40g'), 'graph-logits')).toBe(0);
  });

  it('a larger vocabulary or a larger largest batch never holds less', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1024 }), fc.integer({ min: 0, max: 1024 }), fc.option(fc.integer({ min: 1, max: 4096 }), { nil: undefined }), (max, extra, pool) => {
        const rows = (m: number) => Math.max(0, ...sglangCaptureBatchSizes(m, pool));
        expect(rows(max + extra)).toBeGreaterThanOrEqual(rows(max));
        // Every captured size is within both caps.
        for (const bs of sglangCaptureBatchSizes(max, pool)) expect(bs <= max && bs <= (pool ?? Infinity) + 1 && bs >= 1).toBe(true);
      }),
      { numRuns: 200 },
    );
    const qwen = part(estimateOf('qwen2.5-1.5b serve sglang on 1x a100-80g'), 'graph-logits');
    const gemma = part(estimateOf('gemma-3-1b serve sglang on 1x a100-80g'), 'graph-logits');
    // An A100 80GB at tp 1: cuda_graph_max_bs 256.
    expect(qwen).toBe(256 * 151936 * 4);
    expect(gemma).toBeGreaterThan(qwen);
  });
});
