import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisJournal } from '../../src/state/redis-journal.js';
import type { AcknowledgedRequest } from '../../src/state/request-journal.js';
import { REDIS_TEST_URL, redisAnswers } from './redis-helpers.js';

/**
 * The request journal in Redis (src/state/redis-journal.ts) against a real redis-server
 * (scripts/redis-test-server.sh start). Skipped, with a line saying so, when none answers.
 */
const up = await redisAnswers(REDIS_TEST_URL);
if (!up) console.warn(`redis-journal tests skipped: no Redis at ${REDIS_TEST_URL} (scripts/redis-test-server.sh start)`);

const entry = (n: number, patch: Partial<AcknowledgedRequest> = {}): AcknowledgedRequest => ({
  id: `slack:T1:C1:1700000000.${String(n).padStart(6, '0')}`,
  platform: 'slack',
  channel: 'C1',
  threadTs: '1700000000.000001',
  request: `1700000000.${String(n).padStart(6, '0')}`,
  user: 'U1',
  ackedAt: 1_000 + n,
  phase: 'acked',
  ...patch,
});

describe.skipIf(!up)('RedisJournal', () => {
  let client: Redis;
  const clients: Redis[] = [];
  const journals: RedisJournal[] = [];
  beforeAll(() => {
    client = new Redis(REDIS_TEST_URL);
  });
  afterAll(async () => {
    for (const j of journals) await j.close();
    for (const c of [client, ...clients]) c.disconnect();
  });

  /** A process's journal under a fresh prefix; `aliveTtlMs` small so left-over reads wait little. */
  const journalOf = (keyPrefix: string, aliveTtlMs = 60) => {
    const c = new Redis(REDIS_TEST_URL);
    clients.push(c);
    const j = new RedisJournal(c, { keyPrefix, aliveTtlMs });
    journals.push(j);
    return j;
  };
  const prefix = () => `headroom-test-${randomUUID()}:`;

  it('a killed process\'s entries are read by the next one, newest first, with the response_url kept', async () => {
    const keyPrefix = prefix();
    const killed = journalOf(keyPrefix);
    await killed.add(entry(1));
    await killed.add(entry(2, { replyVia: { kind: 'slack_response_url', url: 'http://127.0.0.1:9/commands/1' } }));
    await killed.add(entry(3));
    await killed.posting(entry(3).id, '1700000000.000002');
    await killed.remove(entry(1).id);
    // kill -9: the heartbeat stops, nothing is cleaned up.
    await killed.close();

    const next = journalOf(keyPrefix);
    const found = await next.leftOver('slack', Number.MAX_SAFE_INTEGER, 10);
    expect(found.map((e) => [e.request, e.phase, e.afterAnswer ?? null])).toEqual([
      [entry(3).request, 'posting', '1700000000.000002'],
      [entry(2).request, 'acked', null],
    ]);
    expect(found[1]!.replyVia).toEqual({ kind: 'slack_response_url', url: 'http://127.0.0.1:9/commands/1' });
  });

  it('a live replica\'s in-flight requests are never left over, nor forgotten', async () => {
    const keyPrefix = prefix();
    const live = journalOf(keyPrefix, 2_000);
    await live.add(entry(1));
    const starting = journalOf(keyPrefix, 60);
    expect(await starting.leftOver('slack', Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
    expect(await starting.forgetBefore('slack', Number.MAX_SAFE_INTEGER)).toBe(0);
    await live.close();
    expect((await starting.leftOver('slack', Number.MAX_SAFE_INTEGER, 10)).map((e) => e.id)).toEqual([entry(1).id]);
  });

  it('posting after remove leaves nothing behind', async () => {
    const keyPrefix = prefix();
    const j = journalOf(keyPrefix);
    await j.add(entry(1));
    await j.remove(entry(1).id);
    await j.posting(entry(1).id, '1');
    expect(await client.hlen(`${keyPrefix}journal:slack`)).toBe(0);
  });

  it('the journal keys expire: nothing outlives the left-over age', async () => {
    const keyPrefix = prefix();
    const j = journalOf(keyPrefix);
    await j.add(entry(1));
    const ttl = await client.pttl(`${keyPrefix}journal:slack`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(6 * 3600 * 1000);
  });

  it('left-over reads at most `limit` entries, the newest, and only those before `before`; forgetBefore takes the rest', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 0, maxLength: 30 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 600 }), async (ns, limit, cut) => {
        const keyPrefix = prefix();
        const gone = journalOf(keyPrefix, 30);
        for (const n of ns) await gone.add(entry(n, { platform: n % 3 === 0 ? 'discord' : 'slack', id: `${n % 3 === 0 ? 'discord' : 'slack'}:${n}` }));
        await gone.close();
        const next = journalOf(keyPrefix, 30);
        const before = 1_000 + cut;
        const slack = ns.filter((n) => n % 3 !== 0 && 1_000 + n < before).sort((a, b) => b - a);
        const found = await next.leftOver('slack', before, limit);
        expect(found.map((e) => e.id)).toEqual(slack.slice(0, limit).map((n) => `slack:${n}`));
        expect(await next.forgetBefore('slack', before)).toBe(slack.length);
        expect(await next.leftOver('slack', Number.MAX_SAFE_INTEGER, 100)).toHaveLength(ns.filter((n) => n % 3 !== 0).length - slack.length);
        await next.close();
      }),
      { numRuns: 15 },
    );
  });
});
