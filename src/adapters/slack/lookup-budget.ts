/**
 * How many Web API reads (lookups) one Slack method may make, shaped like Slack's own limit for
 * it: a token bucket per method (`burst` at once, `perMinute` sustained), a hold while Slack's
 * last 429 says to wait (Retry-After, for every caller of that method), and a cap on lookups in
 * flight. A lookup it refuses is never queued: the caller answers from what it has at once.
 * Pure and clock-injected: no timers, no I/O.
 */

export interface MethodLimit {
  /** Lookups a quiet method may make at once. */
  burst: number;
  /** Sustained rate: lookups regained per minute. */
  perMinute: number;
  /** Lookups of this method waiting for Slack at once. */
  maxInFlight: number;
}

/**
 * Slack's Tier 3 (conversations.replies, conversations.history: "50+ per minute" per workspace,
 * api.slack.com/apis/rate-limits), kept a little under it so another replica or a person's own
 * script using the same token still fits, with a small burst.
 */
export const TIER_3: MethodLimit = { burst: 5, perMinute: 40, maxInFlight: 4 };

/** When Slack answers 429 without a usable Retry-After, this long is waited before asking again. */
export const DEFAULT_RETRY_AFTER_MS = 30_000;

export type Refusal = 'budget' | 'rate_limited' | 'in_flight';

interface MethodState {
  tokens: number;
  updatedAt: number;
  /** No lookup of this method before this time (Slack's Retry-After). */
  holdUntil: number;
  inFlight: number;
}

export class LookupBudget {
  private readonly methods = new Map<string, MethodState>();

  constructor(
    private readonly limits: Readonly<Record<string, MethodLimit>>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Takes a lookup of `method` when the budget allows it (the caller then must call `done`), or
   * says why not. A method without a configured limit is never looked up.
   */
  take(method: string): { ok: true } | { ok: false; refusal: Refusal } {
    const limit = this.limits[method];
    if (!limit) return { ok: false, refusal: 'budget' };
    const state = this.state(method, limit);
    const now = this.now();
    if (now < state.holdUntil) return { ok: false, refusal: 'rate_limited' };
    if (state.inFlight >= limit.maxInFlight) return { ok: false, refusal: 'in_flight' };
    this.refill(state, limit, now);
    if (state.tokens < 1) return { ok: false, refusal: 'budget' };
    state.tokens -= 1;
    state.inFlight += 1;
    return { ok: true };
  }

  /** A lookup taken with `take` has finished (answered, failed or abandoned at its deadline). */
  done(method: string): void {
    const state = this.methods.get(method);
    if (state && state.inFlight > 0) state.inFlight -= 1;
  }

  /** Slack answered 429: nothing of this method is asked for `retryAfterMs`, and the bucket is emptied. */
  rateLimited(method: string, retryAfterMs: number | undefined): void {
    const limit = this.limits[method];
    if (!limit) return;
    const state = this.state(method, limit);
    const now = this.now();
    state.holdUntil = Math.max(state.holdUntil, now + (retryAfterMs !== undefined && retryAfterMs > 0 ? retryAfterMs : DEFAULT_RETRY_AFTER_MS));
    // Slack counts what it refused too: start again from an empty bucket once the hold is over.
    state.tokens = 0;
    state.updatedAt = state.holdUntil;
  }

  /** Milliseconds until `method` may be asked again (0 when it may now); for logs and tests. */
  heldForMs(method: string): number {
    const state = this.methods.get(method);
    return state ? Math.max(0, state.holdUntil - this.now()) : 0;
  }

  private state(method: string, limit: MethodLimit): MethodState {
    let state = this.methods.get(method);
    if (!state) {
      state = { tokens: limit.burst, updatedAt: this.now(), holdUntil: 0, inFlight: 0 };
      this.methods.set(method, state);
    }
    return state;
  }

  private refill(state: MethodState, limit: MethodLimit, now: number): void {
    const elapsed = Math.max(0, now - state.updatedAt);
    state.tokens = Math.min(limit.burst, state.tokens + (elapsed * limit.perMinute) / 60_000);
    state.updatedAt = Math.max(state.updatedAt, now);
  }
}
