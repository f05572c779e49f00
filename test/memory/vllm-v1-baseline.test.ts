import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GiB } from '../../src/memory/format.js';
import { estimateOf, part } from './fixtures.js';

/**
 * Where vLLM V1's budget starts (memory/vllm-v1-baseline.ts): 0.8.x–0.9.0 count the CUDA context and
 * NCCL inside gpu_memory_utilization × card; 0.9.1 snapshots after the context (it sits outside);
 * 0.11.0 snapshots after the distributed init too (vllm#25359: NCCL outside as well, and in the
 * start-up check); from 0.21.0 the CUDA-graph estimate takes their place, held by the context and NCCL.
 */
const served = (release: string, tp = 1, util = '0.9') => estimateOf(`serve llama-3-8b ${release} tp ${tp} --gpu-memory-utilization ${util} --max-model-len 8192 on ${tp}x l4`);

describe("vLLM V1's baseline by release", () => {
  it('worked example, tp 2 on L4s: each release gives the pool back what its baseline leaves out', () => {
    const [before, context, nccl, newest] = ['vllm 0.9.0', 'vllm 0.10.1', 'vllm 0.11.0', 'vllm'].map((r) => served(r, 2));
    const ctx = part(before, 'context');
    const comm = part(before, 'nccl');
    expect(comm).toBeGreaterThan(0);
    expect(part(context, 'kv') - part(before, 'kv')).toBeCloseTo(ctx, -3);
    expect(part(nccl, 'kv') - part(before, 'kv')).toBeCloseTo(ctx + comm, -3);
    // From 0.21.0 (a vLLM named without a release is the newest) the CUDA-graph estimate comes out
    // instead; the context and NCCL stand in for it.
    expect(part(newest, 'kv')).toBeCloseTo(part(before, 'kv'), -3);
    expect(nccl.notes.join(' ')).toMatch(/holds the CUDA context and NCCL's buffers \(V1 takes its baseline after them\)/);
  });

  it('the card holds the budget plus what the baseline left out (property over the utilisation)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 50, max: 95 }), fc.constantFrom('vllm 0.10.1', 'vllm 0.11.0', 'vllm 0.11.2'), (pct, release) => {
        const e = served(release, 2, `0.${pct}`);
        const outside = e.deviceBytes - (pct / 100) * e.capacityBytes!;
        // Outside the budget: the graphs captured after the pool and what the snapshot already held.
        const held = part(e, 'context') + (release === 'vllm 0.10.1' ? 0 : part(e, 'nccl'));
        expect(outside).toBeCloseTo(part(e, 'cuda-graphs') + held, -3);
      }),
      { numRuns: 15 },
    );
  });

  it("djl-serving#3056 (verdict v431): vLLM 0.23.0's pool for Llama-3-8B at tp 4 on L4s, 16.19 GiB, lies within a tenth above the one counted for the newest release", () => {
    // The language names releases up to 0.11 (language/vllm-versions.ts): 0.23.0 is the newest, unnamed.
    const e = estimateOf('serve llama-3-8b vllm tp 4 --max-num-seqs 256 on 4x l4');
    const kv = part(e, 'kv') / GiB;
    expect(kv).toBeLessThan(16.19);
    expect(kv).toBeGreaterThan(0.9 * 16.19);
  });

  it('from 0.11.0 the start-up check finds NCCL taken as well as the context', () => {
    const util = '0.97';
    const e = served('vllm 0.11.0', 4, util);
    const free = e.capacityBytes! - part(e, 'context') - part(e, 'nccl');
    expect(/on startup is less than desired/.test(e.notes.join(' '))).toBe(0.97 * e.capacityBytes! > free);
    const older = served('vllm 0.10.1', 4, util);
    const freeOlder = older.capacityBytes! - part(older, 'context');
    expect(/on startup is less than desired/.test(older.notes.join(' '))).toBe(0.97 * older.capacityBytes! > freeOlder);
  });
});
