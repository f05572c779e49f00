/**
 * Fails fast while a dependency is down. Closed: calls pass; `failureThreshold` failures in a row
 * open it. Open: calls are refused at once (no socket, no timeout held) for `openMs`. Then one
 * trial call passes (half-open): success closes it, failure opens it again.
 *
 * Why: with Redis unreachable, each store call held its chat request (and its admission slot)
 * for the 2 s command timeout, and 92% of requests were told "busy" (issue 15).
 */
export class CircuitOpenError extends Error {
  constructor(what: string) {
    super(`${what} is unavailable (circuit open): not waiting for it`);
    this.name = 'CircuitOpenError';
  }
}

export interface CircuitBreakerOptions {
  failureThreshold?: number;
  openMs?: number;
  now?: () => number;
}

export class CircuitBreaker {
  private consecutive = 0;
  private openUntil = 0;
  private trialInFlight = false;
  private readonly threshold: number;
  private readonly openMs: number;
  private readonly now: () => number;

  constructor(private readonly what: string, options: CircuitBreakerOptions = {}) {
    this.threshold = options.failureThreshold ?? 3;
    this.openMs = options.openMs ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /** `closed`, `open` (refusing), or `half-open` (the open time is over; the next call is the trial). */
  get state(): 'closed' | 'open' | 'half-open' {
    if (this.consecutive < this.threshold) return 'closed';
    return this.now() < this.openUntil ? 'open' : 'half-open';
  }

  get consecutiveFailures(): number {
    return this.consecutive;
  }

  /**
   * Opens now, without waiting for `failureThreshold` failures: the dependency is known to be
   * down (its connection failed), so no call should be tried or waited on.
   */
  trip(): void {
    this.consecutive = Math.max(this.consecutive, this.threshold);
    this.openUntil = Math.max(this.openUntil, this.now() + this.openMs);
  }

  /** Runs `call` unless the breaker refuses; records its outcome. */
  async run<T>(call: () => Promise<T>): Promise<T> {
    const state = this.state;
    if (state === 'open' || (state === 'half-open' && this.trialInFlight)) throw new CircuitOpenError(this.what);
    const trial = state === 'half-open';
    if (trial) this.trialInFlight = true;
    try {
      const value = await call();
      this.consecutive = 0;
      return value;
    } catch (error) {
      this.consecutive += 1;
      if (this.consecutive >= this.threshold) this.openUntil = this.now() + this.openMs;
      throw error;
    } finally {
      if (trial) this.trialInFlight = false;
    }
  }
}
