/**
 * Per-user and per-channel token buckets, and a per-user CPU budget. Pure and clock-injected:
 * no timers, no I/O.
 *
 * A bucket holds up to `burst` tokens and regains `perMinute` tokens a minute; a request takes
 * one token from its user's bucket AND one from its channel's bucket, and only when both have
 * one (a request refused by the channel does not also drain the user). Per user stops one
 * person flooding; per channel stops a busy channel starving the process for everyone else.
 *
 * Memory is bounded two ways: a bucket idle long enough to have refilled completely behaves
 * exactly like a new one, so it is dropped (no change in decisions); and if more than
 * `maxBuckets` are live at once, the least recently used are dropped (a small leniency only
 * under a flood of distinct keys, which is better than unbounded growth).
 *
 * Requests are not all alike: a 6 KB message costs the reader far more than "7b on a 4090"
 * (issue 26: six long messages from one user stalled everyone's answers). So a user also has a
 * budget of compute milliseconds, charged after each answer with what it cost (chargeCpu). A
 * user past it is in debt and gets the usual rate-limited answer until the debt is regained.
 */

export interface BucketLimit {
  /** Tokens a full bucket holds: the burst a quiet user may send at once. */
  burst: number;
  /** Sustained rate: tokens regained per minute. */
  perMinute: number;
}

/** Compute time a user may spend: a burst, regained at a sustained rate. */
export interface CpuLimit {
  /** Milliseconds of compute a quiet user may spend at once. */
  burstMs: number;
  /** Milliseconds regained per minute. */
  perMinuteMs: number;
}

export interface RateLimitConfig {
  user: BucketLimit;
  channel: BucketLimit;
  /** Per-user compute budget; DEFAULT_RATE_LIMITS.cpu when absent. */
  cpu?: CpuLimit;
  /** Upper bound on buckets kept per scope. */
  maxBuckets?: number;
}

/** `cpu`: the user spent their compute budget (told like `user`). */
export type RateLimitScope = 'user' | 'channel' | 'cpu';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterMs: number; scope: RateLimitScope };

export interface RateLimiter {
  /** Decide, and when allowed consume one token from both buckets. */
  check(user: string, channel: string): RateDecision;
  /** Charge `user` the compute milliseconds an answer cost (after the answer: it may put them in debt). */
  chargeCpu(user: string, ms: number): void;
  /** Live buckets per scope (for tests and metrics). */
  size(): { user: number; channel: number };
}

/**
 * Defaults: a person may ask 5 questions at once and 12 a minute; a channel 20 at once, 60 a
 * minute. A person may spend 2 s of compute at once and 1 s a minute: an answer costs about a
 * millisecond (bench:speed) and the longest message a few tens (bench:reader), so only a flood
 * of expensive messages, or a reader regression, ever meets it.
 */
export const DEFAULT_RATE_LIMITS: RateLimitConfig & { cpu: CpuLimit } = {
  user: { burst: 5, perMinute: 12 },
  channel: { burst: 20, perMinute: 60 },
  cpu: { burstMs: 2000, perMinuteMs: 1000 },
  maxBuckets: 10_000,
};

/** Float slack so a retry at exactly `now + retryAfterMs` is allowed despite rounding. */
const EPSILON = 1e-9;

interface Bucket {
  tokens: number;
  updatedAt: number;
}

class BucketTable {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(private readonly limit: BucketLimit, private readonly maxBuckets: number) {
    this.perMs = limit.perMinute / 60_000;
  }

  /** Tokens available to `key` at `now` (a key never seen has a full bucket). */
  available(key: string, now: number): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return this.limit.burst;
    const elapsed = Math.max(0, now - bucket.updatedAt);
    return Math.min(this.limit.burst, bucket.tokens + elapsed * this.perMs);
  }

  /** Milliseconds until `key` has one whole token. */
  waitMs(key: string, now: number): number {
    const missing = 1 - this.available(key, now);
    if (missing <= EPSILON) return 0;
    return this.perMs > 0 ? Math.ceil(missing / this.perMs) : Number.POSITIVE_INFINITY;
  }

  /** Milliseconds until `key` is out of debt (has regained what it spent past its bucket). */
  debtWaitMs(key: string, now: number): number {
    const debt = -this.available(key, now);
    if (debt <= EPSILON) return 0;
    return this.perMs > 0 ? Math.ceil(debt / this.perMs) : Number.POSITIVE_INFINITY;
  }

  /** Takes one token; never below zero. */
  take(key: string, now: number): void {
    this.set(key, Math.max(0, this.available(key, now) - 1), now);
  }

  /** Takes `amount`, going into debt (negative) if the bucket holds less. */
  spend(key: string, amount: number, now: number): void {
    this.set(key, this.available(key, now) - amount, now);
  }

  private set(key: string, tokens: number, now: number): void {
    // Delete then set: Map keeps insertion order, so the first entry is the least recently used.
    this.buckets.delete(key);
    this.buckets.set(key, { tokens, updatedAt: now });
    this.evict(now);
  }

  size(): number {
    return this.buckets.size;
  }

  private evict(now: number): void {
    for (const [key] of this.buckets) {
      const full = this.available(key, now) >= this.limit.burst - EPSILON;
      if (!full && this.buckets.size <= this.maxBuckets) break;
      this.buckets.delete(key);
    }
  }
}

export function createRateLimiter(config: RateLimitConfig = DEFAULT_RATE_LIMITS, now: () => number = Date.now): RateLimiter {
  for (const [scope, limit] of Object.entries({ user: config.user, channel: config.channel })) {
    if (!(limit.burst >= 1) || !(limit.perMinute >= 0)) {
      throw new RangeError(`rate limit for ${scope}: burst must be ≥ 1 and perMinute ≥ 0 (got ${limit.burst}, ${limit.perMinute})`);
    }
  }
  const cpu = config.cpu ?? DEFAULT_RATE_LIMITS.cpu;
  if (!(cpu.burstMs > 0) || !(cpu.perMinuteMs >= 0)) {
    throw new RangeError(`CPU budget: burstMs must be > 0 and perMinuteMs ≥ 0 (got ${cpu.burstMs}, ${cpu.perMinuteMs})`);
  }
  const maxBuckets = Math.max(1, config.maxBuckets ?? DEFAULT_RATE_LIMITS.maxBuckets ?? 10_000);
  const users = new BucketTable(config.user, maxBuckets);
  const channels = new BucketTable(config.channel, maxBuckets);
  const compute = new BucketTable({ burst: cpu.burstMs, perMinute: cpu.perMinuteMs }, maxBuckets);

  return {
    check(user, channel) {
      const t = now();
      // A user in compute debt waits it out first, whatever their request tokens say.
      const cpuWait = compute.debtWaitMs(user, t);
      if (cpuWait > 0) return { allowed: false, retryAfterMs: cpuWait, scope: 'cpu' };
      const userWait = users.waitMs(user, t);
      const channelWait = channels.waitMs(channel, t);
      if (userWait > 0 || channelWait > 0) {
        // Report the scope that keeps the request waiting longest: that is when a retry works.
        return userWait >= channelWait
          ? { allowed: false, retryAfterMs: userWait, scope: 'user' }
          : { allowed: false, retryAfterMs: channelWait, scope: 'channel' };
      }
      users.take(user, t);
      channels.take(channel, t);
      return { allowed: true };
    },
    chargeCpu(user, ms) {
      if (Number.isFinite(ms) && ms > 0) compute.spend(user, ms, now());
    },
    size() {
      return { user: users.size(), channel: channels.size() };
    },
  };
}

/** The reply a refused request gets: says who is limited and when to retry, in whole seconds. */
export function rateLimitMessage(decision: Extract<RateDecision, { allowed: false }>): string {
  const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
  const wait = Number.isFinite(seconds) ? `${seconds} s` : 'a while';
  return decision.scope === 'channel'
    ? `This channel is busy right now — I'll take new requests again in ${wait}.`
    : `You're sending requests faster than I can answer — please try again in ${wait}.`;
}

/**
 * Limits from the environment, each falling back to DEFAULT_RATE_LIMITS:
 * RATE_LIMIT_USER_BURST, RATE_LIMIT_USER_PER_MIN, RATE_LIMIT_CHANNEL_BURST, RATE_LIMIT_CHANNEL_PER_MIN,
 * RATE_LIMIT_USER_CPU_MS, RATE_LIMIT_USER_CPU_MS_PER_MIN.
 */
export function rateLimitConfigFromEnv(env: Record<string, string | undefined> = process.env): RateLimitConfig {
  const num = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a non-negative number (got "${raw}")`);
    return value;
  };
  return {
    user: {
      burst: num('RATE_LIMIT_USER_BURST', DEFAULT_RATE_LIMITS.user.burst),
      perMinute: num('RATE_LIMIT_USER_PER_MIN', DEFAULT_RATE_LIMITS.user.perMinute),
    },
    channel: {
      burst: num('RATE_LIMIT_CHANNEL_BURST', DEFAULT_RATE_LIMITS.channel.burst),
      perMinute: num('RATE_LIMIT_CHANNEL_PER_MIN', DEFAULT_RATE_LIMITS.channel.perMinute),
    },
    cpu: {
      burstMs: num('RATE_LIMIT_USER_CPU_MS', DEFAULT_RATE_LIMITS.cpu.burstMs),
      perMinuteMs: num('RATE_LIMIT_USER_CPU_MS_PER_MIN', DEFAULT_RATE_LIMITS.cpu.perMinuteMs),
    },
    maxBuckets: DEFAULT_RATE_LIMITS.maxBuckets,
  };
}
