import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimate } from '../../src/memory/estimate.js';
import type { Estimate } from '../../src/memory/types.js';
import { BATCH_VALUES, MIN_POINTS, OVERSHOOT, SEQ_VALUES, largestFitting, sweep, sweepWith, type SweepDeps } from '../../src/plan/sweep.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { estimate13b, scenario13b } from '../chart/fixtures.js';

const GIB = 2 ** 30;

/**
 * A stand-in memory model with a known shape: fixed + per-sample × micro-batch (or per-token ×
 * seq), lower with `gc`. It isolates the sweep's own logic (range, stopping, largest fit,
 * lever handling) from the real model, which is checked separately below.
 */
function fakeDeps(fixedGib: number, perUnitGib: number): SweepDeps {
  return {
    estimate: (s: Scenario): Estimate => {
      const units = s.microBatch * (s.seq / 4096);
      const perUnit = s.recompute === 'full' ? perUnitGib / 8 : perUnitGib;
      const deviceBytes = (fixedGib + perUnit * units) * GIB;
      const cap = s.hardware?.capacityBytes ?? null;
      return { ...estimate13b(s), deviceBytes, fits: cap === null ? null : deviceBytes <= cap };
    },
    applyChange: (s, change) => {
      if (change === 'gc') return { ...s, recompute: 'full' };
      if (change === 'mbs 1 ga 8') return { ...s, microBatch: 1, gradAccum: 8 };
      if (change === 'seq 2048') return { ...s, seq: 2048 };
      if (change === 'max batch') return { ...s, question: { kind: 'maxBatch' } };
      return null;
    },
  };
}

const CAP = 81050 * 2 ** 20;

describe('sweep (logic, with a stand-in model)', () => {
  it('doubles micro-batch from 1 and stops at the first point past 1.5 × the card', () => {
    const [base] = sweepWith(fakeDeps(40, 5), scenario13b(), 'microBatch', []);
    expect(base!.points.map((p) => p.x)).toEqual([1, 2, 4, 8, 16]); // 40 + 5·16 = 120 GiB > 1.5 × 79.2
    expect(base!.points.at(-1)!.deviceBytes).toBeGreaterThan(CAP * OVERSHOOT);
    expect(base!.points.at(-2)!.deviceBytes).toBeLessThanOrEqual(CAP * OVERSHOOT);
    expect(base!.largestFitting).toBe(4); // 40 + 5·4 = 60 fits, 40 + 5·8 = 80 > 79.2
    expect(base!.change).toBeNull();
  });

  it('still draws MIN_POINTS points when even the first is far over the card', () => {
    const [base] = sweepWith(fakeDeps(200, 10), scenario13b(), 'microBatch', []);
    expect(base!.points.map((p) => p.x)).toEqual([1, 2, 4, 8]);
    expect(MIN_POINTS).toBe(4);
    expect(base!.largestFitting).toBeNull();
  });

  it('runs the whole range without a card (up to 256 / 131072) and reports no largest fit', () => {
    const none = scenario13b({ hardware: null });
    const [batch] = sweepWith(fakeDeps(40, 10), none, 'microBatch', []);
    expect(batch!.points.map((p) => p.x)).toEqual([...BATCH_VALUES]);
    expect(batch!.largestFitting).toBeNull();
    const [seq] = sweepWith(fakeDeps(40, 10), none, 'seq', []);
    expect(seq!.points.map((p) => p.x)).toEqual([...SEQ_VALUES]);
    expect(SEQ_VALUES.at(-1)).toBe(131072);
  });

  it('adds one series per lever that resolves, skipping levers that only move the swept axis', () => {
    const series = sweepWith(fakeDeps(40, 10), scenario13b(), 'microBatch', ['mbs 1 ga 8', 'unknown lever', 'max batch', 'gc']);
    expect(series.map((s) => s.change)).toEqual([null, 'gc']);
    expect(series[1]!.label).toBe('+ gc');
    expect(series[1]!.largestFitting).toBeGreaterThan(series[0]!.largestFitting!);
    // On a sequence sweep the micro-batch lever is a real change, the seq lever is not.
    const seq = sweepWith(fakeDeps(40, 10), scenario13b(), 'seq', ['seq 2048', 'mbs 1 ga 8']);
    expect(seq.map((s) => s.change)).toEqual([null, 'mbs 1 ga 8']);
  });

  it('computes at most maxLevers lever series', () => {
    let calls = 0;
    const deps = fakeDeps(40, 10);
    const counting: SweepDeps = { ...deps, estimate: (s) => (calls++, deps.estimate(s)) };
    const series = sweepWith(counting, scenario13b(), 'microBatch', ['gc', 'gc', 'gc'], { maxLevers: 1 });
    expect(series).toHaveLength(2);
    expect(calls).toBe(series.reduce((n, s) => n + s.points.length, 0));
  });

  it('largestFitting is the end of the first fitting run (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(true, false, null), { maxLength: 9 }), (fits) => {
        const points = fits.map((f, i) => ({ x: 2 ** i, deviceBytes: i, fits: f }));
        const got = largestFitting(points);
        const run = fits.findIndex((f) => f !== true);
        const expected = run === 0 || fits.length === 0 ? null : 2 ** ((run === -1 ? fits.length : run) - 1);
        expect(got).toBe(expected);
        if (got !== null) expect(points.filter((p) => p.x <= got).every((p) => p.fits === true)).toBe(true);
      }),
    );
  });
});

describe('sweep (with the real memory model)', () => {
  const deps: SweepDeps = { estimate, applyChange: () => null };
  const scenarioArb = fc.record({
    mode: fc.constantFrom<Scenario['mode']>('full', 'inference'),
    recompute: fc.constantFrom<Scenario['recompute']>('none', 'full'),
    attention: fc.constantFrom<Scenario['attention']>('flash', 'eager'),
    stage: fc.constantFrom(0, 2, 3),
    seq: fc.constantFrom(512, 2048, 8192),
    microBatch: fc.constantFrom(1, 2, 8),
    withCard: fc.boolean(),
  });

  it('the base series never decreases as micro-batch or sequence length grows (property)', () => {
    fc.assert(
      fc.property(scenarioArb, fc.constantFrom<'microBatch' | 'seq'>('microBatch', 'seq'), (p, axis) => {
        const s = scenario13b({
          mode: p.mode,
          recompute: p.mode === 'inference' ? 'none' : p.recompute,
          attention: p.attention,
          sharding: p.stage === 0 ? { kind: 'ddp', stage: 0 } : { kind: 'zero', stage: p.stage },
          seq: p.seq,
          microBatch: p.microBatch,
          hardware: p.withCard ? scenario13b().hardware : null,
        });
        const [base] = sweepWith(deps, s, axis, []);
        expect(base!.points.length).toBeGreaterThan(0);
        for (let i = 1; i < base!.points.length; i++) {
          expect(base!.points[i]!.x).toBeGreaterThan(base!.points[i - 1]!.x);
          expect(base!.points[i]!.deviceBytes).toBeGreaterThanOrEqual(base!.points[i - 1]!.deviceBytes);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('each point is exactly what estimate() says for that value', () => {
    const s = scenario13b({ hardware: { gpuId: 'h200', capacityBytes: 140 * GIB, count: 4, perNode: 8 } });
    const [base] = sweepWith(deps, s, 'seq', []);
    for (const p of base!.points) {
      const e = estimate({ ...s, seq: p.x });
      expect(p).toEqual({ x: p.x, deviceBytes: e.deviceBytes, fits: e.fits });
    }
  });
});

describe('sweep (real model and real request language)', () => {
  it('gradient checkpointing lets a larger micro-batch fit than the scenario as asked', () => {
    const s = scenario13b({ hardware: { gpuId: 'h200', capacityBytes: 140 * GIB, count: 4, perNode: 8 }, seq: 2048 });
    const series = sweep(s, 'microBatch', ['gc', 'mbs 1 ga 8']);
    expect(series.map((x) => x.change)).toEqual([null, 'gc']); // the micro-batch lever only moves the swept axis
    const [base, gc] = series;
    expect(base!.largestFitting).not.toBeNull();
    expect(gc!.largestFitting!).toBeGreaterThan(base!.largestFitting!);
    for (const p of gc!.points) expect(p.deviceBytes).toBeLessThanOrEqual(base!.points.find((b) => b.x === p.x)?.deviceBytes ?? Infinity);
  });
});
