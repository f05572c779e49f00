import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noSyncGradients } from '../../src/memory/fsdp-no-sync.js';
import { layoutOf } from '../../src/memory/layout.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { estimateOf, part, scenario } from './fixtures.js';

/**
 * Gradient accumulation under FSDP1's no_sync (memory/fsdp-no-sync.ts): HF Trainer / Accelerate's
 * `accumulate` and Lightning Fabric's `no_backward_sync` enter `FullyShardedDataParallel.no_sync()`
 * on every micro-step but the last, and FSDP then keeps each unit's unsharded gradient ("FSDP will
 * accumulate the full model gradients (instead of gradient shards) until the eventual sync").
 */

const GiB = 2 ** 30;
const onA100s = (count: number) => ({ hardware: { gpuId: 'a100-40g', capacityBytes: 40 * 10 ** 9, count, perNode: count } });
const fsdp = (id: string, patch: Partial<Scenario> = {}) =>
  scenario(id, { sharding: { kind: 'fsdp', stage: 3 }, recipe: 'amp', gradAccum: 16, microBatch: 2, recompute: 'full', ...onA100s(4), ...patch });
const unsharded = (s: Scenario) => noSyncGradients(s, layoutOf(s))?.bytes ?? 0;

describe('FSDP no_sync holds the whole unsharded gradient while micro-steps accumulate', () => {
  it('LLaMA-7B full fine-tune, FSDP over four 40 GB A100s, ga 16: 6.74 B × 2 B = 12.6 GiB on every GPU', () => {
    const s = fsdp('llama-1-7b');
    const l = layoutOf(s);
    expect(unsharded(s)).toBe(l.params.total * 2);
    expect(unsharded(s) / GiB).toBeCloseTo(12.55, 1);
  });

  it("FastChat's Vicuna-7B recipe on four 40 GB A100s (lm-sys/FastChat#1781, 37.33 GiB allocated at the OOM) no longer fits; without accumulation it would", () => {
    const request = 'llama-1-7b full fsdp bf16 mixed flash gc bs 2 ga 16 seq 2048 on 4x a100-40g';
    const e = estimateOf(request);
    expect(part(e, 'no-sync-grads') / GiB).toBeCloseTo(12.55, 1);
    expect(e.fits).toBe(false);
    // The allocated peak passes what the card had allocated when it failed.
    expect(e.peakAllocatedBytes / GiB).toBeGreaterThan(37.33);
    expect(estimateOf(request.replace(' ga 16', '')).fits).toBe(true);
  });

  it('is the same whatever the number of GPUs and the number of micro-steps', () => {
    fc.assert(
      fc.property(fc.constantFrom('llama-2-7b', 'qwen2.5-14b', 'llama-3-8b'), fc.integer({ min: 2, max: 64 }), fc.integer({ min: 2, max: 128 }), (id, gpus, ga) => {
        expect(unsharded(fsdp(id, { ...onA100s(gpus), gradAccum: ga }))).toBe(unsharded(fsdp(id)));
      }),
      { numRuns: 30 },
    );
  });

  it('nothing without accumulation, with LoRA, or where no_sync is not used (torchtune, torchtitan, llama-recipes, DeepSpeed)', () => {
    expect(unsharded(fsdp('llama-2-7b', { gradAccum: 1 }))).toBe(0);
    expect(unsharded(fsdp('llama-2-7b', { mode: 'lora', lora: { rank: 8, alpha: 16, dropout: 0, targets: ['q', 'v'] } }))).toBe(0);
    for (const framework of ['torchtune', 'torchtitan', 'llama-recipes'] as const) expect(unsharded(fsdp('llama-2-7b', { framework }))).toBe(0);
    expect(unsharded(fsdp('llama-2-7b', { sharding: { kind: 'zero', stage: 3 }, framework: 'deepspeed' }))).toBe(0);
  });

  it('accumulating never lowers the peak of an FSDP full fine-tune', () => {
    fc.assert(
      fc.property(fc.constantFrom('llama-2-7b', 'qwen2.5-7b'), fc.integer({ min: 2, max: 16 }), fc.constantFrom(2, 4, 8), (id, ga, gpus) => {
        const request = (acc: string) => `${id} full fsdp bf16 mixed gc bs 1${acc} seq 1024 on ${gpus}x a100-80g`;
        expect(estimateOf(request(` ga ${ga}`)).peakAllocatedBytes).toBeGreaterThanOrEqual(estimateOf(request('')).peakAllocatedBytes);
      }),
      { numRuns: 12 },
    );
  });
});
