import { CircuitBreaker, CircuitOpenError } from './circuit-breaker.js';
import { isNewerAnswer } from './codec.js';
import type { ConversationStore, SavedThread, StoreHealth } from './store.js';

export interface ResilientStoreOptions {
  /** Failures in a row before the store is treated as down. */
  failureThreshold?: number;
  /** How long it is then left alone before one call tries again. */
  openMs?: number;
  /**
   * How long after trouble a saved state is doubted (compared with the thread's last answer
   * before use): a write lost in an outage leaves an older state behind in every replica's view.
   */
  doubtWindowMs?: number;
  /** Thread keys whose write failed, remembered to invalidate once the store answers again. */
  maxUnsavedKeys?: number;
  /** How often owed invalidations are retried while the store is down. */
  invalidateEveryMs?: number;
  /** Threads whose last state written from this process is kept here, to answer from while the store is down. */
  maxLocalCopies?: number;
  now?: () => number;
}

/** The store's own trouble signals (RedisStore: connection dropped, or never up), when it has them. */
interface TroubleSource {
  lastTroubleAt?(): number | null;
  /** True while the store's connection is known to be down: every call would fail, so none is made. */
  connectionDown?(): boolean;
}

/**
 * A minute: failed writes are invalidated (deleted) within about a second of the store coming
 * back, by whichever process owes them, so only a short window needs the thread's own answer
 * as a check. Longer would cost a conversations.replies call per follow-up for longer after
 * every blip (a Tier 3 method: about 50 a minute per workspace).
 */
export const DEFAULT_DOUBT_WINDOW_MS = 60 * 1000;

/** A few thousand threads' last states (a scenario is about a kilobyte): the busy ones of an outage. */
export const DEFAULT_MAX_LOCAL_COPIES = 5_000;

/**
 * A ConversationStore wrapped for outages: a circuit breaker so calls fail at once while the
 * store is down; a record of which threads' writes failed (their saved state is older than their
 * last answer), deleted from the store once it answers again so every replica and a restarted
 * process falls back to the thread's own latest answer; `doubts(key)` for readers in this process;
 * and counters for /healthz.
 *
 * It also keeps the last state this process wrote for its most recent threads (written or not):
 * while the store cannot be read, a thread this process answered is continued from that copy
 * instead of from nothing, and a stored state older than the copy (a write lost in the outage)
 * is not taken back. A store whose connection is known down (RedisStore.connectionDown) opens
 * the breaker at once: no call is made, and none waits.
 */
export class ResilientStore implements ConversationStore {
  private readonly breaker: CircuitBreaker;
  private readonly now: () => number;
  private readonly doubtWindowMs: number;
  private readonly maxUnsaved: number;
  private readonly unsaved = new Set<string>();
  /** Keys with a write from this process in flight. */
  private readonly writing = new Set<string>();
  private failures = 0;
  private shortCircuited = 0;
  private troubleAt: number | null = null;
  private invalidating = false;
  private retryTimer: ReturnType<typeof setInterval> | null = null;
  private readonly retryEveryMs: number;
  /**
   * Thread key → the last state written from here, least recently written first (Map order);
   * `lost` while the store does not have it (its write failed; the stale stored state is deleted).
   */
  private readonly localCopies = new Map<string, { state: SavedThread; lost: boolean }>();
  private readonly maxLocalCopies: number;

  constructor(private readonly inner: ConversationStore & TroubleSource, options: ResilientStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.breaker = new CircuitBreaker('the conversation store', { failureThreshold: options.failureThreshold, openMs: options.openMs, now: this.now });
    this.doubtWindowMs = options.doubtWindowMs ?? DEFAULT_DOUBT_WINDOW_MS;
    this.maxUnsaved = options.maxUnsavedKeys ?? 10_000;
    this.retryEveryMs = options.invalidateEveryMs ?? 1000;
    this.maxLocalCopies = options.maxLocalCopies ?? DEFAULT_MAX_LOCAL_COPIES;
  }

  private async guard<T>(call: () => Promise<T>): Promise<T> {
    if (this.inner.connectionDown?.()) this.breaker.trip();
    try {
      const value = await this.breaker.run(call);
      if (this.unsaved.size > 0) void this.invalidateUnsaved();
      return value;
    } catch (error) {
      if (error instanceof CircuitOpenError) this.shortCircuited += 1;
      else {
        this.failures += 1;
        this.troubleAt = this.now();
        // A failed connection is not a blip: open now rather than after two more failures.
        if (this.inner.connectionDown?.()) this.breaker.trip();
      }
      throw error;
    }
  }

  /**
   * The stored state, unless this process's own copy is from a later answer or the store lost
   * its write (nothing stored, or the stale state deleted since); while the store cannot be
   * read, this process's copy when it has one (else the store's error).
   */
  async get(threadKey: string): Promise<SavedThread | null> {
    const local = this.localCopies.get(threadKey);
    try {
      const stored = await this.guard(() => this.inner.get(threadKey));
      if (!local) return stored;
      return (stored === null ? local.lost : isNewerAnswer(local.state.answerTs, stored.answerTs)) ? local.state : stored;
    } catch (error) {
      if (local) return local.state;
      throw error;
    }
  }

  async set(threadKey: string, state: SavedThread): Promise<void> {
    const copy = this.keepLocalCopy(threadKey, state);
    // While this write is on its way, an owed invalidation of the key must not delete it after it lands.
    this.writing.add(threadKey);
    try {
      await this.guard(() => this.inner.set(threadKey, state));
      this.unsaved.delete(threadKey);
      if (copy) copy.lost = false;
    } catch (error) {
      if (copy) copy.lost = true;
      this.unsaved.add(threadKey);
      if (this.unsaved.size > this.maxUnsaved) this.unsaved.delete(this.unsaved.values().next().value as string);
      this.scheduleInvalidation();
      throw error;
    } finally {
      this.writing.delete(threadKey);
    }
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    if (!this.inner.claim) return true;
    return this.guard(() => this.inner.claim!(key, ttlMs));
  }

  async delete(threadKey: string): Promise<void> {
    this.localCopies.delete(threadKey);
    if (this.inner.delete) await this.guard(() => this.inner.delete!(threadKey));
  }

  /** Remembers the newest state written for a thread (a late, older write does not replace it); null when it kept the one it had. */
  private keepLocalCopy(threadKey: string, state: SavedThread): { state: SavedThread; lost: boolean } | null {
    const current = this.localCopies.get(threadKey);
    if (current && isNewerAnswer(current.state.answerTs, state.answerTs)) return null;
    const copy = { state, lost: false };
    this.localCopies.delete(threadKey);
    this.localCopies.set(threadKey, copy);
    if (this.localCopies.size > this.maxLocalCopies) this.localCopies.delete(this.localCopies.keys().next().value as string);
    return copy;
  }

  /** A failed write for this thread, or store trouble (here or on its connection) within the doubt window. */
  doubts(threadKey: string): boolean {
    if (this.unsaved.has(threadKey)) return true;
    const last = Math.max(this.troubleAt ?? -Infinity, this.inner.lastTroubleAt?.() ?? -Infinity);
    return this.now() - last < this.doubtWindowMs;
  }

  health(): StoreHealth {
    const breaker = this.breaker.state;
    const last = Math.max(this.troubleAt ?? -Infinity, this.inner.lastTroubleAt?.() ?? -Infinity);
    const recent = this.now() - last < this.doubtWindowMs;
    return {
      state: breaker === 'open' ? 'down' : breaker === 'half-open' || this.breaker.consecutiveFailures > 0 || recent ? 'degraded' : 'up',
      consecutiveFailures: this.breaker.consecutiveFailures,
      failures: this.failures,
      shortCircuited: this.shortCircuited,
      lastTroubleAt: Number.isFinite(last) ? new Date(last).toISOString() : null,
    };
  }

  ready(): Promise<boolean> {
    return this.inner.ready();
  }

  close(): Promise<void> {
    if (this.retryTimer) clearInterval(this.retryTimer);
    this.retryTimer = null;
    return this.inner.close();
  }

  /**
   * While writes are owed, try to invalidate once a second without waiting for traffic, so the
   * stale states are gone soon after the store is back (before another replica or a restarted
   * process reads them without doubt).
   */
  private scheduleInvalidation(): void {
    if (this.retryTimer || !this.inner.delete) return;
    this.retryTimer = setInterval(() => {
      if (this.unsaved.size === 0) {
        clearInterval(this.retryTimer!);
        this.retryTimer = null;
        return;
      }
      void this.invalidateUnsaved();
    }, this.retryEveryMs);
    this.retryTimer.unref?.();
  }

  /** Keys whose write failed: their stored state is older than their last answer, so it goes. */
  private async invalidateUnsaved(): Promise<void> {
    if (this.invalidating || !this.inner.delete) return;
    this.invalidating = true;
    try {
      for (const key of [...this.unsaved]) {
        if (this.writing.has(key) || !this.unsaved.has(key)) continue;
        try {
          await this.breaker.run(() => this.inner.delete!(key));
          this.unsaved.delete(key);
        } catch {
          return;
        }
      }
    } finally {
      this.invalidating = false;
    }
  }
}
