import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { ConversationStore } from './store.js';
import { answerOrder, DEFAULT_TTL_MS, decodeThreadState, encodeThreadState, type SavedThread } from './codec.js';
import { SqliteJournal } from './sqlite-journal.js';

export interface SqliteStoreOptions {
  /** Database file; parent folders are created. `:memory:` works for tests. */
  path: string;
  ttlMs?: number;
  /** Injectable clock (ms since epoch) so expiry is testable without waiting. */
  now?: () => number;
  /** Expired rows are deleted on read, and in bulk once every this many writes. */
  purgeEveryWrites?: number;
}

interface PendingRow {
  state: string;
  expiresAt: number;
  /** answerOrder of the state (codec.ts); null when it has none. */
  order: string | null;
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A claim asked in this turn of the event loop, answered when the batch commits. */
interface PendingClaim {
  key: string;
  ttlMs: number;
  resolve: (first: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * The embedded default store (DESIGN §5): one SQLite file, survives restarts.
 *
 * WAL mode lets readers proceed while a write is in progress and makes a crash lose at most
 * the last transaction; busy_timeout lets a second process on the same file wait for the lock
 * instead of failing at once (several processes should share Redis, not a file, though).
 *
 * Writes made in one turn of the event loop commit together, in one transaction, before any
 * of their `set()` promises resolve: a write is committed by the time its caller goes on, and
 * under load one commit carries many answers (a commit per answer was 6% of a busy bot's CPU
 * in the bench:load profile). Reads see writes still waiting for their commit. Claims ride the
 * same transaction (one commit per claim was the next 5%): each is decided in the order asked,
 * so two claims of one key in one turn still give true once and false once.
 *
 * A committed write survives `kill -9`: WAL hands the commit to the OS before the promise
 * resolves, and only a power cut can lose it (synchronous=NORMAL). What a kill can lose is a
 * write not yet committed, so a caller that must have a write durable before it acts (the state
 * of an answer before posting it: src/state/pending-answer.ts) awaits it first.
 */
export class SqliteStore implements ConversationStore {
  private readonly db: Database.Database;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly purgeEveryWrites: number;
  private writesSincePurge = 0;
  private pending = new Map<string, PendingRow>();
  /** Other writes (the request journal) committed in the same transaction, in order, after the rows. */
  private writes: Array<() => void> = [];
  private journalTable: SqliteJournal | null = null;
  private waiters: Waiter[] = [];
  private claims: PendingClaim[] = [];
  private flushScheduled = false;
  private readonly writeBatch: (claims: PendingClaim[], rows: Map<string, PendingRow>, writes: Array<() => void>) => boolean[];
  private readonly selectRow: Database.Statement<[string], { state: string; expires_at: number }>;
  private readonly upsertRow: Database.Statement<[{ key: string; state: string; expiresAt: number; order: string | null; now: number }]>;
  private readonly claimRow: Database.Statement<[{ key: string; expiresAt: number; now: number }]>;
  private readonly deleteRow: Database.Statement<[string]>;
  private readonly deleteExpired: Database.Statement<[number]>;
  private readonly deleteExpiredClaims: Database.Statement<[number]>;

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
      CREATE TABLE IF NOT EXISTS claims (
        claim_key  TEXT PRIMARY KEY,
        expires_at INTEGER NOT NULL
      );
    `);
    // Files from before answer ordering get the column; their rows have no order and never refuse a write.
    const columns = this.db.prepare('PRAGMA table_info(thread_state)').all() as Array<{ name: string }>;
    if (!columns.some((c) => c.name === 'answer_order')) this.db.exec('ALTER TABLE thread_state ADD COLUMN answer_order TEXT');
    this.selectRow = this.db.prepare('SELECT state, expires_at FROM thread_state WHERE thread_key = ?');
    this.upsertRow = this.db.prepare(
      `INSERT INTO thread_state (thread_key, state, expires_at, answer_order) VALUES (@key, @state, @expiresAt, @order)
       ON CONFLICT (thread_key) DO UPDATE SET state = excluded.state, expires_at = excluded.expires_at, answer_order = excluded.answer_order
       WHERE thread_state.answer_order IS NULL OR excluded.answer_order IS NULL
          OR excluded.answer_order >= thread_state.answer_order OR thread_state.expires_at <= @now`,
    );
    // A claim is taken when no row exists or the existing one has expired.
    this.claimRow = this.db.prepare(
      `INSERT INTO claims (claim_key, expires_at) VALUES (@key, @expiresAt)
       ON CONFLICT (claim_key) DO UPDATE SET expires_at = excluded.expires_at WHERE claims.expires_at <= @now`,
    );
    this.deleteRow = this.db.prepare('DELETE FROM thread_state WHERE thread_key = ?');
    this.deleteExpired = this.db.prepare('DELETE FROM thread_state WHERE expires_at <= ?');
    this.deleteExpiredClaims = this.db.prepare('DELETE FROM claims WHERE expires_at <= ?');
    this.writeBatch = this.db.transaction((claims: PendingClaim[], rows: Map<string, PendingRow>, writes: Array<() => void>) => {
      const now = this.now();
      const taken = claims.map(({ key, ttlMs }) => this.claimRow.run({ key, expiresAt: now + ttlMs, now }).changes === 1);
      for (const [key, row] of rows) this.upsertRow.run({ key, state: row.state, expiresAt: row.expiresAt, order: row.order, now });
      for (const write of writes) write();
      return taken;
    });
    this.purgeExpired();
  }

  async get(threadKey: string): Promise<SavedThread | null> {
    const waiting = this.pending.get(threadKey);
    if (waiting) return waiting.expiresAt > this.now() ? decodeThreadState(waiting.state) : null;
    const row = this.selectRow.get(threadKey);
    if (!row) return null;
    if (row.expires_at <= this.now()) {
      this.deleteRow.run(threadKey);
      return null;
    }
    return decodeThreadState(row.state);
  }

  set(threadKey: string, state: SavedThread): Promise<void> {
    if (!this.db.open) return Promise.reject(new Error('the SQLite store is closed'));
    const order = answerOrder(state.answerTs);
    const waiting = this.pending.get(threadKey);
    // Two writes for one thread in the same tick: the later answer wins, as in the table.
    if (!(waiting?.order && order && waiting.order > order)) {
      this.pending.set(threadKey, { state: encodeThreadState(state), expiresAt: this.now() + this.ttlMs, order });
    }
    return this.committed();
  }

  /** Runs `write` (prepared statements on this file) inside the next batch's transaction; resolves once committed. */
  inBatch(write: () => void): Promise<void> {
    if (!this.db.open) return Promise.reject(new Error('the SQLite store is closed'));
    this.writes.push(write);
    return this.committed();
  }

  /** The request journal in this file (src/state/request-journal.ts); its writes share the batch. */
  journal(): SqliteJournal {
    return (this.journalTable ??= new SqliteJournal(this.db, (write) => this.inBatch(write)));
  }

  /** Resolves when the batch now being gathered is committed. */
  private committed(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.scheduleFlush();
    });
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  /** Commits every waiting claim and write in one transaction and settles their promises. */
  private flush(): void {
    this.flushScheduled = false;
    const claims = this.claims;
    const rows = this.pending;
    const writes = this.writes;
    const waiters = this.waiters;
    if (waiters.length === 0 && claims.length === 0) return;
    this.claims = [];
    this.pending = new Map();
    this.writes = [];
    this.waiters = [];
    let taken: boolean[];
    try {
      taken = this.writeBatch(claims, rows, writes);
      this.writesSincePurge += rows.size;
      if (this.writesSincePurge >= this.purgeEveryWrites) this.purgeExpired();
    } catch (error) {
      for (const claim of claims) claim.reject(error);
      for (const waiter of waiters) waiter.reject(error);
      return;
    }
    claims.forEach((claim, i) => claim.resolve(taken[i]!));
    for (const waiter of waiters) waiter.resolve();
  }

  /** True when `key` had no live claim; decided, and committed, with the rest of this turn's batch. */
  claim(key: string, ttlMs: number): Promise<boolean> {
    if (!this.db.open) return Promise.reject(new Error('the SQLite store is closed'));
    return new Promise<boolean>((resolve, reject) => {
      this.claims.push({ key, ttlMs, resolve, reject });
      this.scheduleFlush();
    });
  }

  async delete(threadKey: string): Promise<void> {
    this.pending.delete(threadKey);
    this.deleteRow.run(threadKey);
  }

  /** Deletes every expired row; returns how many. Runs at open and every `purgeEveryWrites` writes. */
  purgeExpired(): number {
    this.writesSincePurge = 0;
    const now = this.now();
    this.deleteExpiredClaims.run(now);
    return this.deleteExpired.run(now).changes;
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

  /** Commits writes still waiting (a SIGTERM right after an answer keeps it), then closes. */
  async close(): Promise<void> {
    if (!this.db.open) return;
    this.flush();
    this.db.close();
  }
}
