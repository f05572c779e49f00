import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GiB } from '../../src/memory/format.js';
import { estimateOf, part } from './fixtures.js';

/**
 * vLLM --cpu-offload-gb (vllm/model_executor/models/utils.py `maybe_offload_to_cpu`, v0.5.3, PR #6496):
 * that many GiB of decoder-layer weights per GPU stay in pinned CPU memory; embeddings and LM head stay.
 */
describe('vLLM --cpu-offload-gb keeps weights in CPU memory', () => {
  it('worked example, vllm#6496 on a GH200: Llama-3-70B bf16 with --cpu-offload-gb 70 loads about 61.3 GiB on the GPU', () => {
    const full = part(estimateOf('serve llama-3-70b vllm 0.5.2 on 1x h200'), 'weights');
    const kept = part(estimateOf('serve llama-3-70b vllm 0.5.2 --cpu-offload-gb 70 on 1x h200'), 'weights');
    // The log: "Loading model weights took 61.2922 GB" (GiB); 131.4 GiB less 70 GiB.
    expect((full - kept) / GiB).toBeCloseTo(70, 5);
    expect(kept / GiB).toBeGreaterThan(60.5);
    expect(kept / GiB).toBeLessThan(62.5);
  });

  it('property: the GPU keeps no less than embeddings and LM head, and never more than without offload', () => {
    const full = part(estimateOf('serve llama-2-13b fp16 vllm on 1x a100-80g'), 'weights');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (gb) => {
        const kept = part(estimateOf(`serve llama-2-13b fp16 vllm --cpu-offload-gb ${gb} on 1x a100-80g`), 'weights');
        expect(kept).toBeLessThan(full);
        expect(full - kept).toBeLessThanOrEqual(gb * GiB + 1);
        // Embeddings and LM head (2 × 32,000 × 5,120 × 2 B) never leave the GPU.
        expect(kept).toBeGreaterThanOrEqual(2 * 32000 * 5120 * 2 - 1);
      }),
      { numRuns: 12 },
    );
  });
});
