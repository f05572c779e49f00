import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODELS } from '../../src/catalog/index.js';
import { activations } from '../../src/memory/activations.js';
import { estimate } from '../../src/memory/estimate.js';
import { layoutOf } from '../../src/memory/layout.js';
import { trainingLogits } from '../../src/memory/logits.js';
import { GiB } from '../../src/memory/format.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { scenario } from './fixtures.js';

/** Random but valid training scenarios over the catalog's dense models. */
const trainingScenario: fc.Arbitrary<Scenario> = fc
  .record({
    model: fc.constantFrom(...MODELS.filter((m) => !m.arch.mla).map((m) => m.id)),
    mode: fc.constantFrom('full', 'lora', 'qlora') as fc.Arbitrary<Scenario['mode']>,
    recipe: fc.constantFrom('mixed', 'amp', 'pure', 'fp32', 'megatron') as fc.Arbitrary<Scenario['recipe']>,
    optimizer: fc.constantFrom('adamw', 'adamw-8bit', 'sgd', 'adafactor', 'lion', 'paged-adamw', 'paged-adamw-8bit') as fc.Arbitrary<Scenario['optimizer']>,
    framework: fc.constantFrom('hf', 'megatron', 'torchtune', 'litgpt', 'peft', 'dpo', 'orpo', 'unsloth', 'torchtitan') as fc.Arbitrary<Scenario['framework']>,
    tp: fc.constantFrom(1, 1, 2, 4),
    stage: fc.integer({ min: 0, max: 3 }),
    seq: fc.integer({ min: 64, max: 16384 }),
    microBatch: fc.integer({ min: 1, max: 16 }),
    gpus: fc.constantFrom(1, 2, 4, 8, 16),
    recompute: fc.constantFrom('none', 'selective', 'full', 'per-op', 'offloaded') as fc.Arbitrary<Scenario['recompute']>,
    attention: fc.constantFrom('flash', 'sdpa', 'eager') as fc.Arbitrary<Scenario['attention']>,
    loss: fc.constantFrom('full', 'chunked') as fc.Arbitrary<Scenario['loss']>,
  })
  .map((r) =>
    scenario(r.model, {
      mode: r.mode,
      recipe: r.mode === 'qlora' && r.recipe === 'fp32' ? 'mixed' : r.recipe,
      compute: r.recipe === 'fp32' ? 'fp32' : 'bf16',
      weights: r.mode === 'qlora' ? 'nf4' : 'bf16',
      lora: r.mode === 'full' ? null : { rank: 8, targets: ['q', 'v'], dropout: 0 },
      optimizer: r.optimizer,
      framework: r.framework,
      parallel: { tp: Math.min(r.tp, r.gpus), pp: 1, sp: false, cp: 1, ep: 1 },
      sharding: r.gpus === 1 ? { kind: 'none', stage: 0 } : r.stage === 0 ? { kind: 'ddp', stage: 0 } : { kind: 'zero', stage: r.stage },
      seq: r.seq,
      microBatch: r.microBatch,
      recompute: r.recompute,
      attention: r.attention,
      loss: r.loss,
      hardware: { gpuId: null, capacityBytes: 80 * GiB, count: r.gpus, perNode: Math.min(8, r.gpus) },
    }),
  );

const SHARDABLE = ['weights', 'master', 'optimizer', 'gradients'];

function component(s: Scenario, key: string): number {
  return estimate(s).components.find((c) => c.key === key)?.bytes ?? 0;
}

function modelState(s: Scenario, key: string): number {
  return estimate(s).modelStates.find((c) => c.key === key)?.bytes ?? 0;
}

describe('memory model invariants', () => {
  it('more GPUs never raise a shardable term', () => {
    fc.assert(
      fc.property(trainingScenario, (s) => {
        const more = { ...s, hardware: { ...s.hardware!, count: s.hardware!.count * 2, perNode: Math.min(8, s.hardware!.count * 2) } };
        if (s.sharding.kind === 'none') more.sharding = { kind: 'ddp', stage: 0 };
        for (const key of SHARDABLE) expect(modelState(more, key)).toBeLessThanOrEqual(modelState(s, key) + 1);
      }),
      { numRuns: 150 },
    );
  });

  it('checkpointing never raises activations, whichever policy', () => {
    fc.assert(
      fc.property(trainingScenario, fc.constantFrom('selective', 'full', 'per-op', 'offloaded') as fc.Arbitrary<Scenario['recompute']>, (s, policy) => {
        const l = layoutOf(s);
        const kept = (x: Scenario) => activations(x, l).bytes;
        expect(kept({ ...s, recompute: policy })).toBeLessThanOrEqual(kept({ ...s, recompute: 'none' }) + 1);
        // Offloading the checkpointed inputs keeps fewer on the GPU than keeping them.
        expect(kept({ ...s, recompute: 'offloaded' })).toBeLessThanOrEqual(kept({ ...s, recompute: 'full' }) + 1);
      }),
      { numRuns: 150 },
    );
  });

  it('more data-parallel GPUs never raise the per-GPU peak under Megatron (no second gradient copy)', () => {
    fc.assert(
      fc.property(trainingScenario, (s) => {
        const m: Scenario = { ...s, mode: 'full', lora: null, weights: 'bf16', framework: 'megatron', recipe: 'megatron', optimizerImpl: 'fused', sharding: { kind: 'zero', stage: 1 } };
        const doubled: Scenario = { ...m, hardware: { ...m.hardware!, count: m.hardware!.count * 2, perNode: Math.min(8, m.hardware!.count * 2) } };
        expect(estimate(doubled).peakAllocatedBytes).toBeLessThanOrEqual(estimate(m).peakAllocatedBytes + 1);
      }),
      { numRuns: 100 },
    );
  });

  it('TP never lowers the logits below b·s·V/t, and never raises them', () => {
    fc.assert(
      fc.property(trainingScenario, fc.constantFrom(2, 4, 8), (s, t) => {
        if (s.model.arch.encoderOnly) return; // no LM head
        const split = { ...s, parallel: { ...s.parallel, tp: t } };
        const bytes = trainingLogits(split)?.bytes ?? 0;
        expect(bytes).toBeGreaterThanOrEqual((s.microBatch * s.seq * s.model.arch.vocab) / t);
        expect(bytes).toBeLessThanOrEqual(trainingLogits({ ...s, parallel: { ...s.parallel, tp: 1 } })?.bytes ?? 0);
      }),
      { numRuns: 150 },
    );
  });

  it('no component is ever negative, and no formula adds a negative term', () => {
    fc.assert(
      fc.property(trainingScenario, (s) => {
        for (const c of estimate(s).components) {
          expect(c.bytes).toBeGreaterThanOrEqual(0);
          expect(c.formula).not.toMatch(/[+×] -\d/);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('paged optimizer states are outside max_memory_allocated and never decide the fit', () => {
    fc.assert(
      fc.property(trainingScenario, (s) => {
        const paged = estimate({ ...s, optimizer: 'paged-adamw' });
        const states = paged.components.find((c) => c.key === 'optimizer')?.bytes ?? 0;
        expect(paged.peakAllocatedBytes).toBeLessThanOrEqual(estimate({ ...s, optimizer: 'sgd' }).peakAllocatedBytes + 1);
        expect(paged.headroomBytes! + paged.deviceBytes).toBeCloseTo(paged.capacityBytes! + states, -3);
      }),
      { numRuns: 100 },
    );
  });

  it('a bigger micro-batch never lowers the peak', () => {
    fc.assert(
      fc.property(trainingScenario, fc.integer({ min: 1, max: 8 }), (s, extra) => {
        expect(estimate({ ...s, microBatch: s.microBatch + extra }).peakAllocatedBytes).toBeGreaterThanOrEqual(estimate(s).peakAllocatedBytes);
      }),
      { numRuns: 150 },
    );
  });

  it('a longer sequence never lowers the peak', () => {
    fc.assert(
      fc.property(trainingScenario, fc.integer({ min: 1, max: 4096 }), (s, extra) => {
        expect(estimate({ ...s, seq: s.seq + extra }).deviceBytes).toBeGreaterThanOrEqual(estimate(s).deviceBytes);
      }),
      { numRuns: 150 },
    );
  });

  it('the peak is the largest phase, and reserved ≥ allocated, device ≥ reserved', () => {
    fc.assert(
      fc.property(trainingScenario, (s) => {
        const e = estimate(s);
        expect(e.peakAllocatedBytes).toBe(Math.max(...e.phases.map((p) => p.bytes)));
        expect(e.peakReservedBytes).toBeGreaterThanOrEqual(e.peakAllocatedBytes);
        expect(e.deviceBytes).toBeGreaterThan(e.peakReservedBytes);
      }),
      { numRuns: 150 },
    );
  });

  // Flash keeps O and an fp32 log-sum-exp (≈ 2h + 4a per token) where eager keeps a·s scores:
  // from a few hundred tokens on, eager always keeps more.
  it('without recomputation and from 1k tokens, flash attention never needs more than eager', () => {
    fc.assert(
      fc.property(trainingScenario, (s) => {
        const x = { ...s, recompute: 'none' as const, seq: Math.max(1024, s.seq) };
        expect(estimate({ ...x, attention: 'flash' }).peakAllocatedBytes).toBeLessThanOrEqual(estimate({ ...x, attention: 'eager' }).peakAllocatedBytes);
      }),
      { numRuns: 100 },
    );
  });
});
