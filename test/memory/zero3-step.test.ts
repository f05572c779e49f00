import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZERO3_SUB_GROUP_SIZE, zero3StepElements } from '../../src/memory/zero3-step.js';
import { estimateOf } from './fixtures.js';

/** DeepSpeed ZeRO-3 steps one sub-group of the partition at a time (stage3.py _prepare_fp32_grad_for_sub_group, _optimizer_step). */

/** Bytes of a component in the optimizer-step phase, whether or not that phase is the peak. */
function atStep(text: string, key: string): number {
  const step = estimateOf(text).phases.find((p) => p.phase === 'optimizer');
  return step?.parts.find((x) => x.key === key)?.bytes ?? 0;
}
const optTemp = (text: string) => atStep(text, 'opt-temp');

describe("ZeRO-3's optimizer step works on one sub_group_size group at a time", () => {
  it('Yi-34B over 8 GPUs: a 4.3 B-element partition steps in groups of 1e9, so the fp32 gradient and foreach sqrt(v) are 1e9 × (4 + 4) B', () => {
    expect(optTemp('yi-34b full zero3 gc on 8x a800')).toBe(ZERO3_SUB_GROUP_SIZE * (4 + 4));
  });

  it('a partition under one sub-group steps whole: Llama-2-7B over 8 GPUs casts its whole 0.84 B-element gradient partition to fp32', () => {
    const text = 'llama-2-7b full zero3 on 8x a100-80g';
    const partitionElements = atStep(text, 'master') / 4;
    expect(partitionElements).toBeLessThan(ZERO3_SUB_GROUP_SIZE);
    expect(optTemp(text)).toBeCloseTo(partitionElements * (4 + 4), -3);
  });

  it('ZeRO-1/2 keep casting the whole partition; FSDP adds no fp32 gradient copy', () => {
    const zero2 = 'yi-34b full zero2 gc on 8x a800';
    expect(optTemp(zero2)).toBeCloseTo((atStep(zero2, 'master') / 4) * (4 + 4), -3);
    // FSDP: only foreach sqrt(v) over its whole shard, no fp32 gradient copy.
    const fsdp = 'yi-34b full fsdp gc on 8x a800';
    expect(optTemp(fsdp)).toBeCloseTo(atStep(fsdp, 'master'), -3);
  });

  it('the elements stepped at once never exceed the partition nor one sub-group, and never fall as the partition grows', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e6, max: 1e11, noNaN: true }), fc.double({ min: 0, max: 1e11, noNaN: true }), (p, extra) => {
        expect(zero3StepElements(p)).toBeLessThanOrEqual(Math.min(p, ZERO3_SUB_GROUP_SIZE));
        expect(zero3StepElements(p + extra)).toBeGreaterThanOrEqual(zero3StepElements(p));
      }),
    );
    // More GPUs never raise a ZeRO-3 step's temporaries.
    const at = (n: number) => optTemp(`llama-3-70b full zero3 gc on ${n}x h100`);
    expect(at(16)).toBeLessThanOrEqual(at(8));
    expect(at(64)).toBeLessThanOrEqual(at(16));
  });
});

describe("ZeRO-3 releases every gathered parameter before its optimizer step (stage3.py step → _partition_all_parameters)", () => {
  const partAt = (text: string, phase: string, key: string) =>
    estimateOf(text).phases.filter((p) => p.phase === phase).reduce((m, p) => Math.max(m, p.parts.find((x) => x.key === key)?.bytes ?? 0), 0);

  it('Llama-1-7B over 4 A100 40GB: the live parameters are held in forward and backward, not at the step', () => {
    const text = 'llama-1-7b full zero3 bs 1 seq 1024 on 4x a100-40g';
    expect(partAt(text, 'forward', 'gathered')).toBeGreaterThan(1e9);
    expect(partAt(text, 'backward', 'gathered')).toBeGreaterThan(1e9);
    expect(partAt(text, 'optimizer', 'gathered')).toBe(0);
  });

  it('a LoRA under ZeRO-3 drops them at its step too; ZeRO-2 gathers nothing to drop', () => {
    expect(partAt('llama-2-7b lora zero3 bs 1 seq 1024 on 2x rtx-4090', 'optimizer', 'gathered')).toBe(0);
    expect(partAt('llama-2-7b full zero2 bs 1 seq 1024 on 8x a100-80g', 'forward', 'gathered')).toBe(0);
  });

  it('at every GPU count the step holds no gathered parameter, and more GPUs never raise the step phase', () => {
    fc.assert(
      fc.property(fc.constantFrom(2, 4, 8), fc.constantFrom('llama-2-7b', 'llama-2-13b', 'qwen2.5-14b'), (gpus, model) => {
        const stepOf = (n: number) => estimateOf(`${model} full zero3 bs 1 seq 1024 on ${n}x a100-80g`).phases.find((p) => p.phase === 'optimizer')!;
        const step = stepOf(gpus);
        expect(step.parts.some((x) => x.key === 'gathered')).toBe(false);
        expect(stepOf(2 * gpus).bytes).toBeLessThanOrEqual(step.bytes);
      }),
      { numRuns: 9 },
    );
  });
});

describe("ZeRO-3's gradient partition is one buffer allocated at set-up (stage3.py grad_partitions_flat_buffer)", () => {
  const inPhase = (text: string, phase: string, key: string) =>
    estimateOf(text).phases.filter((p) => p.phase === phase).reduce((m, p) => Math.max(m, p.parts.find((x) => x.key === key)?.bytes ?? 0), 0);

  it('Llama-2-7B over 4 GPUs, no accumulation: the 16-bit partition (6.74 B × 2 B ÷ 4) is alive at the end of forward', () => {
    const text = 'llama-2-7b full zero3 bs 1 seq 1024 on 4x a100-80g';
    const grads = inPhase(text, 'optimizer', 'gradients');
    expect(grads).toBeGreaterThan(3e9);
    expect(inPhase(text, 'forward', 'gradients')).toBe(grads);
  });

  it('under offload_optimizer the buffer is on the host, and ZeRO-2 still allocates its partition in backward', () => {
    expect(inPhase('llama-2-7b full zero3 offload optimizer bs 1 seq 1024 on 4x a100-80g', 'forward', 'gradients')).toBe(0);
    expect(inPhase('llama-2-7b full zero2 bs 1 seq 1024 on 4x a100-80g', 'forward', 'gradients')).toBe(0);
  });

  it('more GPUs never raise the gradient partition held in forward', () => {
    fc.assert(
      fc.property(fc.constantFrom(2, 4, 8), fc.constantFrom('llama-2-7b', 'qwen2.5-14b'), (gpus, model) => {
        const at = (n: number) => inPhase(`${model} full zero3 bs 1 seq 1024 on ${n}x a100-80g`, 'forward', 'gradients');
        expect(at(gpus)).toBeGreaterThan(0);
        expect(at(2 * gpus)).toBeLessThanOrEqual(at(gpus));
      }),
      { numRuns: 6 },
    );
  });
});
