import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODELS } from '../../src/catalog/index.js';
import { estimate } from '../../src/memory/estimate.js';
import { GiB } from '../../src/memory/format.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { scenario } from './fixtures.js';

/** Random but valid training scenarios over the catalog's dense models. */
const trainingScenario: fc.Arbitrary<Scenario> = fc
  .record({
    model: fc.constantFrom(...MODELS.filter((m) => !m.arch.mla).map((m) => m.id)),
    mode: fc.constantFrom('full', 'lora', 'qlora') as fc.Arbitrary<Scenario['mode']>,
    recipe: fc.constantFrom('mixed', 'amp', 'pure', 'fp32', 'megatron') as fc.Arbitrary<Scenario['recipe']>,
    optimizer: fc.constantFrom('adamw', 'adamw-8bit', 'sgd', 'adafactor', 'lion') as fc.Arbitrary<Scenario['optimizer']>,
    stage: fc.integer({ min: 0, max: 3 }),
    seq: fc.integer({ min: 64, max: 16384 }),
    microBatch: fc.integer({ min: 1, max: 16 }),
    gpus: fc.constantFrom(1, 2, 4, 8, 16),
    recompute: fc.constantFrom('none', 'selective', 'full') as fc.Arbitrary<Scenario['recompute']>,
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

  it('checkpointing never raises activations', () => {
    fc.assert(
      fc.property(trainingScenario, (s) => {
        const gc = { ...s, recompute: 'full' as const };
        const acts = (x: Scenario) => component(x, 'activations') + component(x, 'recompute');
        expect(acts(gc)).toBeLessThanOrEqual(acts({ ...s, recompute: 'none' }) + 1);
      }),
      { numRuns: 150 },
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
