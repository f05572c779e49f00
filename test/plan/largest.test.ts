import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { estimate } from '../../src/memory/estimate.js';
import { profileSeqBreaks } from '../../src/memory/serving.js';
import { largestFitting, type Probe } from '../../src/plan/largest.js';
import { largestBatch, longestSeq, maxBatch, maxSeq } from '../../src/plan/solvers.js';
import { servedContextLimit } from '../../src/plan/served-context.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * The solvers' search (src/plan/largest.ts): the margins steer where it probes, the answer rests
 * on whether each probe fits. It must give what the plain bisection it replaced gave (doubling
 * from lo, then halving), for any margins, in fewer estimates when the margins fall in a line.
 */

/** The search the solvers ran before (solvers.ts at 348ddcd), as the reference. */
function bisection(lo: number, hi: number, ok: (n: number) => boolean): number | null {
  if (!ok(lo)) return null;
  let good = lo;
  let step = lo;
  while (good + step <= hi && ok(good + step)) {
    good += step;
    step *= 2;
  }
  let bad = Math.min(hi + 1, good + step);
  while (bad - good > 1) {
    const mid = Math.floor((good + bad) / 2);
    if (ok(mid)) good = mid;
    else bad = mid;
  }
  return good;
}

function counted(probe: (n: number) => Probe): { probe: (n: number) => Probe; count: () => number } {
  let n = 0;
  return {
    probe: (k) => {
      n += 1;
      return probe(k);
    },
    count: () => n,
  };
}

describe('largestFitting', () => {
  it('finds the last fitting integer whatever the margins say (any limit, any margins, NaN and infinities included)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 0, max: 70_000 }),
        fc.integer({ min: -1, max: 70_000 }),
        fc.func(fc.double()),
        fc.option(fc.integer({ min: -10, max: 70_400 })),
        (lo, width, limitFrom, margin, knownAt) => {
          const hi = lo + width;
          const limit = Math.min(hi, lo - 1 + limitFrom);
          const at = (n: number): Probe => ({ ok: n <= limit, margin: margin(n) });
          // A point already probed (the setup as asked), inside the interval or not.
          const known = knownAt === null ? undefined : { n: knownAt, ...at(knownAt) };
          const seen = new Set<number>();
          const found = largestFitting(
            lo,
            hi,
            (n) => {
              expect(n).toBeGreaterThanOrEqual(lo);
              expect(n).toBeLessThanOrEqual(hi);
              expect(seen.has(n) || n === known?.n).toBe(false);
              seen.add(n);
              return at(n);
            },
            known,
          );
          expect(found).toBe(limit >= lo ? limit : null);
          expect(found).toBe(bisection(lo, hi, (n) => n <= limit));
          // Never the same integer twice (nor the known one), so never more probes than the interval holds.
          expect(seen.size).toBeLessThanOrEqual(width + 1);
        },
      ),
      { numRuns: 400, examples: [[9, 0, 0, () => 0, 9]] },
    );
  });

  it('margins that fall in a straight line (a training batch: 1 GiB per sequence, 37 fit) are found in 4 probes; the bisection took 12', () => {
    const GiB = 2 ** 30;
    const line = (n: number): Probe => ({ ok: n <= 37, margin: (37.5 - n) * GiB });
    const search = counted(line);
    expect(largestFitting(1, 65_536, search.probe)).toBe(37);
    expect(search.count()).toBe(4);
    let plain = 0;
    expect(bisection(1, 65_536, (n) => (plain++, line(n).ok))).toBe(37);
    expect(plain).toBe(12);
  });

  it('starts from a point already estimated: a batch of 8 known to fit (37 do) costs no probe at lo', () => {
    const GiB = 2 ** 30;
    const line = (n: number): Probe => ({ ok: n <= 37, margin: (37.5 - n) * GiB });
    const search = counted(line);
    expect(largestFitting(1, 65_536, search.probe, { n: 8, ...line(8) })).toBe(37);
    expect(search.count()).toBe(3);
  });

  it('a margin that says nothing (always 0) still ends, no slower than twice the bisection', () => {
    for (const limit of [1, 2, 3, 100, 4097, 65_535, 65_536]) {
      const search = counted((n) => ({ ok: n <= limit, margin: 0 }));
      expect(largestFitting(1, 65_536, search.probe)).toBe(limit);
      let plain = 0;
      bisection(1, 65_536, (n) => (plain++, n <= limit));
      expect(search.count()).toBeLessThanOrEqual(2 * plain);
    }
  });
});

function scenarioOf(text: string): Scenario {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}`);
  return reply.scenario;
}

const fitsAt = (s: Scenario) => estimate(s, { numbersOnly: true }).fits === true;

describe('max batch and max seq give what the bisection over estimate gave', () => {
  const REQUESTS = [
    'llama-2-7b lora on a 4090',
    '13b full bf16 zero3 on 8x a100-80g',
    'qwen2.5-7b qlora seq 2048 on a 3090',
    'serve llama-3.1-8b vllm on 1x l4',
    'serve llama-3-70b awq vllm tp 2 on 2x a6000',
    'serve llama-3.1-8b vllm 0.6.4 on 1x 3090',
    'mixtral-8x7b lora on 2x a100-80g',
    'serve llama-3-8b q4_k_m llamacpp on a 3060',
  ];

  it.each(REQUESTS)('%s', (text) => {
    const s = scenarioOf(text);
    const asEstimated = estimate(s);
    const batch = bisection(1, 65_536, (n) => fitsAt({ ...s, microBatch: n }));
    expect(maxBatch(s).answer.value).toBe(batch);
    expect(largestBatch(s, asEstimated)).toBe(batch);
    // Past vLLM V0's chunked-prefill break the search starts again (vllm-v0-max-seq.test.ts), as it did.
    const ok = (n: number) => fitsAt({ ...s, seq: n * 128 });
    const limit = 10_000_000 / 128;
    const units = [...profileSeqBreaks(s)].reverse().reduce<number | null>((found, seq) => found ?? bisection(seq / 128 + 1, limit, ok), null) ?? bisection(1, limit, ok);
    // A server answers at most the model's own context (served-context.ts); the room is longestSeq's.
    const served = servedContextLimit(s)?.tokens ?? Infinity;
    expect(maxSeq(s).answer.value).toBe(units === null ? null : Math.min(units * 128, served));
    expect(longestSeq(s, asEstimated)).toBe(units === null ? null : units * 128);
  });
});
