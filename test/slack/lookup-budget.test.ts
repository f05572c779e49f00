import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { webApi } from '@slack/bolt';
import { LookupBudget, TIER_3, type MethodLimit } from '../../src/adapters/slack/lookup-budget.js';
import { budgetedLookups, type LookupTransport } from '../../src/adapters/slack/lookups.js';

const METHOD = 'conversations.replies';

/** A step of traffic: time passes, then a lookup is tried (and finishes at once or stays in flight), or Slack says 429. */
type Step = { advanceMs: number; kind: 'lookup' | 'lookup-held' | '429'; retryAfterS: number };

const steps = fc.array(
  fc.record({
    advanceMs: fc.integer({ min: 0, max: 5_000 }),
    kind: fc.constantFrom<Step['kind']>('lookup', 'lookup', 'lookup', 'lookup-held', '429'),
    retryAfterS: fc.integer({ min: 1, max: 60 }),
  }),
  { maxLength: 300 },
);

const limits = fc.record({
  burst: fc.integer({ min: 1, max: 10 }),
  perMinute: fc.integer({ min: 1, max: 120 }),
  maxInFlight: fc.integer({ min: 1, max: 6 }),
});

/** Replays `traffic`; returns the times lookups were granted, the 429 holds, and the most in flight. */
function replay(limit: MethodLimit, traffic: Step[]) {
  let now = 0;
  const budget = new LookupBudget({ [METHOD]: limit }, () => now);
  const granted: number[] = [];
  /** Each grant's step, to tell a grant made just before a 429 at the same instant from one after it. */
  const grantedAtStep: number[] = [];
  const holds: Array<{ step: number; from: number; until: number }> = [];
  let inFlight = 0;
  let mostInFlight = 0;
  for (const [index, step] of traffic.entries()) {
    now += step.advanceMs;
    if (step.kind === '429') {
      budget.rateLimited(METHOD, step.retryAfterS * 1000);
      holds.push({ step: index, from: now, until: now + step.retryAfterS * 1000 });
      continue;
    }
    if (!budget.take(METHOD).ok) continue;
    granted.push(now);
    grantedAtStep.push(index);
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    if (step.kind === 'lookup') {
      budget.done(METHOD);
      inFlight -= 1;
    }
  }
  return { granted, grantedAtStep, holds, mostInFlight };
}

describe('the lookup budget (per method, shaped like Slack tiers)', () => {
  it('never grants more lookups in any window than the burst plus the rate over that window (property)', () => {
    fc.assert(
      fc.property(limits, steps, (limit, traffic) => {
        const { granted } = replay(limit, traffic);
        for (let i = 0; i < granted.length; i++) {
          for (let j = i; j < granted.length; j++) {
            const windowMs = granted[j]! - granted[i]!;
            expect(j - i + 1).toBeLessThanOrEqual(limit.burst + (windowMs * limit.perMinute) / 60_000 + 1e-9);
          }
        }
      }),
    );
  });

  it('grants nothing while a 429 Retry-After holds the method (property)', () => {
    fc.assert(
      fc.property(limits, steps, (limit, traffic) => {
        const { granted, grantedAtStep, holds } = replay(limit, traffic);
        granted.forEach((at, i) => {
          for (const hold of holds) expect(grantedAtStep[i]! > hold.step && at >= hold.from && at < hold.until).toBe(false);
        });
      }),
    );
  });

  it('never has more lookups in flight than its cap (property)', () => {
    fc.assert(
      fc.property(limits, steps, (limit, traffic) => {
        expect(replay(limit, traffic).mostInFlight).toBeLessThanOrEqual(limit.maxInFlight);
      }),
    );
  });

  it('Tier 3 stays under Slack\'s 50 a minute over any minute', () => {
    let now = 0;
    const budget = new LookupBudget({ [METHOD]: TIER_3 }, () => now);
    let granted = 0;
    for (; now < 60_000; now += 100) {
      if (budget.take(METHOD).ok) {
        granted += 1;
        budget.done(METHOD);
      }
    }
    expect(granted).toBeLessThanOrEqual(50);
    expect(granted).toBeGreaterThan(TIER_3.burst);
  });
});

describe('budgeted lookups', () => {
  it('a 429 is answered at once and holds the method: the next reads never reach Slack', async () => {
    const transport = vi.fn<LookupTransport>(async () => {
      throw Object.assign(new Error('rate limited'), { code: webApi.ErrorCode.RateLimitedError, retryAfter: 30 });
    });
    const logs: Record<string, unknown>[] = [];
    const lookups = budgetedLookups(transport, (e) => logs.push(e as Record<string, unknown>));
    expect(await lookups.read(METHOD, { channel: 'C1', ts: '1.0' })).toEqual({ ok: false, why: 'rate_limited' });
    for (let i = 0; i < 5; i++) expect(await lookups.read(METHOD, { channel: 'C1', ts: '1.0' })).toEqual({ ok: false, why: 'rate_limited' });
    expect(transport).toHaveBeenCalledTimes(1);
    expect(logs.find((e) => e.event === 'slack.lookup_rate_limited')).toMatchObject({ retryAfterMs: 30_000 });
    // Skipped lookups are logged once per second and reason, not once each.
    expect(logs.filter((e) => e.event === 'slack.lookup_skipped')).toEqual([{ event: 'slack.lookup_skipped', method: METHOD, why: 'rate_limited', count: 1 }]);
  });

  it('a lookup Slack does not answer in time fails at its deadline and frees its place', async () => {
    const transport = vi.fn<LookupTransport>(() => new Promise(() => undefined));
    const budget = new LookupBudget({ [METHOD]: { burst: 10, perMinute: 600, maxInFlight: 1 } });
    const lookups = budgetedLookups(transport, () => undefined, { budget, deadlineMs: 20 });
    expect(await lookups.read(METHOD, {})).toEqual({ ok: false, why: 'deadline' });
    expect(await lookups.read(METHOD, {})).toEqual({ ok: false, why: 'deadline' });
    expect(transport).toHaveBeenCalledTimes(2);
  });

  it('passes Slack\'s answer through, and refuses a method it has no budget for without asking', async () => {
    const transport = vi.fn<LookupTransport>(async () => ({ ok: true, messages: [{ ts: '1.0' }] }));
    const lookups = budgetedLookups(transport, () => undefined, { budget: new LookupBudget({ [METHOD]: TIER_3 }) });
    expect(await lookups.read(METHOD, {})).toEqual({ ok: true, value: { ok: true, messages: [{ ts: '1.0' }] } });
    expect(await lookups.read('conversations.history', {})).toEqual({ ok: false, why: 'budget' });
    expect(transport).toHaveBeenCalledTimes(1);
  });
});
