import type { ThreadState } from '../core/assistant.js';
import { isNewerAnswer, type SavedThread } from './codec.js';
import type { RequestJournal } from './request-journal.js';

export type { SavedThread } from './codec.js';

/** How a store is doing, for /healthz and the doubt check (src/state/resilient-store.ts fills it in). */
export interface StoreHealth {
  /** `up`: answering; `down`: failing fast (breaker open); `degraded`: answering again after trouble in the doubt window. */
  state: 'up' | 'degraded' | 'down';
  consecutiveFailures: number;
  failures: number;
  /** Reads and writes refused at once while the breaker was open. */
  shortCircuited: number;
  /** ISO time of the last failure, null when none since start. */
  lastTroubleAt: string | null;
}

/**
 * Where a conversation's scenario lives between messages, keyed by a platform-prefixed thread
 * key (`slack:{team}:{channel}:{thread_ts}`, `discord:{thread or message id}`).
 */
export interface ConversationStore {
  get(threadKey: string): Promise<SavedThread | null>;
  /**
   * Saves a thread's state. A state carrying `answerTs` never replaces one from a later answer
   * (the write is dropped, not an error): late or replayed writes cannot take a thread back.
   */
  set(threadKey: string, state: SavedThread | ThreadState): Promise<void>;
  /** Forgets a thread (`reset`). */
  delete?(threadKey: string): Promise<void>;
  /** True when the store can serve (readiness). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
  /** True the first time `key` is claimed within `ttlMs`, for every process sharing the store (deduplication). */
  claim?(key: string, ttlMs: number): Promise<boolean>;
  /** Forgets a thread's state (its saved copy is known to be stale). */
  delete?(threadKey: string): Promise<void>;
  /** True when this thread's saved state may be older than its last answer (a write failed, or the store had trouble lately). */
  doubts?(threadKey: string): boolean;
  health?(): StoreHealth;
  /** The journal of acknowledged, unanswered requests, kept in this store (src/state/request-journal.ts), when it keeps one. */
  journal?(): RequestJournal;
}

/** Process-local store: the default for tests and single-process use. */
export class MemoryStore implements ConversationStore {
  private readonly entries = new Map<string, { state: SavedThread; expiresAt: number }>();
  private readonly claims = new Map<string, number>();

  constructor(private readonly ttlMs = 30 * 24 * 3600 * 1000, private readonly now = () => Date.now()) {}

  async get(threadKey: string): Promise<SavedThread | null> {
    return this.current(threadKey);
  }

  /** Synchronous, so a write and a delete issued in that order apply in that order. */
  private current(threadKey: string): SavedThread | null {
    const entry = this.entries.get(threadKey);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(threadKey);
      return null;
    }
    return entry.state;
  }

  async set(threadKey: string, state: SavedThread): Promise<void> {
    const current = this.current(threadKey);
    if (current && isNewerAnswer(current.answerTs, state.answerTs)) return;
    this.entries.set(threadKey, { state, expiresAt: this.now() + this.ttlMs });
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    const until = this.claims.get(key);
    if (until !== undefined && until > now) return false;
    this.claims.set(key, now + ttlMs);
    if (this.claims.size > 100_000) for (const [k, u] of this.claims) if (u <= now) this.claims.delete(k);
    return true;
  }

  async delete(threadKey: string): Promise<void> {
    this.entries.delete(threadKey);
  }

  async ready(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}
