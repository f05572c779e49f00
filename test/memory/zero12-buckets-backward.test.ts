import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimate } from '../../src/memory/estimate.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * DeepSpeed ZeRO-1/2 allocate their reduce buckets in DeepSpeedZeroOptimizer.backward, before
 * loss.backward() (runtime/zero/stage_1_and_2.py; deepspeed-config.ts zero12BucketsFromBackwardStart),
 * on one GPU as on many, and free them at the end of backward. They were counted only at the end
 * of backward, and not at all on one GPU, so a peak at the start of backward (activations and the
 * logits' gradient still alive) left them out.
 */
function est(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return estimate(r.scenario);
}
const phaseBytes = (e: ReturnType<typeof estimate>, label: string) => e.phases.find((p) => p.label === label)!.bytes;
const hasPart = (e: ReturnType<typeof estimate>, label: string, key: string) => e.phases.find((p) => p.label === label)!.parts.some((p) => p.key === key);

describe('ZeRO-1/2 reduce buckets are alive from the start of backward', () => {
  it('worked example (v236, LMFlow LoRA on two 3090 Ti): one 5e8-element fp16 bucket, 0.93 GiB, at the start of backward', () => {
    const e = est('llama-1-7b lora r8 bf16 mixed zero2 offload optimizer bs 1 seq 512 on 2x rtx-3090-ti');
    const bucket = e.phases.find((p) => p.label === 'start of backward')!.parts.find((p) => p.key === 'buckets');
    expect(bucket!.bytes / 2 ** 30).toBeCloseTo((5e8 * 2) / 2 ** 30, 2);
    expect(hasPart(e, 'start of backward', 'buckets')).toBe(true);
    expect(hasPart(e, 'end of forward', 'buckets')).toBe(false);
    expect(hasPart(e, 'optimizer step', 'buckets')).toBe(false);
  });

  it('on one GPU too (v303: Qwen\'s finetune_lora_ds.sh with ZeRO-2 on one A100), where plain DDP has no bucket', () => {
    expect(hasPart(est('qwen-14b lora r1 zero2 bs 1 seq 128 on 1x a100-40g'), 'start of backward', 'buckets')).toBe(true);
    expect(est('qwen-14b lora r1 bs 1 seq 128 on 1x a100-40g').components.some((c) => c.key === 'buckets')).toBe(false);
  });

  it('ZeRO-3 keeps its own start-up bucket and DDP its end-of-backward copy: neither moves', () => {
    expect(hasPart(est('llama-2-7b full zero3 gc on 8x a100-80g'), 'start of backward', 'buckets')).toBe(false);
    expect(hasPart(est('llama-2-7b full ddp gc on 8x a100-80g'), 'start of backward', 'buckets')).toBe(false);
  });

  it('the start of backward holds the end of forward plus at least the buckets, for any ZeRO-1/2 run (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('zero1', 'zero2'), fc.constantFrom('full', 'lora'), fc.constantFrom(1, 2, 8), fc.constantFrom(512, 2048), (stage, mode, gpus, seq) => {
        const e = est(`llama-2-7b ${mode} ${stage} gc seq ${seq} on ${gpus}x a100-80g`);
        const start = e.phases.find((p) => p.label === 'start of backward')!;
        const bucket = start.parts.find((p) => p.key === 'buckets')!.bytes;
        expect(bucket).toBeGreaterThanOrEqual(5e8 * 2);
        expect(phaseBytes(e, 'start of backward')).toBeGreaterThanOrEqual(phaseBytes(e, 'end of forward') + bucket - 1);
      }),
      { numRuns: 24 },
    );
  });
});
