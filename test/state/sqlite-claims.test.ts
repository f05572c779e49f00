import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Database from 'better-sqlite3';
import { useTempSqlite } from './temp-sqlite.js';
import { threadState } from './fixtures.js';

const MINUTE = 60_000;

/** Claims in the SQLite store are batched with the turn's writes (issue 25): they must still dedupe exactly. */
describe('SqliteStore claims', () => {
  const sqlite = useTempSqlite('headroom-claims-', 'state.db');
  const store = sqlite.store;

  it('gives true to the first claim of each key and false to every repeat, within one turn and across turns (property)', async () => {
    const s = store({ path: ':memory:' });
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 12 }), { maxLength: 4 }), async (turns) => {
        round += 1;
        const seen = new Set<number>();
        for (const turn of turns) {
          // One turn: every claim asked before any is answered, so they share one batch.
          const results = await Promise.all(turn.map((k) => s.claim(`r${round}:k${k}`, 10 * MINUTE)));
          const expected = turn.map((k) => (seen.has(k) ? false : (seen.add(k), true)));
          expect(results).toEqual(expected);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('keeps a claim across a restart, and lets it be taken again once it has expired', async () => {
    let now = 1_000_000;
    const first = store({ now: () => now });
    expect(await first.claim('slack:trigger:1', 10 * MINUTE)).toBe(true);
    await first.close();
    const second = store({ now: () => now });
    expect(await second.claim('slack:trigger:1', 10 * MINUTE)).toBe(false);
    now += 10 * MINUTE;
    expect(await second.claim('slack:trigger:1', 10 * MINUTE)).toBe(true);
    expect(await second.claim('slack:trigger:1', 10 * MINUTE)).toBe(false);
  });

  it('commits a claim in the same transaction as the writes of its turn, before either resolves', async () => {
    const s = store();
    await s.set('warm-up', threadState(512));
    const raw = new Database(sqlite.path(), { readonly: true });
    const count = (sql: string) => (raw.prepare(sql).get() as { n: number }).n;
    const claimed = s.claim('discord:interaction:7', 10 * MINUTE);
    const written = s.set('discord:7', threadState(1024));
    expect(count("SELECT COUNT(*) AS n FROM claims WHERE claim_key = 'discord:interaction:7'")).toBe(0);
    expect(await claimed).toBe(true);
    expect(count("SELECT COUNT(*) AS n FROM claims WHERE claim_key = 'discord:interaction:7'")).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM thread_state WHERE thread_key = 'discord:7'")).toBe(1);
    await written;
    raw.close();
  });

  it('decides claims still waiting when it is closed, and refuses new ones after', async () => {
    const s = store();
    const claimed = s.claim('slack:event:E1', 10 * MINUTE);
    await s.close();
    expect(await claimed).toBe(true);
    await expect(s.claim('slack:event:E2', 10 * MINUTE)).rejects.toThrow(/closed/);
    expect(await store().claim('slack:event:E1', 10 * MINUTE)).toBe(false);
  });
});
