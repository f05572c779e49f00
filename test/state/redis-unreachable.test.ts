import { afterEach, describe, expect, it } from 'vitest';
import { CLAIM_WINDOW_MS, storeClaims } from '../../src/state/claims.js';
import { CircuitOpenError } from '../../src/state/circuit-breaker.js';
import { RedisStore } from '../../src/state/redis-store.js';
import { ResilientStore } from '../../src/state/resilient-store.js';
import { MemoryStore } from '../../src/state/store.js';
import { freeLoopbackPort } from './redis-helpers.js';

/**
 * Issue 26: with Redis unreachable from the first second, acks took 2–4 s (each claim in front
 * of the ack waited 2 s for a connection that would never come). Redis here is a closed
 * loopback port: nothing listens, so every connect is refused.
 */

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function unreachable(): Promise<RedisStore> {
  const store = new RedisStore({ url: `redis://127.0.0.1:${await freeLoopbackPort()}` });
  closers.push(() => store.close());
  return store;
}

describe('Redis unreachable from start', () => {
  it('the first store call fails, and the store then knows its connection is down', async () => {
    const store = await unreachable();
    await expect(store.get('slack:T:C:1.0')).rejects.toThrow();
    expect(store.connectionDown()).toBe(true);
    await expect(store.claim('k', 1000)).rejects.toThrow();
  });

  it('the breaker opens on the first failure, and stays open without trying Redis while the connection is down', async () => {
    let now = 1_000_000;
    const store = new ResilientStore(await unreachable(), { now: () => now, openMs: 1000 });
    await expect(store.get('t0')).rejects.toThrow();
    expect(store.health()).toMatchObject({ state: 'down', failures: 1 });
    for (let i = 0; i < 10; i++) await expect(store.get(`t${i}`)).rejects.toBeInstanceOf(CircuitOpenError);
    await expect(store.claim('k', 1000)).rejects.toBeInstanceOf(CircuitOpenError);
    // Long past the open time: no trial call is spent on a connection known to be down.
    now += 60_000;
    await expect(store.get('later')).rejects.toBeInstanceOf(CircuitOpenError);
    expect(store.health()).toMatchObject({ state: 'down', failures: 1, shortCircuited: 12 });
  });

  it('claims fall back to this process: the first delivery is answered, a repeat is not', async () => {
    const logs: Record<string, unknown>[] = [];
    const claim = storeClaims(new ResilientStore(await unreachable()), (e) => logs.push(e as Record<string, unknown>));
    expect(await claim('slack:trigger:1')).toBe(true);
    expect(await claim('slack:trigger:1')).toBe(false);
    expect(await claim('slack:trigger:2')).toBe(true);
  });
});

describe('claims in front of the ack', () => {
  it('a store that does not answer cannot hold a claim past its deadline; this process decides', async () => {
    const hanging = new MemoryStore();
    let asked = 0;
    hanging.claim = () => {
      asked += 1;
      return new Promise<boolean>(() => undefined);
    };
    const logs: Record<string, unknown>[] = [];
    const claim = storeClaims(hanging, (e) => logs.push(e as Record<string, unknown>), undefined, 20);
    expect(await claim('slack:event:Ev1')).toBe(true);
    expect(await claim('slack:event:Ev1')).toBe(false);
    expect(asked).toBe(1);
    expect(logs).toEqual([{ event: 'store.claim_failed', error: 'no answer within 20 ms' }]);
  });

  it('a store that answers in time still decides across processes', async () => {
    const shared = new MemoryStore();
    const [one, two] = [storeClaims(shared, () => undefined), storeClaims(shared, () => undefined)];
    expect(await one('slack:request:sig')).toBe(true);
    expect(await two('slack:request:sig')).toBe(false);
    expect(CLAIM_WINDOW_MS).toBeGreaterThan(5 * 60 * 1000);
  });
});
