import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPEED_CORPUS } from '../../bench/speed-corpus.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { DRIVERS, withUnstated, type Driver } from '../../src/scenario/unstated.js';

/** The scenario with the field left out and set again, as `withUnstated` always built it. */
function leftOutAndSet(s: Scenario, drivers: readonly Driver[]): Scenario {
  const kept = DRIVERS.filter((d) => drivers.includes(d));
  const { unstated: _was, ...rest } = s;
  return kept.length ? { ...rest, unstated: kept } : rest;
}

const scenarios = SPEED_CORPUS.slice(0, 60).flatMap((text) => {
  const outcome = resolveRequest(text, null);
  return outcome.ok && outcome.scenario ? [outcome.scenario] : [];
});

describe('withUnstated', () => {
  it('gives the scenario with the field left out and set again, in the same key order, with the field or without it', () => {
    const withoutField = scenarios.map((s) => leftOutAndSet(s, []));
    fc.assert(
      fc.property(fc.constantFrom(...scenarios, ...withoutField), fc.subarray([...DRIVERS, ...DRIVERS]), (s, drivers) => {
        const got = withUnstated(s, drivers);
        const want = leftOutAndSet(s, drivers);
        expect(JSON.stringify(got)).toBe(JSON.stringify(want));
        expect(Object.keys(got)).toEqual(Object.keys(want));
        expect(got).not.toBe(s);
      }),
      { numRuns: 400 },
    );
  });

  it('"13b lora on a 4090" states neither driver, and stating the sequence leaves only the batch unstated', () => {
    const s = resolveRequest('13b lora on a 4090', null);
    if (!s.ok || !s.scenario) throw new Error('no scenario');
    expect(s.scenario.unstated).toEqual(['seq', 'batch']);
    expect(withUnstated(leftOutAndSet(s.scenario, []), ['batch']).unstated).toEqual(['batch']);
  });
});
