import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  createRateLimiter,
  rateLimitConfigFromEnv,
  rateLimitMessage,
  DEFAULT_RATE_LIMITS,
  type BucketLimit,
  type RateDecision,
} from '../../src/ops/rate-limit.js';

/** A clock the test advances by hand. */
function manualClock(start = 0) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms), set: (ms: number) => (t = ms) };
}

const limitArb: fc.Arbitrary<BucketLimit> = fc.record({
  burst: fc.integer({ min: 1, max: 10 }),
  perMinute: fc.integer({ min: 1, max: 600 }),
});
const gapsArb = fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 80 });
const LOOSE: BucketLimit = { burst: 1_000_000, perMinute: 1_000_000 };

describe('token-bucket rate limit (properties)', () => {
  it('never allows more than burst + rate × elapsed in any window', () => {
    fc.assert(
      fc.property(limitArb, gapsArb, (limit, gaps) => {
        const clock = manualClock();
        const limiter = createRateLimiter({ user: limit, channel: LOOSE }, clock.now);
        const allowedAt: number[] = [];
        for (const gap of gaps) {
          clock.advance(gap);
          if (limiter.check('u', 'c').allowed) allowedAt.push(clock.now());
        }
        for (let i = 0; i < allowedAt.length; i++) {
          for (let j = i; j < allowedAt.length; j++) {
            const budget = limit.burst + ((allowedAt[j]! - allowedAt[i]!) * limit.perMinute) / 60_000;
            expect(j - i + 1).toBeLessThanOrEqual(Math.floor(budget + 1e-6));
          }
        }
      }),
    );
  });

  it('a refused request is allowed when retried after retryAfterMs', () => {
    fc.assert(
      fc.property(limitArb, limitArb, gapsArb, (user, channel, gaps) => {
        const clock = manualClock();
        const limiter = createRateLimiter({ user, channel }, clock.now);
        for (const gap of gaps) {
          clock.advance(gap);
          const decision = limiter.check('u', 'c');
          if (!decision.allowed) {
            expect(decision.retryAfterMs).toBeGreaterThan(0);
            clock.advance(decision.retryAfterMs);
            expect(limiter.check('u', 'c')).toEqual({ allowed: true });
          }
        }
      }),
    );
  });

  it('a refusal never comes earlier than needed: one ms before retryAfterMs is still refused', () => {
    fc.assert(
      fc.property(limitArb, fc.integer({ min: 0, max: 10 }), (limit, extra) => {
        const clock = manualClock();
        const limiter = createRateLimiter({ user: limit, channel: LOOSE }, clock.now);
        let decision: RateDecision = { allowed: true };
        for (let i = 0; i <= limit.burst + extra && decision.allowed; i++) decision = limiter.check('u', 'c');
        expect(decision.allowed).toBe(false);
        if (decision.allowed) return;
        if (decision.retryAfterMs > 1) {
          clock.advance(decision.retryAfterMs - 1);
          expect(limiter.check('u', 'c').allowed).toBe(false);
        }
      }),
    );
  });

  it('dropping idle buckets does not change any decision (matches a model that keeps every bucket)', () => {
    const requestArb = fc.record({
      gap: fc.integer({ min: 0, max: 30_000 }),
      user: fc.constantFrom('a', 'b', 'c', 'd'),
      channel: fc.constantFrom('x', 'y'),
    });
    fc.assert(
      fc.property(limitArb, limitArb, fc.array(requestArb, { maxLength: 100 }), (user, channel, requests) => {
        const clock = manualClock();
        const limiter = createRateLimiter({ user, channel, maxBuckets: 1000 }, clock.now);
        const model = referenceModel(user, channel);
        for (const r of requests) {
          clock.advance(r.gap);
          expect(limiter.check(r.user, r.channel).allowed).toBe(model(r.user, r.channel, clock.now()));
        }
      }),
    );
  });

  it('keeps at most maxBuckets buckets per scope whatever the keys', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.tuple(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), fc.integer({ min: 0, max: 1000 })), {
          maxLength: 200,
        }),
        (maxBuckets, requests) => {
          const clock = manualClock();
          const limiter = createRateLimiter({ user: { burst: 2, perMinute: 1 }, channel: { burst: 3, perMinute: 1 }, maxBuckets }, clock.now);
          for (const [user, channel, gap] of requests) {
            clock.advance(gap);
            limiter.check(user, channel);
            const size = limiter.size();
            expect(size.user).toBeLessThanOrEqual(maxBuckets);
            expect(size.channel).toBeLessThanOrEqual(maxBuckets);
          }
        },
      ),
    );
  });
});

/** Independent re-statement of the rule, with no eviction: the oracle for the eviction property. */
function referenceModel(user: BucketLimit, channel: BucketLimit) {
  const state = new Map<string, { tokens: number; at: number }>();
  const level = (key: string, limit: BucketLimit, now: number) => {
    const s = state.get(key);
    return s ? Math.min(limit.burst, s.tokens + ((now - s.at) * limit.perMinute) / 60_000) : limit.burst;
  };
  return (u: string, c: string, now: number): boolean => {
    const uk = `u:${u}`;
    const ck = `c:${c}`;
    const ul = level(uk, user, now);
    const cl = level(ck, channel, now);
    if (ul < 1 - 1e-9 || cl < 1 - 1e-9) return false;
    state.set(uk, { tokens: Math.max(0, ul - 1), at: now });
    state.set(ck, { tokens: Math.max(0, cl - 1), at: now });
    return true;
  };
}

describe('token-bucket rate limit (examples)', () => {
  it('one user flooding does not block another user in the same channel', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ user: { burst: 2, perMinute: 6 }, channel: { burst: 100, perMinute: 100 } }, clock.now);
    limiter.check('alice', 'general');
    limiter.check('alice', 'general');
    expect(limiter.check('alice', 'general')).toMatchObject({ allowed: false, scope: 'user', retryAfterMs: 10_000 });
    expect(limiter.check('bob', 'general')).toEqual({ allowed: true });
  });

  it('a busy channel refuses with scope channel, and the refusal does not drain the user', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ user: { burst: 1, perMinute: 1 }, channel: { burst: 2, perMinute: 60 } }, clock.now);
    expect(limiter.check('a', 'busy').allowed).toBe(true);
    expect(limiter.check('b', 'busy').allowed).toBe(true);
    expect(limiter.check('c', 'busy')).toMatchObject({ allowed: false, scope: 'channel', retryAfterMs: 1000 });
    // c was refused by the channel; its own bucket is untouched, so it may post elsewhere.
    expect(limiter.check('c', 'quiet')).toEqual({ allowed: true });
  });

  it('forgets buckets that have refilled, so memory follows active users only', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({ user: { burst: 2, perMinute: 60 }, channel: { burst: 1000, perMinute: 6000 } }, clock.now);
    for (let i = 0; i < 500; i++) limiter.check(`user-${i}`, 'general');
    expect(limiter.size().user).toBe(500);
    clock.advance(60_000); // every user bucket is full again
    limiter.check('late', 'general');
    expect(limiter.size()).toEqual({ user: 1, channel: 1 });
  });

  it('rejects nonsensical limits', () => {
    expect(() => createRateLimiter({ user: { burst: 0, perMinute: 1 }, channel: LOOSE })).toThrow(/burst/);
  });

  it('builds friendly messages with whole seconds', () => {
    expect(rateLimitMessage({ allowed: false, retryAfterMs: 7200, scope: 'user' })).toBe(
      "You're sending requests faster than I can answer — please try again in 8 s.",
    );
    expect(rateLimitMessage({ allowed: false, retryAfterMs: 10, scope: 'channel' })).toMatch(/channel is busy.*1 s\./);
    expect(rateLimitMessage({ allowed: false, retryAfterMs: Infinity, scope: 'user' })).toMatch(/a while/);
  });

  it('reads limits from the environment, falling back to the defaults', () => {
    const config = rateLimitConfigFromEnv({ RATE_LIMIT_USER_BURST: '3', RATE_LIMIT_CHANNEL_PER_MIN: '120' });
    expect(config.user).toEqual({ burst: 3, perMinute: DEFAULT_RATE_LIMITS.user.perMinute });
    expect(config.channel).toEqual({ burst: DEFAULT_RATE_LIMITS.channel.burst, perMinute: 120 });
    expect(() => rateLimitConfigFromEnv({ RATE_LIMIT_USER_BURST: 'lots' })).toThrow(/RATE_LIMIT_USER_BURST/);
  });
});
