import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEEPSPEED_ZERO3_DEFAULTS, gathersOneModuleAtATime, zero3Config } from '../../src/memory/deepspeed-config.js';
import { zero3StepElements } from '../../src/memory/zero3-step.js';
import { estimateOf, part, scenario } from './fixtures.js';

/**
 * The ZeRO-3 JSON a framework ships decides what stays gathered, the gradient bucket and the
 * optimizer's sub-groups: axolotl's deepspeed_configs/zero3*.json set stage3_max_live_parameters 0,
 * stage3_max_reuse_distance 0, sub_group_size 0 and reduce_bucket_size "auto" (hidden²).
 */

const atStep = (text: string, key: string) =>
  estimateOf(text)
    .phases.find((p) => p.phase === 'optimizer')
    ?.parts.find((x) => x.key === key)?.bytes ?? 0;

describe("a framework's shipped DeepSpeed ZeRO-3 config", () => {
  it("axolotl's zero3 gathers one module at a time: Qwen2.5-32B keeps its 152,064 × 5,120 embedding in bf16, not 1e9 live parameters", () => {
    const e = estimateOf('qwen2.5-coder-32b full zero3 offload optimizer offload params bf16 mixed bs 1 seq 4096 axolotl on 8x h100-80g');
    expect(part(e, 'gathered')).toBe(152064 * 5120 * 2);
    // reduce_bucket_size "auto" = hidden², in bf16.
    expect(part(e, 'zero3-bucket')).toBe(5120 ** 2 * 2);
  });

  it('without a framework config, DeepSpeed keeps up to 1e9 live parameters and a 5e8-element bucket', () => {
    const e = estimateOf('qwen2.5-coder-32b full zero3 offload optimizer offload params bf16 mixed bs 1 seq 4096 gc on 8x h100-80g');
    expect(part(e, 'gathered')).toBe(1e9 * 2);
    expect(part(e, 'zero3-bucket')).toBe(5e8 * 2);
  });

  it("axolotl's sub_group_size 0 steps one parameter at a time: Llama-3-70B's fp32 gradient and foreach sqrt(v) cover its embedding's partition (128,256 × 8,192 ÷ 8)", () => {
    expect(atStep('llama-3-70b full zero3 adamw gc axolotl on 8x h100', 'opt-temp')).toBe(((128256 * 8192) / 8) * (4 + 4));
    // DeepSpeed's own sub_group_size, 1e9, for the same run without axolotl.
    expect(atStep('llama-3-70b full zero3 adamw gc on 8x h100', 'opt-temp')).toBe(1e9 * (4 + 4));
  });

  it("LLaMA-Factory's ds_z3_config.json keeps DeepSpeed's live-parameter and sub-group limits, with an \"auto\" bucket", () => {
    const c = zero3Config(scenario('llama-3-8b', { framework: 'llama-factory', sharding: { kind: 'zero', stage: 3 } }));
    expect(c).toMatchObject({ maxLiveParameters: DEEPSPEED_ZERO3_DEFAULTS.maxLiveParameters, subGroupSize: DEEPSPEED_ZERO3_DEFAULTS.subGroupSize, reduceBucketElements: 4096 ** 2 });
    expect(gathersOneModuleAtATime(c)).toBe(false);
  });

  it('one module at a time never keeps more gathered than the defaults, over models and GPU counts', () => {
    const models = ['llama-2-7b', 'llama-3-70b', 'qwen2.5-32b', 'mistral-7b'];
    fc.assert(
      fc.property(fc.constantFrom(...models), fc.constantFrom(2, 4, 8, 16), (model, n) => {
        const axolotl = estimateOf(`${model} full zero3 gc axolotl on ${n}x h100`);
        const plain = estimateOf(`${model} full zero3 gc on ${n}x h100`);
        // In forward, where both hold their live parameters (ZeRO-3 releases them all before its step, zero3-step.ts).
        const gatheredInForward = (e: typeof plain) => e.phases.find((p) => p.phase === 'forward')!.parts.find((x) => x.key === 'gathered')?.bytes ?? 0;
        expect(gatheredInForward(axolotl)).toBeGreaterThan(0);
        expect(gatheredInForward(axolotl)).toBeLessThanOrEqual(gatheredInForward(plain));
        expect(part(axolotl, 'zero3-bucket')).toBeLessThanOrEqual(part(plain, 'zero3-bucket'));
      }),
      { numRuns: 16 },
    );
  });

  it('a sub-group is never smaller than one parameter nor larger than the partition', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e6, max: 1e11, noNaN: true }), fc.double({ min: 0, max: 2e9, noNaN: true }), fc.double({ min: 0, max: 1e9, noNaN: true }), (partition, subGroup, largest) => {
        const elements = zero3StepElements(partition, subGroup, largest);
        expect(elements).toBeLessThanOrEqual(partition);
        expect(elements).toBeGreaterThanOrEqual(Math.min(partition, largest));
      }),
    );
  });
});
