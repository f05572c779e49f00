import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { ThreadState } from '../core/assistant.js';
import type { ConversationStore } from './store.js';
import { DEFAULT_TTL_MS, decodeThreadState, encodeThreadState } from './codec.js';

export interface SqliteStoreOptions {
  /** Database file; parent folders are created. `:memory:` works for tests. */
  path: string;
  ttlMs?: number;
  /** Injectable clock (ms since epoch) so expiry is testable without waiting. */
  now?: () => number;
  /** Expired rows are deleted on read, and in bulk once every this many writes. */
  purgeEveryWrites?: number;
}

/**
 * The embedded default store (DESIGN §5): one SQLite file, survives restarts.
 *
 * WAL mode lets readers proceed while a write is in progress and makes a crash lose at most
 * the last transaction; busy_timeout lets a second process on the same file wait for the lock
 * instead of failing at once (several processes should share Redis, not a file, though).
 */
export class SqliteStore implements ConversationStore {
  private readonly db: Database.Database;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly purgeEveryWrites: number;
  private writesSincePurge = 0;
  private readonly selectRow: Database.Statement<[string], { state: string; expires_at: number }>;
  private readonly upsertRow: Database.Statement<[string, string, number]>;
  private readonly deleteRow: Database.Statement<[string]>;
  private readonly deleteExpired: Database.Statement<[number]>;

  constructor(options: SqliteStoreOptions) {
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.now = options.now ?? Date.now;
    this.purgeEveryWrites = options.purgeEveryWrites ?? 500;
    if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
    this.db = new Database(options.path);
    this.db.pragma('journal_mode = WAL');
    // WAL with synchronous=NORMAL never corrupts the file; a power cut may lose the last writes,
    // which the bot's own messages can restore. FULL would fsync on every answer.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS thread_state (
        thread_key TEXT PRIMARY KEY,
        state      TEXT    NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS thread_state_expires ON thread_state (expires_at);
    `);
    this.selectRow = this.db.prepare('SELECT state, expires_at FROM thread_state WHERE thread_key = ?');
    this.upsertRow = this.db.prepare(
      `INSERT INTO thread_state (thread_key, state, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (thread_key) DO UPDATE SET state = excluded.state, expires_at = excluded.expires_at`,
    );
    this.deleteRow = this.db.prepare('DELETE FROM thread_state WHERE thread_key = ?');
    this.deleteExpired = this.db.prepare('DELETE FROM thread_state WHERE expires_at <= ?');
    this.purgeExpired();
  }

  async get(threadKey: string): Promise<ThreadState | null> {
    const row = this.selectRow.get(threadKey);
    if (!row) return null;
    if (row.expires_at <= this.now()) {
      this.deleteRow.run(threadKey);
      return null;
    }
    return decodeThreadState(row.state);
  }

  async set(threadKey: string, state: ThreadState): Promise<void> {
    this.upsertRow.run(threadKey, encodeThreadState(state), this.now() + this.ttlMs);
    this.writesSincePurge += 1;
    if (this.writesSincePurge >= this.purgeEveryWrites) this.purgeExpired();
  }

  /** Deletes every expired row; returns how many. Runs at open and every `purgeEveryWrites` writes. */
  purgeExpired(): number {
    this.writesSincePurge = 0;
    return this.deleteExpired.run(this.now()).changes;
  }

  /** Rows stored, expired or not (for tests and metrics). */
  rowCount(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM thread_state').get() as { n: number }).n;
  }

  async ready(): Promise<boolean> {
    if (!this.db.open) return false;
    try {
      this.db.prepare('SELECT 1').get();
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
