import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fsdpRootParams } from '../../src/memory/fsdp-root.js';
import { layoutOf } from '../../src/memory/layout.js';
import { gatheredLayers } from '../../src/memory/states.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { scenario } from './fixtures.js';

/**
 * FSDP's root unit (torch _runtime_utils._post_forward_reshard: the root is not freed after the
 * forward under FULL_SHARD; Accelerate's TRANSFORMER_BASED_WRAP wraps only the decoder layers).
 */

const GiB = 2 ** 30;
const onA100s = (count: number) => ({ hardware: { gpuId: 'a100-80g', capacityBytes: 80 * GiB, count, perNode: count } });
const fsdp = (id: string, patch: Partial<Scenario> = {}) =>
  scenario(id, { sharding: { kind: 'fsdp', stage: 3 }, ...onA100s(8), ...patch });
const gathered = (s: Scenario) => gatheredLayers(s, layoutOf(s))?.bytes ?? 0;

describe('the root FSDP unit stays gathered', () => {
  it('Qwen2.5-14B under HF/Accelerate FSDP: embedding and LM head 152,064 × 5,120 each, plus the final norm, whole on every GPU', () => {
    const s = fsdp('qwen2.5-14b');
    expect(fsdpRootParams(s, layoutOf(s))).toBe(2 * 152064 * 5120 + 5120);
    // 1.56 B parameters in bf16: 2.9 GiB beside the two gathered layers.
    const withoutRoot = gathered({ ...s, framework: 'torchtune' });
    expect((gathered(s) - withoutRoot) / GiB).toBeCloseTo(((2 * 152064 * 5120 + 5120) * 2) / GiB, 6);
  });

  it('a tied LM head is the embedding itself: Qwen2.5-1.5B counts 151,936 × 1,536 once', () => {
    const s = fsdp('qwen2.5-1.5b');
    expect(fsdpRootParams(s, layoutOf(s))).toBe(151936 * 1536 + 1536);
  });

  it('torchtune and torchtitan shard the embedding and output as their own units: no root term', () => {
    for (const framework of ['torchtune', 'torchtitan'] as const) {
      const s = fsdp('llama-3-8b', { framework });
      expect(fsdpRootParams(s, layoutOf(s))).toBe(0);
    }
  });

  it('DeepSpeed ZeRO-3 has no root unit (its embedding is a fetched parameter like any other)', () => {
    const s = fsdp('llama-3-8b', { sharding: { kind: 'zero', stage: 3 }, framework: 'deepspeed' });
    expect(fsdpRootParams(s, layoutOf(s))).toBe(0);
  });

  it('a 4-bit base keeps its root in 16 bits', () => {
    const s = fsdp('llama-2-70b', { mode: 'qlora', weights: 'nf4', lora: { rank: 8, alpha: 16, dropout: 0, targets: ['q', 'v'] } });
    const root = fsdpRootParams(s, layoutOf(s));
    expect(root).toBe(2 * 32000 * 8192 + 8192);
    expect(gathered(s) - gathered({ ...s, framework: 'torchtune' })).toBe(root * 2);
  });

  it('the root term does not depend on how many GPUs share the shards', () => {
    fc.assert(
      fc.property(fc.constantFrom('llama-2-7b', 'qwen2.5-14b', 'llama-3-8b'), fc.integer({ min: 2, max: 64 }), (id, gpus) => {
        const s = fsdp(id, onA100s(gpus));
        expect(fsdpRootParams(s, layoutOf(s))).toBe(fsdpRootParams(fsdp(id), layoutOf(fsdp(id))));
      }),
      { numRuns: 30 },
    );
  });
});
