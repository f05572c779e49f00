import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { useTempSqlite } from './temp-sqlite.js';
import { openingState, threadState } from './fixtures.js';
import { scenarioThread } from '../../src/core/opening.js';

const DAY = 24 * 3600 * 1000;

describe('SqliteStore', () => {
  const sqlite = useTempSqlite('headroom-sqlite-', 'nested', 'state.db');
  const store = sqlite.store;

  it('returns null for a thread it has never seen', async () => {
    expect(await store().get('slack:T1:C1:1.0')).toBeNull();
  });

  it('survives a process restart: written by one instance, read by a fresh one', async () => {
    const first = store();
    await first.set('slack:T1:C1:1.0', threadState(8192));
    await first.close();

    const second = store();
    expect(await second.get('slack:T1:C1:1.0')).toEqual(threadState(8192));
  });

  it('keeps a waiting opening across a restart, and the answer\'s scenario then replaces it', async () => {
    const first = store();
    await first.set('slack:T1:C1:2.0', { ...openingState(), answerTs: '2.0' });
    await first.close();
    const second = store();
    expect(await second.get('slack:T1:C1:2.0')).toEqual({ ...openingState(), answerTs: '2.0' });
    await second.set('slack:T1:C1:2.0', { ...threadState(4096), answerTs: '3.0' });
    expect(scenarioThread(await second.get('slack:T1:C1:2.0'))?.scenario.seq).toBe(4096);
  });

  it('overwrites a thread with its latest state and keeps threads apart', async () => {
    const s = store();
    await s.set('discord:1', threadState(1024));
    await s.set('discord:2', threadState(2048));
    await s.set('discord:1', threadState(4096));
    expect(scenarioThread(await s.get('discord:1'))?.scenario.seq).toBe(4096);
    expect(scenarioThread(await s.get('discord:2'))?.scenario.seq).toBe(2048);
  });

  it('commits the writes of one event-loop turn together, before any of them resolves, and reads them meanwhile', async () => {
    const s = store();
    await s.set('warm-up', threadState(512)); // creates the file's pages
    const writes = [1024, 2048, 4096].map((seq) => s.set(`discord:${seq}`, threadState(seq)));
    const raw = new Database(sqlite.path(), { readonly: true });
    const onDisk = () => (raw.prepare("SELECT COUNT(*) AS n FROM thread_state WHERE thread_key LIKE 'discord:%'").get() as { n: number }).n;
    expect(onDisk()).toBe(0);
    expect(scenarioThread(await s.get('discord:2048'))?.scenario.seq).toBe(2048);
    await writes[0];
    expect(onDisk()).toBe(3);
    await Promise.all(writes);
    raw.close();
  });

  it('commits writes still waiting when it is closed', async () => {
    const first = store();
    const write = first.set('slack:T1:C1:2.0', threadState(2048));
    await first.close();
    await write;
    expect(await store().get('slack:T1:C1:2.0')).toEqual(threadState(2048));
  });

  it('refuses writes once closed', async () => {
    const s = store();
    await s.close();
    await expect(s.set('discord:9', threadState())).rejects.toThrow(/closed/);
  });

  it('runs in WAL mode', async () => {
    store();
    const raw = new Database(sqlite.path(), { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });

  it('does not return a thread once its TTL has passed, and deletes that row', async () => {
    let now = 1_000_000;
    const s = store({ ttlMs: 30 * DAY, now: () => now });
    await s.set('discord:1', threadState());
    now += 30 * DAY - 1;
    expect(await s.get('discord:1')).not.toBeNull();
    now += 1;
    expect(await s.get('discord:1')).toBeNull();
    expect(s.rowCount()).toBe(0);
  });

  it('a write refreshes the TTL', async () => {
    let now = 0;
    const s = store({ ttlMs: 10 * DAY, now: () => now });
    await s.set('discord:1', threadState());
    now += 9 * DAY;
    await s.set('discord:1', threadState());
    now += 9 * DAY;
    expect(await s.get('discord:1')).not.toBeNull();
  });

  it('purges expired rows in bulk every N writes, keeping live ones', async () => {
    let now = 0;
    const s = store({ ttlMs: 1000, now: () => now, purgeEveryWrites: 3 });
    await s.set('old:1', threadState());
    await s.set('old:2', threadState());
    now += 5000;
    expect(s.rowCount()).toBe(2); // expired but not yet purged
    await s.set('new:1', threadState()); // third write triggers the purge
    expect(s.rowCount()).toBe(1);
    expect(await s.get('new:1')).not.toBeNull();
  });

  it('purges rows that expired while the process was down when it reopens', async () => {
    let now = 0;
    const first = store({ ttlMs: 1000, now: () => now });
    await first.set('old:1', threadState());
    await first.close();
    now += 2000;
    const second = store({ ttlMs: 1000, now: () => now });
    expect(second.rowCount()).toBe(0);
  });

  it('is ready while open and not after close', async () => {
    const s = store();
    expect(await s.ready()).toBe(true);
    await s.close();
    expect(await s.ready()).toBe(false);
  });

  it('treats a row that no longer matches the schema as no state', async () => {
    const s = store();
    const raw = new Database(sqlite.path());
    raw.prepare('INSERT INTO thread_state (thread_key, state, expires_at) VALUES (?, ?, ?)').run('x', '{"scenario":1}', Date.now() + DAY);
    raw.close();
    expect(await s.get('x')).toBeNull();
  });
});
