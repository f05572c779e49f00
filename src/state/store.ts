import type { ThreadState } from '../core/assistant.js';

/**
 * Where a conversation's scenario lives between messages, keyed by a platform-prefixed thread
 * key (`slack:{team}:{channel}:{thread_ts}`, `discord:{thread or message id}`).
 */
export interface ConversationStore {
  get(threadKey: string): Promise<ThreadState | null>;
  set(threadKey: string, state: ThreadState): Promise<void>;
  /** Forgets a thread (`reset`). */
  delete?(threadKey: string): Promise<void>;
  /** True when the store can serve (readiness). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/** Process-local store: the default for tests and single-process use. */
export class MemoryStore implements ConversationStore {
  private readonly entries = new Map<string, { state: ThreadState; expiresAt: number }>();

  constructor(private readonly ttlMs = 30 * 24 * 3600 * 1000, private readonly now = () => Date.now()) {}

  async get(threadKey: string): Promise<ThreadState | null> {
    const entry = this.entries.get(threadKey);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(threadKey);
      return null;
    }
    return entry.state;
  }

  async set(threadKey: string, state: ThreadState): Promise<void> {
    this.entries.set(threadKey, { state, expiresAt: this.now() + this.ttlMs });
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
