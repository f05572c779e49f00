import { afterAll, describe, expect, it } from 'vitest';
import type { ConversationStore } from '../../src/state/store.js';
import { MemoryStore, RedisStore, SqliteStore } from '../../src/state/index.js';
import { threadState } from './fixtures.js';
import { REDIS_TEST_URL, redisAnswers } from './redis-helpers.js';

/** `reset` forgets a thread: every store deletes it, including a write still waiting for its commit. */
const redisUp = await redisAnswers(REDIS_TEST_URL);
const stores: ConversationStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

const cases: [string, () => ConversationStore][] = [
  ['memory', () => new MemoryStore()],
  ['sqlite', () => new SqliteStore({ path: ':memory:' })],
];

describe.each(cases)('%s store forgets a reset thread', (_name, make) => {
  it('get() is null after delete(), and other threads are untouched', async () => {
    const store = make();
    stores.push(store);
    await store.set('slack:T:C:1', threadState());
    await store.set('slack:T:C:2', threadState());
    await store.delete!('slack:T:C:1');
    expect(await store.get('slack:T:C:1')).toBeNull();
    expect(await store.get('slack:T:C:2')).not.toBeNull();
  });

  it('a write not yet committed is forgotten too', async () => {
    const store = make();
    stores.push(store);
    void store.set('discord:9', threadState());
    await store.delete!('discord:9');
    await new Promise((r) => setTimeout(r, 20));
    expect(await store.get('discord:9')).toBeNull();
  });
});

describe.runIf(redisUp)('redis store forgets a reset thread', () => {
  it('get() is null after delete()', async () => {
    const store = new RedisStore({ url: REDIS_TEST_URL, keyPrefix: `forget-test-${process.pid}:` });
    stores.push(store);
    await store.set('slack:T:C:1', threadState());
    await store.delete('slack:T:C:1');
    expect(await store.get('slack:T:C:1')).toBeNull();
  });
});
