import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryStore, RedisStore, SqliteStore, createStore, storeKind } from '../../src/state/index.js';
import { threadState } from './fixtures.js';

describe('createStore', () => {
  it('chooses Redis when a URL is set, else SQLite, else memory', () => {
    expect(storeKind({ redisUrl: 'redis://127.0.0.1:1', sqlitePath: '/tmp/x.db' })).toBe('redis');
    expect(storeKind({ sqlitePath: '/tmp/x.db' })).toBe('sqlite');
    expect(storeKind({})).toBe('memory');
    expect(storeKind({ redisUrl: '', sqlitePath: '' })).toBe('memory');
  });

  it('builds a working SqliteStore at sqlitePath', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'headroom-create-'));
    const store = createStore({ sqlitePath: join(dir, 'state.db') });
    try {
      expect(store).toBeInstanceOf(SqliteStore);
      await store.set('k', threadState());
      expect(await store.get('k')).toEqual(threadState());
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('builds a MemoryStore with the configured TTL when nothing is configured', async () => {
    const store = createStore({ ttlMs: 1 });
    expect(store).toBeInstanceOf(MemoryStore);
    await store.set('k', threadState());
    await new Promise((r) => setTimeout(r, 5));
    expect(await store.get('k')).toBeNull();
  });

  it('builds a RedisStore for a redis URL (closing it needs no server)', async () => {
    const store = createStore({ redisUrl: 'redis://127.0.0.1:1' });
    expect(store).toBeInstanceOf(RedisStore);
    expect(await store.ready()).toBe(false);
    await store.close();
  });
});
