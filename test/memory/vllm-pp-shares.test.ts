import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vllmEngine, vllmVirtualEngines } from '../../src/memory/vllm-release.js';
import { GiB } from '../../src/memory/format.js';
import { estimateOf } from './fixtures.js';

/**
 * vLLM V0 under pipeline parallelism: one scheduler and cache engine per virtual engine, the GPU
 * blocks split among them (core/scheduler.py `num_gpu_blocks //= pipeline_parallel_size`), and one
 * sequence must fit in a share (worker.py raise_if_cache_size_invalid). 0.8.x falls back to V0 for
 * pipeline parallelism without Ray (arg_utils.py _is_v1_supported_oracle).
 */

describe('V0 splits its KV pool among pipeline virtual engines', () => {
  it('0.8.x runs pipeline parallelism on V0 (no Ray named); V1 otherwise, and later releases keep V1', () => {
    expect(vllmEngine(estimateOf('serve qwen2.5-32b nf4 pp 2 vllm 0.8.5 on 2x 5090').scenario)).toBe('v0');
    expect(vllmEngine(estimateOf('serve qwen2.5-32b nf4 vllm 0.8.5 on 1x h100').scenario)).toBe('v1');
    expect(vllmEngine(estimateOf('serve qwen2.5-32b nf4 pp 2 on 2x 5090').scenario)).toBe('v1');
    expect(vllmVirtualEngines(estimateOf('serve qwen2.5-32b nf4 pp 2 on 2x 5090').scenario)).toBe(1);
    expect(vllmVirtualEngines(estimateOf('serve qwen2.5-32b nf4 pp 2 vllm 0.8.5 on 2x 5090').scenario)).toBe(2);
  });

  it('worked example, vllm#14452 (v041/v042): the pool is split in two, so 60,000 tokens need 7.3 GiB of a 7.5 GiB share and 50,000 need 6.1', () => {
    const at60k = estimateOf('serve qwen2.5-32b nf4 pp 2 gpu-memory-utilization 0.85 max-model-len 60000 vllm 0.8.5 on 2x 5090');
    const sv = at60k.serving!;
    // Qwen2.5-32B: 64 layers, 8 KV heads × 128, bf16: 128 KiB a token on each of the two stages.
    expect(sv.kvBytesPerToken).toBe(32 * 2 * 8 * 128 * 2);
    const share = sv.kvPoolBytes / 2;
    expect(share).toBeGreaterThan(sv.sequenceBytes);
    expect(at60k.headroomBytes!).toBeCloseTo(sv.kvPoolBytes - 2 * sv.sequenceBytes, 0);
    expect(at60k.headroomBytes!).toBeLessThan(0.05 * at60k.capacityBytes!);
    expect(at60k.notes.join(' ')).toMatch(/in each of the 2 shares V0 splits the pool into/);
    const at50k = estimateOf('serve qwen2.5-32b nf4 pp 2 gpu-memory-utilization 0.85 max-model-len 50000 vllm 0.8.5 on 2x 5090');
    expect(at50k.headroomBytes!).toBeGreaterThan(2 * GiB);
  });

  it('a server that starts on V0 holds a multiple of the shares, never more sequences than one pool would (property over max-model-len)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4096, max: 131072 }), (seq) => {
        const split = estimateOf(`serve qwen2.5-32b nf4 pp 2 max-model-len ${seq} vllm 0.8.5 on 2x a100-80g`);
        const sv = split.serving!;
        expect(sv.concurrentSequences % 2).toBe(0);
        expect(sv.concurrentSequences).toBeLessThanOrEqual(Math.floor(sv.kvCapacityTokens / seq));
        // It starts exactly when one sequence fits in a share.
        expect(sv.concurrentSequences > 0).toBe(Math.floor(sv.kvCapacityTokens / 2) >= seq);
      }),
      { numRuns: 20 },
    );
  });
});
