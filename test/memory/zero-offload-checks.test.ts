import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimate } from '../../src/memory/estimate.js';
import type { PhasePoint } from '../../src/memory/types.js';
import { gradientCheckBytesPerElement } from '../../src/memory/zero-offload-checks.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { estimateOf, scenario } from './fixtures.js';

/**
 * ZeRO-Offload (stages 1–2) checks each gradient on the GPU before copying it to the host
 * (stage_1_and_2.py copy_grads_in_partition: an fp64 norm, then _has_inf_or_nan's fp32 copy and
 * three bool masks and a second fp32 tensor, then an fp32 copy for the host): src/memory/zero-offload-checks.ts.
 */

const a100x4 = estimateOf('qwen2.5-14b full on 4x a100-40g').scenario.hardware;
const checkPhase = (s: Scenario): PhasePoint | undefined => estimate(s).phases.find((p) => p.parts.some((x) => x.key === 'offload-grad-check'));
const checkBytes = (s: Scenario) => checkPhase(s)?.parts.find((x) => x.key === 'offload-grad-check')?.bytes ?? 0;

describe("ZeRO-Offload's gradient checks on the GPU", () => {
  it('take 11 B per element of a 16-bit gradient (4 + 1 + 1 + 1 + 4 in _has_inf_or_nan) and 8 B of an fp32 one (the fp64 norm)', () => {
    expect(gradientCheckBytesPerElement(2)).toBe(4 + 1 + 1 + 1 + 4);
    expect(gradientCheckBytesPerElement(4)).toBe(8);
  });

  it("Qwen2.5-14B under ZeRO-2 offload (DeepSpeed#7482): the untied LM head's 152,064 × 5,120 gradient checked at 11 B, with the activations still held", () => {
    const s = scenario('qwen2.5-14b', { sharding: { kind: 'zero', stage: 2 }, offload: { optimizer: 'cpu', params: 'none' }, recompute: 'full', hardware: a100x4 });
    expect(checkBytes(s)).toBe(152064 * 5120 * 11);
    const phase = checkPhase(s)!;
    expect(phase.label).toBe('check of the LM head gradient (ZeRO-Offload)');
    const keys = phase.parts.map((p) => p.key);
    // The gradient in flight (its own tensor: above reduce_bucket_size), the bucket and the activations.
    expect(keys).toEqual(expect.arrayContaining(['gradients', 'buckets', 'activations', 'offload-staging']));
  });

  it('runs after backward where the largest gradient is the last one made (a tied embedding) or reduced at the end (ZeRO-1)', () => {
    const tied = scenario('llama-3.2-3b', { sharding: { kind: 'zero', stage: 2 }, offload: { optimizer: 'cpu', params: 'none' }, hardware: a100x4 });
    expect(checkPhase(tied)!.parts.map((p) => p.key)).not.toContain('activations');
    const stage1 = scenario('qwen2.5-14b', { sharding: { kind: 'zero', stage: 1 }, offload: { optimizer: 'cpu', params: 'none' }, hardware: a100x4 });
    expect(checkPhase(stage1)!.parts.map((p) => p.key)).not.toContain('activations');
  });

  it('exists only where DeepSpeedZeroOptimizer offloads a full fine-tune: not without offload, not under ZeRO-3 (its own partitioned path), not for LoRA', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('llama-2-7b', 'qwen2.5-14b', 'llama-3.2-3b', 'mistral-7b'),
        fc.constantFrom<Scenario['sharding']>({ kind: 'zero', stage: 1 }, { kind: 'zero', stage: 2 }, { kind: 'zero', stage: 3 }, { kind: 'fsdp', stage: 3 }, { kind: 'ddp', stage: 0 }),
        fc.constantFrom<Scenario['offload']>({ optimizer: 'none', params: 'none' }, { optimizer: 'cpu', params: 'none' }),
        (model, sharding, offload) => {
          const s = scenario(model, { sharding, offload, hardware: a100x4 });
          const expected = offload.optimizer === 'cpu' && sharding.kind === 'zero' && sharding.stage <= 2;
          expect(checkBytes(s) > 0).toBe(expected);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('is sized by the largest parameter alone (never by sequence, batch or recompute), and a longer sequence never lowers its phase', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('qwen2.5-14b', 'llama-2-7b', 'qwen2.5-7b'),
        fc.constantFrom(512, 1024, 2048, 4096),
        fc.constantFrom(1, 2, 4),
        fc.constantFrom<Scenario['recompute']>('none', 'full'),
        (model, seq, microBatch, recompute) => {
          const base = scenario(model, { sharding: { kind: 'zero', stage: 2 }, offload: { optimizer: 'cpu', params: 'none' }, hardware: a100x4 });
          const s = { ...base, seq, microBatch, recompute };
          expect(checkBytes(s)).toBe(checkBytes(base));
          expect(checkPhase({ ...s, seq: seq * 2 })!.bytes).toBeGreaterThanOrEqual(checkPhase(s)!.bytes);
        },
      ),
      { numRuns: 30 },
    );
  });
});
