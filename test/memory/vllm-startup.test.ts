import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateOf, part } from './fixtures.js';
import { fitsOf } from '../../src/reply/fits.js';

/**
 * vLLM V1's start-up check (vllm-startup.ts, gpu_worker init_device from 0.9.1): the memory free at
 * start must hold gpu_memory_utilization × card, and the CUDA context already holds part of it
 * (from 0.11.0 NCCL's buffers too: the snapshot follows the distributed init, vllm#25359).
 */
const served = (release: string, util: string, card = 'v100-32g') => estimateOf(`llama-2-70b fp16 serve vllm${release} tp 8 --gpu-memory-utilization ${util} --max-model-len 1024 --enforce-eager on 8x ${card}`);

describe("vLLM V1 refuses a fraction the card's free memory cannot hold at start", () => {
  it('vllm#2348\'s setup at utilisation 1 on V100s: today\'s V1 refuses to start, in its own words', () => {
    const e = served('', '1');
    expect(fitsOf(e.scenario, e)).toBe('no');
    // Today's V1 (0.11.0 on) snapshots after NCCL's communicators: both are taken when it checks. The
    // context is PyTorch 2's lazily loaded one (overhead.ts lazyLoadedContextMiB: 350 + 512 MiB taken).
    expect(e.headroomBytes!).toBeCloseTo(-(part(e, 'context') + part(e, 'nccl')), -3);
    expect(e.notes.join(' ')).toMatch(/Free memory on device \(30\.90\/31\.74 GiB\) on startup is less than desired GPU memory utilization \(1, 31\.74 GiB\)/);
  });

  it('releases without the check do not refuse: V1 of 0.9.0, and V0', () => {
    for (const release of [' 0.9.0', ' 0.6.4', ' 0.2.7']) {
      expect(served(release, '1').notes.join(' ')).not.toMatch(/on startup is less than desired/);
    }
  });

  it('it refuses exactly when the fraction passes 1 − (context + NCCL) ÷ card (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 90, max: 100 }), fc.constantFrom('v100-32g', 'a100-80g', 'l4'), (pct, card) => {
        const e = served('', pct === 100 ? '1' : `0.${pct}`, card);
        const refused = /on startup is less than desired/.test(e.notes.join(' '));
        const free = e.capacityBytes! - part(e, 'context') - part(e, 'nccl');
        expect(refused).toBe((pct / 100) * e.capacityBytes! > free);
        if (refused) expect(fitsOf(e.scenario, e)).toBe('no');
      }),
      { numRuns: 25 },
    );
  });
});
