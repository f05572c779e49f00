import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { RedisStore } from '../../src/state/redis-store.js';
import { openingState, threadState } from './fixtures.js';
import { scenarioThread } from '../../src/core/opening.js';
import {
  REDIS_TEST_URL,
  freeLoopbackPort,
  redisAnswers,
  redisServerInstalled,
  startPrivateRedis,
  stopPrivateRedis,
} from './redis-helpers.js';

const serverUp = await redisAnswers(REDIS_TEST_URL);
const installed = redisServerInstalled();
if (!serverUp) {
  console.warn(`[redis-store.test] SKIPPED shared-server tests: nothing answers at ${REDIS_TEST_URL}; run scripts/redis-test-server.sh start`);
}
if (!installed) console.warn('[redis-store.test] SKIPPED restart test: redis-server is not installed');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!serverUp)(`RedisStore against ${REDIS_TEST_URL}`, () => {
  // A unique prefix per run keeps parallel runs and leftovers apart.
  const keyPrefix = `headroom-test:${randomUUID()}:`;
  const stores: RedisStore[] = [];
  const store = (ttlMs?: number) => {
    const s = new RedisStore({ url: REDIS_TEST_URL, keyPrefix, ttlMs });
    stores.push(s);
    return s;
  };
  afterAll(async () => {
    for (const s of stores) await s.close();
  });

  it('two bot processes (two store instances) see the same thread', async () => {
    const processA = store();
    const processB = store();
    await processA.set('slack:T1:C1:1.0', threadState(8192));
    expect(await processB.get('slack:T1:C1:1.0')).toEqual(threadState(8192));
    await processB.set('slack:T1:C1:1.0', threadState(16384));
    expect(scenarioThread(await processA.get('slack:T1:C1:1.0'))?.scenario.seq).toBe(16384);
  });

  it('two processes see a thread\'s waiting opening, and the answer\'s scenario then replaces it', async () => {
    const processA = store();
    const processB = store();
    await processA.set('slack:T1:C1:2.0', { ...openingState(), answerTs: '2.0' });
    expect(await processB.get('slack:T1:C1:2.0')).toEqual({ ...openingState(), answerTs: '2.0' });
    await processB.set('slack:T1:C1:2.0', { ...threadState(4096), answerTs: '3.0' });
    expect(scenarioThread(await processA.get('slack:T1:C1:2.0'))?.scenario.seq).toBe(4096);
  });

  it('writes under the key prefix with a PX expiry', async () => {
    const s = store(60_000);
    await s.set('discord:42', threadState());
    const raw = new Redis(REDIS_TEST_URL);
    try {
      const pttl = await raw.pttl(`${keyPrefix}discord:42`);
      expect(pttl).toBeGreaterThan(50_000);
      expect(pttl).toBeLessThanOrEqual(60_000);
    } finally {
      raw.disconnect();
    }
  });

  it('uses headroom: as the default key prefix', async () => {
    const s = new RedisStore({ url: REDIS_TEST_URL, ttlMs: 5000 });
    stores.push(s);
    const key = `test-${randomUUID()}`;
    await s.set(key, threadState());
    const raw = new Redis(REDIS_TEST_URL);
    try {
      expect(await raw.exists(`headroom:${key}`)).toBe(1);
      await raw.del(`headroom:${key}`);
    } finally {
      raw.disconnect();
    }
  });

  it('a thread is gone once its TTL has passed', async () => {
    const s = store(150);
    await s.set('discord:ttl', threadState());
    expect(await s.get('discord:ttl')).not.toBeNull();
    await sleep(400);
    expect(await s.get('discord:ttl')).toBeNull();
  });

  it('returns null for an unknown thread and is ready', async () => {
    const s = store();
    expect(await s.get('never-seen')).toBeNull();
    expect(await s.ready()).toBe(true);
  });
});

describe.skipIf(!installed)('RedisStore across a server restart (private redis-server)', () => {
  it('reconnects by itself after the server restarts; readiness follows the server', async () => {
    const port = await freeLoopbackPort();
    const url = `redis://127.0.0.1:${port}`;
    let server = await startPrivateRedis(port);
    const s = new RedisStore({ url, ttlMs: 60_000, commandTimeoutMs: 500 });
    try {
      await s.set('slack:T1:C1:9.0', threadState(2048));
      expect(await s.ready()).toBe(true);

      await stopPrivateRedis(server);
      await sleep(200);
      expect(await s.ready()).toBe(false);
      await expect(s.get('slack:T1:C1:9.0')).rejects.toThrow();

      server = await startPrivateRedis(port);
      // Backoff is capped at 2 s; allow a few attempts.
      let readyAgain = false;
      for (let i = 0; i < 40 && !readyAgain; i++) {
        readyAgain = await s.ready();
        if (!readyAgain) await sleep(100);
      }
      expect(readyAgain).toBe(true);
      // No persistence: the restarted server is empty, and the store writes and reads again.
      expect(await s.get('slack:T1:C1:9.0')).toBeNull();
      await s.set('slack:T1:C1:9.0', threadState(4096));
      expect(scenarioThread(await s.get('slack:T1:C1:9.0'))?.scenario.seq).toBe(4096);
    } finally {
      await s.close();
      await stopPrivateRedis(server);
    }
  }, 15_000);
});
