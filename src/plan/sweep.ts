import { isDeepStrictEqual } from 'node:util';
import { estimate } from '../memory/estimate.js';
import type { Estimate } from '../memory/types.js';
import type { Scenario } from '../scenario/schema.js';
import { followUpScenario } from '../scenario/resolve.js';

/**
 * Peak device memory along one axis (micro-batch or sequence length), for the scenario as asked
 * and for each lever applied to it: the data behind the sweep charts. Every point is a full
 * re-estimate with the same memory model, so the chart shows what the reply would say.
 */

export type SweepAxis = 'microBatch' | 'seq';

export interface SweepPoint {
  x: number;
  deviceBytes: number;
  fits: boolean | null;
}

export interface SweepSeries {
  label: string;
  /** The lever's request-language change, or null for the scenario as asked. */
  change: string | null;
  points: SweepPoint[];
  /** Largest x such that it and every smaller x fit; null when the first does not or there is no card. */
  largestFitting: number | null;
}

export interface SweepDeps {
  estimate: (s: Scenario) => Estimate;
  /** Applies a request-language change as a follow-up; null when it does not resolve. */
  applyChange: (s: Scenario, change: string) => Scenario | null;
}

export interface SweepOptions {
  /** Stop after this many lever series (charts draw two). */
  maxLevers?: number;
}

/** Micro-batch 1, 2, 4 … 256 (the upper bound; larger micro-batches are rare on one GPU). */
export const BATCH_VALUES: readonly number[] = Array.from({ length: 9 }, (_, i) => 2 ** i);
/** Sequence 512 … 131072 tokens: from short fine-tuning samples to 128k-context models. */
export const SEQ_VALUES: readonly number[] = Array.from({ length: 9 }, (_, i) => 512 * 2 ** i);
/** A series stops at the first point this far over the card: the line has crossed it clearly. */
export const OVERSHOOT = 1.5;
/** Points drawn even when the first is already past OVERSHOOT, so the line still shows a trend. */
export const MIN_POINTS = 4;

export function axisValues(axis: SweepAxis): readonly number[] {
  return axis === 'microBatch' ? BATCH_VALUES : SEQ_VALUES;
}

function atPoint(s: Scenario, axis: SweepAxis, x: number): Scenario {
  return axis === 'microBatch' ? { ...s, microBatch: x } : { ...s, seq: x };
}

/**
 * The scenario less what the sweep sets itself (and the question, help and chart fields, which
 * do not change memory): a lever equal to the base on the rest would only redraw the base line.
 */
function withoutAxis(s: Scenario, axis: SweepAxis): Scenario {
  const neutral: Scenario = { ...s, question: { kind: 'none' }, help: [], chart: 'none' };
  return axis === 'microBatch' ? { ...neutral, microBatch: 1, gradAccum: 1 } : { ...neutral, seq: 1 };
}

export function largestFitting(points: readonly SweepPoint[]): number | null {
  let best: number | null = null;
  for (const p of points) {
    if (p.fits !== true) break;
    best = p.x;
  }
  return best;
}

function series(deps: SweepDeps, s: Scenario, axis: SweepAxis, label: string, change: string | null): SweepSeries {
  const points: SweepPoint[] = [];
  const capacity = s.hardware?.capacityBytes ?? null;
  for (const x of axisValues(axis)) {
    let e: Estimate;
    try {
      e = deps.estimate(atPoint(s, axis, x));
    } catch {
      break; // a point the model rejects (e.g. past what the scenario allows) ends the line
    }
    points.push({ x, deviceBytes: e.deviceBytes, fits: e.fits });
    if (capacity !== null && e.deviceBytes > capacity * OVERSHOOT && points.length >= MIN_POINTS) break;
  }
  return { label, change, points, largestFitting: largestFitting(points) };
}

/** The sweep with its collaborators passed in (tests use a small fake memory model). */
export function sweepWith(
  deps: SweepDeps,
  scenario: Scenario,
  axis: SweepAxis,
  leverChanges: readonly string[],
  options: SweepOptions = {},
): SweepSeries[] {
  const out = [series(deps, scenario, axis, 'as asked', null)];
  const baseShape = withoutAxis(scenario, axis);
  for (const change of leverChanges) {
    if (out.length - 1 >= (options.maxLevers ?? Infinity)) break;
    const changed = deps.applyChange(scenario, change);
    if (changed === null || isDeepStrictEqual(withoutAxis(changed, axis), baseShape)) continue;
    out.push(series(deps, changed, axis, `+ ${change}`, change));
  }
  return out;
}

/** Base series plus one per lever change that resolves and changes more than the swept axis. */
export function sweep(scenario: Scenario, axis: SweepAxis, leverChanges: string[], options: SweepOptions = {}): SweepSeries[] {
  return sweepWith({ estimate, applyChange: (s, change) => followUpScenario(change, s) }, scenario, axis, leverChanges, options);
}
