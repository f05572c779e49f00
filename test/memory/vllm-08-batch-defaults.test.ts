import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimate } from '../../src/memory/estimate.js';
import { GiB } from '../../src/memory/format.js';
import { samplerLogits, vllmBatchDefaults } from '../../src/memory/serving.js';
import { scenario } from './fixtures.js';

/**
 * vLLM V1's scheduler defaults before vllm#16158 (first in 0.8.4): 1,024 sequences on every card, and
 * 8,192 batched tokens on H100/H200 only (vllm#12369). vllm#15105 (0.8.0, two 24 GB cards): the
 * sampler warm-up fails allocating 1.74 GiB = 1,024 × 152,064 (Qwen2.5's vocabulary) × 12 B.
 */

const onCard = (release: string, gpuId: string, capacityGiB: number) => scenario('qwen2.5-7b', { mode: 'inference', inference: { engine: 'vllm', newTokens: 0, kvDtype: 'bf16', gpuMemoryUtilization: 0.9, vllmVersion: release }, hardware: { gpuId, capacityBytes: capacityGiB * GiB, count: 1, perNode: 1 } });

describe('vLLM 0.8.0 to 0.8.3 ran 1,024 sequences on every card', () => {
  it('vllm#15105: 0.8.0 on a 24 GB card warms the sampler up over 1,024 rows of 152,064 logits', () => {
    const s = onCard('0.8.0', 'rtx-4090', 23.57);
    expect(vllmBatchDefaults(s)).toEqual({ maxBatchedTokens: 2048, maxSeqs: 1024 });
    // The log's single allocation: 1,024 × 152,064 × 12 B = 1.74 GiB.
    expect((1024 * s.model.arch.vocab * 12) / GiB).toBeCloseTo(1.74, 2);
    expect(samplerLogits(s).name).toContain('1024 sequences');
  });

  it('invented: 0.8.3 on an H100 keeps 8,192 batched tokens; 0.8.4 and later go back to 256 sequences on a 24 GB card', () => {
    expect(vllmBatchDefaults(onCard('0.8.3', 'h100', 79.1))).toEqual({ maxBatchedTokens: 8192, maxSeqs: 1024 });
    expect(vllmBatchDefaults(onCard('0.8.4', 'rtx-4090', 23.57))).toEqual({ maxBatchedTokens: 2048, maxSeqs: 256 });
    expect(vllmBatchDefaults(onCard('0.7.3', 'rtx-4090', 23.57)).maxSeqs).toBe(256);
  });

  it('property: on a small card the 0.8.0–0.8.3 defaults never leave a larger KV pool than 0.8.4', () => {
    fc.assert(
      fc.property(fc.constantFrom('0.8.0', '0.8.1', '0.8.2', '0.8.3'), fc.constantFrom(['rtx-4090', 23.57] as const, ['l40s', 44.5] as const), (release, [gpu, size]) => {
        const early = estimate(onCard(release, gpu, size)).serving!.kvPoolBytes;
        const later = estimate(onCard('0.8.4', gpu, size)).serving!.kvPoolBytes;
        expect(early).toBeLessThanOrEqual(later);
      }),
      { numRuns: 8 },
    );
  });
});
