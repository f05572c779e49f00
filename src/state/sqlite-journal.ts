import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { AcknowledgedRequest, RequestJournal } from './request-journal.js';

const entrySchema = z.object({
  id: z.string(),
  platform: z.enum(['slack', 'discord']),
  channel: z.string(),
  threadTs: z.string().optional(),
  request: z.string(),
  user: z.string(),
  ackedAt: z.number(),
  phase: z.enum(['acked', 'posting']),
  afterAnswer: z.string().optional(),
  replyVia: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('slack_response_url'), url: z.string() }),
      z.object({ kind: z.literal('discord_interaction'), applicationId: z.string(), token: z.string() }),
    ])
    .optional(),
});

/** Parses a stored entry; null for one this version cannot read (skipped, never thrown). */
export function parseJournalEntry(raw: unknown): AcknowledgedRequest | null {
  const parsed = entrySchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Runs a write inside the store's next batch transaction; resolves once it is committed (SqliteStore.inBatch). */
export type BatchWrite = (write: () => void) => Promise<void>;

/**
 * The request journal as a table in the store's SQLite file. An entry is committed when added;
 * its updates ride in the store's batch (one transaction per event-loop turn with the thread
 * states); reads go straight to the table.
 */
export class SqliteJournal implements RequestJournal {
  private readonly insert: Database.Statement<[{ id: string; entry: string; platform: string; ackedAt: number }]>;
  private readonly markPosting: Database.Statement<[string | null, string]>;
  private readonly deleteOne: Database.Statement<[string]>;
  private readonly selectLeftOver: Database.Statement<[string, number, number], { entry: string; phase: string; after_answer: string | null }>;
  private readonly deleteBefore: Database.Statement<[string, number]>;

  constructor(db: Database.Database, private readonly inBatch: BatchWrite) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS acknowledged_requests (
        request_id TEXT PRIMARY KEY,
        platform   TEXT    NOT NULL,
        entry      TEXT    NOT NULL,
        phase      TEXT    NOT NULL DEFAULT 'acked',
        after_answer TEXT,
        acked_at   INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS acknowledged_requests_acked ON acknowledged_requests (platform, acked_at);
    `);
    this.insert = db.prepare(
      `INSERT INTO acknowledged_requests (request_id, platform, entry, phase, acked_at) VALUES (@id, @platform, @entry, 'acked', @ackedAt)
       ON CONFLICT (request_id) DO NOTHING`,
    );
    this.markPosting = db.prepare(`UPDATE acknowledged_requests SET phase = 'posting', after_answer = ? WHERE request_id = ?`);
    this.deleteOne = db.prepare('DELETE FROM acknowledged_requests WHERE request_id = ?');
    this.selectLeftOver = db.prepare('SELECT entry, phase, after_answer FROM acknowledged_requests WHERE platform = ? AND acked_at < ? ORDER BY acked_at DESC LIMIT ?');
    this.deleteBefore = db.prepare('DELETE FROM acknowledged_requests WHERE platform = ? AND acked_at < ?');
  }

  /**
   * Committed at once, not with the next batch: the request is already acknowledged, and a batch
   * waits for the rest of the event-loop turn (other answers' work), long enough for a kill to
   * land in between. The later writes for it (posting, remove) can wait for their batch.
   */
  async add(entry: AcknowledgedRequest): Promise<void> {
    const { phase: _acked, afterAnswer: _unknownYet, ...fields } = entry;
    this.insert.run({ id: entry.id, platform: entry.platform, entry: JSON.stringify(fields), ackedAt: entry.ackedAt });
  }

  posting(id: string, afterAnswer?: string): Promise<void> {
    return this.inBatch(() => this.markPosting.run(afterAnswer ?? null, id));
  }

  remove(id: string): Promise<void> {
    return this.inBatch(() => this.deleteOne.run(id));
  }

  async leftOver(platform: AcknowledgedRequest['platform'], before: number, limit: number): Promise<AcknowledgedRequest[]> {
    const entries: AcknowledgedRequest[] = [];
    for (const row of this.selectLeftOver.all(platform, before, limit)) {
      let raw: unknown;
      try {
        raw = { ...(JSON.parse(row.entry) as object), phase: row.phase, ...(row.after_answer !== null ? { afterAnswer: row.after_answer } : {}) };
      } catch {
        continue;
      }
      const parsed = parseJournalEntry(raw);
      if (parsed) entries.push(parsed);
    }
    return entries;
  }

  async forgetBefore(platform: AcknowledgedRequest['platform'], before: number): Promise<number> {
    let removed = 0;
    await this.inBatch(() => void (removed = this.deleteBefore.run(platform, before).changes));
    return removed;
  }
}
