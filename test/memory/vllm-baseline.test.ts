import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateOf } from './fixtures.js';

/**
 * Where vLLM V0's budget starts (serving-budget.ts nonTorchInBudget): before vllm#2863 (0.3.1,
 * February 2024) `profile_num_available_blocks` takes `peak_memory = total − free` after the profile
 * run, so the CUDA context is inside the budget; from 0.3.1 to 0.5 the baseline `init_gpu_memory` is
 * taken after the context exists, which so sits outside; 0.6.0–0.6.4 `non_torch_allocations` counts it
 * again, and from 0.6.5 (vllm#10511) the baseline leaves it outside once more (vllm-budget-terms.test.ts).
 */
const at = (release: string, util: string) => estimateOf(`serve llama-3-8b seq 4096 vllm ${release} gpu-memory-utilization ${util} on 1x l4`);

describe("vLLM V0's baseline by release", () => {
  it('0.2.7 at utilisation 0.99 starts: its total − free peak already holds the CUDA context; 0.5.4 does not', () => {
    const old = at('0.2.7', '0.99');
    expect(old.notes.join(' ')).not.toMatch(/After the pool/);
    expect(old.fits).toBe(true);
    expect(at('0.5.4', '0.99').fits).toBe(false);
  });

  it('the pool before 0.3.1 is the pool of 0.3.1 less the context (property over the utilisation)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 85, max: 99 }), (pct) => {
        const util = `0.${pct}`;
        const before = at('0.3.0', util).serving!.kvCapacityTokens;
        const after = at('0.3.1', util).serving!.kvCapacityTokens;
        expect(before).toBeLessThan(after);
        expect(at('0.2.7', util).serving!.kvCapacityTokens).toBe(before);
      }),
      { numRuns: 10 },
    );
  });
});
