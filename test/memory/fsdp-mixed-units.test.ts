import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mixedUnitsUnderNoSync, noSyncGradients } from '../../src/memory/fsdp-no-sync.js';
import { layoutOf } from '../../src/memory/layout.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { estimateOf, part, scenario } from './fixtures.js';

/**
 * litgpt's multi-GPU LoRA (memory/fsdp-no-sync.ts `mixedUnitsUnderNoSync`): each Block, frozen base
 * and adapters together, is one FSDP unit with use_orig_params, so FSDP computes the gradient of the
 * whole FlatParameter (torch `_validate_frozen_params`: "the gradient memory usage will be higher than
 * expected"), and under Fabric's no_backward_sync every Block's unsharded gradient is held until the
 * step's last micro-step. Not a full state dict gathered for saving: Fabric saves with
 * FullStateDictConfig(offload_to_cpu=True) on more than one GPU.
 */

const GiB = 2 ** 30;
const GB = 10 ** 9;
const lora = { mode: 'lora' as const, lora: { rank: 8, alpha: 16, dropout: 0.05, targets: ['q', 'v'] } };
const onA100s = (count: number) => ({ hardware: { gpuId: 'a100-40g', capacityBytes: 40 * 10 ** 9, count, perNode: count } });
const litgptLora = (id: string, patch: Partial<Scenario> = {}) =>
  scenario(id, { ...lora, framework: 'litgpt', sharding: { kind: 'fsdp', stage: 3 }, recipe: 'pure', weights: 'bf16', gradAccum: 128, microBatch: 1, seq: 1304, recompute: 'full', ...onA100s(2), ...patch } as Partial<Scenario>);
const held = (s: Scenario) => noSyncGradients(s, layoutOf(s))?.bytes ?? 0;

describe("litgpt's Block-wrapped LoRA under FSDP no_sync holds the frozen blocks' gradient", () => {
  it('Llama-2-7B, two A100 40GB, ga 128: 32 blocks × 202.4 M + 4.2 M adapters, × 2 B = 12.96 GB on each GPU', () => {
    const s = litgptLora('llama-2-7b');
    const l = layoutOf(s);
    expect(mixedUnitsUnderNoSync(s)).toBe(true);
    expect(held(s)).toBe((l.params.perLayer * 32 + l.trainable) * 2);
    expect(held(s) / GB).toBeCloseTo(12.96, 1);
  });

  it("lit-gpt's multi-GPU LoRA rows (GT063–GT066): the allocated peak is within 6% of the table", () => {
    const rows: [string, number][] = [
      ['llama-2-7b lora r8 q,v bs 1 ga 128 seq 1304 bf16-true litgpt on 2xa100-40g', 22.18],
      ['llama-2-7b lora r8 q,v bs 2 ga 64 seq 1304 bf16-true litgpt on 2xa100-40g', 22.47],
      ['llama-2-7b lora r8 q,v bs 4 ga 32 seq 1304 bf16-true litgpt on 2xa100-40g', 23.39],
      ['llama-2-13b lora r8 q,v bs 1 ga 128 seq 1304 bf16-true litgpt on 4xa100-40g', 35.57],
    ];
    for (const [request, measured] of rows) {
      const e = estimateOf(request);
      expect(part(e, 'state-dict')).toBe(0);
      expect(Math.abs(e.peakAllocatedBytes / GB - measured) / measured).toBeLessThan(0.06);
    }
  });

  it('is one copy of the blocks whatever the number of GPUs: not a shardable term', () => {
    fc.assert(
      fc.property(fc.constantFrom('llama-2-7b', 'llama-2-13b', 'qwen2.5-7b'), fc.integer({ min: 2, max: 32 }), fc.integer({ min: 2, max: 256 }), (id, gpus, ga) => {
        expect(held(litgptLora(id, { ...onA100s(gpus), gradAccum: ga }))).toBe(held(litgptLora(id)));
      }),
      { numRuns: 30 },
    );
  });

  it('nothing without accumulation, under the Trainer (adapters wrapped apart), on one GPU, or in a full fine-tune counted by the whole-model term', () => {
    expect(held(litgptLora('llama-2-7b', { gradAccum: 1 }))).toBe(0);
    expect(held(litgptLora('llama-2-7b', { framework: 'hf' }))).toBe(0);
    expect(held(litgptLora('llama-2-7b', { sharding: { kind: 'none', stage: 0 }, ...onA100s(1) }))).toBe(0);
    const full = litgptLora('llama-2-7b', { mode: 'full', lora: null });
    expect(mixedUnitsUnderNoSync(full)).toBe(false);
    expect(held(full)).toBe(layoutOf(full).params.total * 2);
  });

  it('accumulating never lowers the peak, and the held gradient is at the peak while the card holds it', () => {
    const one = estimateOf('llama-2-7b lora r8 q,v bs 1 seq 1304 bf16-true litgpt on 2xa100-40g');
    const acc = estimateOf('llama-2-7b lora r8 q,v bs 1 ga 128 seq 1304 bf16-true litgpt on 2xa100-40g');
    expect(acc.peakAllocatedBytes).toBeGreaterThan(one.peakAllocatedBytes);
    expect(part(acc, 'no-sync-grads') / GiB).toBeCloseTo(12.07, 1);
  });
});
