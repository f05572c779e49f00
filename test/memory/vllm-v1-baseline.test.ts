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

  it("djl-serving#3056 (verdict v431): vLLM 0.23.0's pool for Llama-3-8B at tp 4 on L4s, 16.19 GiB, lies within a tenth above the one counted", () => {
    const e = estimateOf('serve llama-3-8b vllm 0.23.0 tp 4 --max-num-seqs 256 on 4x l4');
    expect(part(e, 'kv')).toBeCloseTo(part(estimateOf('serve llama-3-8b vllm tp 4 --max-num-seqs 256 on 4x l4'), 'kv'), -3);
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

  it('0.12 → 0.20: the graph estimate exists but is off by default (vllm#30515), so the pool is 0.11.0\'s', () => {
    for (const release of ['vllm 0.12.0', 'vllm 0.14.1', 'vllm 0.20.1']) {
      expect(part(served(release, 2), 'kv')).toBeCloseTo(part(served('vllm 0.11.0', 2), 'kv'), -3);
    }
  });
});

describe('Model Runner V2, 0.25.1 → 0.28: no CUDA-graph estimate for a dense model (vllm#49224)', () => {
  const dense = (release: string) => served(release, 2);
  it('worked example, Llama-3-8B at tp 2 on L4s: 0.26.0 gives the pool back the context and NCCL that 0.23.0 and 0.29.0 hold for the graphs', () => {
    const [before, v2, fixed, newest] = ['vllm 0.23.0', 'vllm 0.26.0', 'vllm 0.29.0', 'vllm'].map(dense);
    expect(part(v2, 'kv') - part(before, 'kv')).toBeCloseTo(part(before, 'context') + part(before, 'nccl'), -3);
    expect(part(fixed, 'kv')).toBeCloseTo(part(before, 'kv'), -3);
    expect(part(newest, 'kv')).toBeCloseTo(part(before, 'kv'), -3);
    // 0.25.0 predates the switch; 0.25.1 and 0.28.0 are on it.
    expect(part(dense('vllm 0.25.0'), 'kv')).toBeCloseTo(part(before, 'kv'), -3);
    expect(part(dense('vllm 0.25.1'), 'kv')).toBeCloseTo(part(v2, 'kv'), -3);
    expect(part(dense('vllm 0.28.0'), 'kv')).toBeCloseTo(part(v2, 'kv'), -3);
  });

  it('a mixture-of-experts model stays on the first runner, whose estimate is real: its pool is the same at 0.26.0 as at 0.23.0', () => {
    const moe = (release: string) => estimateOf(`serve qwen3-30b-a3b ${release} tp 2 --max-model-len 8192 on 2x l40s`);
    expect(part(moe('vllm 0.26.0'), 'kv')).toBeCloseTo(part(moe('vllm 0.23.0'), 'kv'), -3);
  });

  it('the card outside the budget holds what the snapshot took and the graphs, whatever the release (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 12, max: 29 }), fc.integer({ min: 0, max: 2 }), (minor, patch) => {
        const e = dense(`vllm 0.${minor}.${patch}`);
        const inBudget = 0.9 * e.capacityBytes! - (part(e, 'kv') + part(e, 'weights') + part(e, 'profile') + part(e, 'logits'));
        // What the budget keeps for non-torch memory: the stand-in (context and NCCL) or nothing.
        const standIn = part(e, 'context') + part(e, 'nccl');
        const expected = minor >= 21 && !(minor > 25 || (minor === 25 && patch >= 1)) || minor >= 29 ? standIn : 0;
        expect(inBudget).toBeCloseTo(expected, -4);
      }),
      { numRuns: 30 },
    );
  });
});

describe('--enforce-eager from 0.21.0: no graphs captured, so no graph estimate in the budget (gpu_worker.py determine_available_memory)', () => {
  const eager = (release: string, flag: string) => estimateOf(`serve llama-3-8b ${release} tp 2 --max-model-len 8192 ${flag} on 2x l4`);
  it('worked example, Llama-3-8B at tp 2 on L4s: eager 0.23.0 plans as 0.11.0 does, the context and NCCL outside the budget', () => {
    const [graphs, eager23, eager11] = [eager('vllm 0.23.0', ''), eager('vllm 0.23.0', '--enforce-eager'), eager('vllm 0.11.0', '--enforce-eager')];
    // The stand-in for the estimate (context and NCCL) comes back to the pool; nothing else moves.
    expect(part(eager23, 'kv') - part(graphs, 'kv')).toBeCloseTo(part(graphs, 'context') + part(graphs, 'nccl'), -3);
    expect(part(eager23, 'kv')).toBeCloseTo(part(eager11, 'kv'), -3);
    expect(part(eager23, 'cuda-graphs')).toBe(0);
    // A vLLM named without a release is the newest: the same.
    expect(part(eager('vllm', '--enforce-eager'), 'kv')).toBeCloseTo(part(eager23, 'kv'), -3);
  });

  it('eager never shrinks the pool, and the card still holds the budget plus what the snapshot took (property over release and utilisation)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 9, max: 30 }), fc.integer({ min: 50, max: 93 }), (minor, pct) => {
        const release = `vllm 0.${minor}.1`;
        const util = `--gpu-memory-utilization 0.${pct}`;
        const withGraphs = eager(release, util);
        const without = eager(release, `${util} --enforce-eager`);
        expect(part(without, 'kv')).toBeGreaterThanOrEqual(part(withGraphs, 'kv') - 1);
        const outside = without.deviceBytes - (pct / 100) * without.capacityBytes!;
        const held = part(without, 'context') + (minor >= 11 ? part(without, 'nccl') : 0);
        expect(outside).toBeCloseTo(held, -3);
      }),
      { numRuns: 25 },
    );
  });
});
