import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { estimate } from '../../src/memory/estimate.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { scenario } from './fixtures.js';

/**
 * DeepSpeed ZeRO-1/2 gradient buckets as stage_1_and_2.py allocates them (v0.9 → v0.16 `backward`):
 * `torch.empty(reduce_bucket_size, dtype=self.dtype)`, a second one under overlap_comm, freed by
 * `independent_gradient_partition_epilogue` before the optimizer step (memory/deepspeed-config.ts).
 */
const bucketAt = (s: Scenario, moment: string) =>
  estimate(s).phases.find((p) => p.label === moment)!.parts.find((p) => p.key === 'buckets')?.bytes ?? 0;

const zero2 = (patch: Partial<Scenario>) =>
  scenario('llama-2-7b', { sharding: { kind: 'zero', stage: 2 }, hardware: { gpuId: 'a100-80g', capacityBytes: 80 * 2 ** 30, count: 8, perNode: 8 }, ...patch });

describe('ZeRO-1/2 reduce buckets (DeepSpeed stage_1_and_2.py)', () => {
  it('are reduce_bucket_size elements in the engine dtype whatever trains: 5e8 × 2 B for full and LoRA alike', () => {
    const lora = zero2({ mode: 'lora', lora: { rank: 8, targets: ['q', 'v'], dropout: 0 } });
    expect(bucketAt(zero2({}), 'end of backward')).toBe(5e8 * 2);
    expect(bucketAt(lora, 'end of backward')).toBe(5e8 * 2);
  });

  it('are freed before the optimizer step, for any stage 1 or 2 and any shipped config', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 2), fc.constantFrom<Scenario['framework']>('hf', 'axolotl', 'llama-factory', 'longlora'), (stage, framework) => {
        const s = zero2({ sharding: { kind: 'zero', stage }, framework });
        expect(bucketAt(s, 'end of backward')).toBeGreaterThan(0);
        expect(bucketAt(s, 'optimizer step')).toBe(0);
      }),
    );
  });

  it("double under overlap_comm, as axolotl's zero1/zero2.json set it; LLaMA-Factory's newest ds_z2_config.json does not", () => {
    expect(bucketAt(zero2({ framework: 'axolotl' }), 'end of backward')).toBe(2 * 5e8 * 2);
    expect(bucketAt(zero2({ framework: 'llama-factory' }), 'end of backward')).toBe(5e8 * 2);
  });

  it("LLaMA-Factory 0.6.0 – 0.9.3 shipped overlap_comm true (ds_z2_config.json 5393794, README 73d9dfc): two 5e8 buckets; 0.5.3 and 0.9.4 one", () => {
    const lf = (llamafactoryVersion: string) => bucketAt(zero2({ framework: 'llama-factory', llamafactoryVersion }), 'end of backward');
    expect(lf('0.6.0')).toBe(2 * 5e8 * 2);
    expect(lf('0.8.3')).toBe(2 * 5e8 * 2);
    expect(lf('0.9.3')).toBe(2 * 5e8 * 2);
    expect(lf('0.5.3')).toBe(5e8 * 2);
    expect(lf('0.9.4')).toBe(5e8 * 2);
  });

  it('overlap_comm never lowers the peak: a LLaMA-Factory release that ships it holds at least what the newest holds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 5 }), fc.constantFrom(1, 2), (minor, patch, stage) => {
        const base = zero2({ framework: 'llama-factory', sharding: { kind: 'zero', stage } });
        const named = { ...base, llamafactoryVersion: `0.${minor}.${patch}` };
        expect(estimate(named).deviceBytes).toBeGreaterThanOrEqual(estimate(base).deviceBytes);
      }),
    );
  });
});
