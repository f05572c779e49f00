import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { webApi } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerLeftOver, LOST_TEXT, MAYBE_LOST_TEXT } from '../../src/adapters/slack/left-over.js';
import { budgetedLookups } from '../../src/adapters/slack/lookups.js';
import type { AcknowledgedRequest } from '../../src/state/request-journal.js';
import { SqliteStore } from '../../src/state/sqlite-store.js';

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

/** A Web API client that records posts and answers conversations.replies with the given thread. */
function fakeClient(thread: Array<{ ts: string; canonical?: string }>, options: { failReplies?: boolean } = {}) {
  const posts: Array<{ channel: string; thread_ts?: string; text: string }> = [];
  const client = {
    auth: { test: async () => ({ ok: true, bot_id: 'B1' }) },
    chat: { postMessage: async (args: { channel: string; thread_ts?: string; text: string }) => (posts.push(args), { ok: true, ts: '1' }) },
    conversations: {
      replies: async () => {
        if (options.failReplies) throw new Error('ratelimited');
        return { ok: true, messages: thread.map((m) => ({ ts: m.ts, bot_id: 'B1', ...(m.canonical ? { metadata: { event_type: 'headroom_answer', event_payload: { canonical: m.canonical } } } : {}) })) };
      },
    },
  };
  // Reads go through the lookups' own budget (src/adapters/slack/lookups.ts), as in the bot.
  const lookups = budgetedLookups(async () => client.conversations.replies(), () => undefined);
  return { client: client as unknown as webApi.WebClient, lookups, posts };
}

describe('the request journal in the SQLite file', () => {
  let dir: string;
  let path: string;
  const opened: SqliteStore[] = [];
  const open = () => {
    const store = new SqliteStore({ path });
    opened.push(store);
    return store;
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'headroom-journal-'));
    path = join(dir, 'state.sqlite');
  });
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an entry is on disk as soon as it is added: a process killed right after leaves it for the next', async () => {
    const first = open().journal();
    await first.add(entry(5));
    // No close, no flush: the next process opens the file as kill -9 left it.
    const left = await open().journal().leftOver('slack', 10_000, 10);
    expect(left.map((e) => e.request)).toEqual(['1700000000.000005']);
    expect(left[0]).toMatchObject({ phase: 'acked', channel: 'C1', user: 'U1' });
  });

  it('keeps the posting mark and the answer it follows; forgets removed entries; reads newest first, capped, one platform', async () => {
    const store = open();
    const journal = store.journal();
    for (const n of [1, 2, 3, 4]) await journal.add(entry(n));
    await journal.add(entry(9, { platform: 'discord', id: 'discord:9' }));
    await journal.posting(entry(2).id, '1700000000.000001');
    await journal.remove(entry(3).id);
    const left = await journal.leftOver('slack', 10_000, 2);
    expect(left.map((e) => e.request)).toEqual(['1700000000.000004', '1700000000.000002']);
    expect(left[1]).toMatchObject({ phase: 'posting', afterAnswer: '1700000000.000001' });
    expect(await journal.leftOver('slack', 1_002, 10)).toHaveLength(1);
    expect(await journal.forgetBefore('slack', 10_000)).toBe(3);
    expect((await journal.leftOver('discord', 10_000, 10)).map((e) => e.id)).toEqual(['discord:9']);
  });

  it('at start: a request never posted is told it was lost; one whose answer is in the thread is not; then the journal is empty', async () => {
    const journal = open().journal();
    await journal.add(entry(10));
    await journal.add(entry(20));
    await journal.posting(entry(20).id, '1700000000.000015');
    // The thread: an earlier answer, the answer the request was read after (15), then its own (21).
    const { client, lookups, posts } = fakeClient([{ ts: '1700000000.000001' }, { ts: '1700000000.000015', canonical: '7b' }, { ts: '1700000000.000021', canonical: '7b seq 4096' }]);
    const logs: object[] = [];
    await answerLeftOver(journal, client, lookups, (e) => logs.push(e), { startedAt: 10_000, now: () => 10_000 });
    expect(posts).toEqual([{ channel: 'C1', thread_ts: '1700000000.000001', text: LOST_TEXT }]);
    expect(await journal.leftOver('slack', 10_000, 10)).toEqual([]);
    expect(logs).toContainEqual(expect.objectContaining({ event: 'slack.left_over', told: 1, answered: 1 }));
  });

  it('a request caught while posting, whose thread shows no answer after the one it was read on, is told it was lost', async () => {
    const journal = open().journal();
    await journal.add(entry(20));
    await journal.posting(entry(20).id, '1700000000.000015');
    // Answer 15 came after the request itself (it answered the one before): not this request's answer.
    const { client, lookups, posts } = fakeClient([{ ts: '1700000000.000015', canonical: '7b' }]);
    await answerLeftOver(journal, client, lookups, () => undefined, { startedAt: 10_000, now: () => 10_000 });
    expect(posts.map((p) => p.text)).toEqual([LOST_TEXT]);
  });

  it('an answer that may have gone out but cannot be checked gets the careful notice; entries past the age bound are dropped untold', async () => {
    const journal = open().journal();
    await journal.add(entry(10, { ackedAt: 0 }));
    await journal.add(entry(20, { ackedAt: 9_000 }));
    await journal.posting(entry(20).id, '1700000000.000015');
    const { client, lookups, posts } = fakeClient([], { failReplies: true });
    const logs: object[] = [];
    await answerLeftOver(journal, client, lookups, (e) => logs.push(e), { startedAt: 10_000, now: () => 10_000, maxAgeMs: 5_000 });
    expect(posts.map((p) => p.text)).toEqual([MAYBE_LOST_TEXT]);
    expect(logs).toContainEqual(expect.objectContaining({ event: 'slack.left_over', told: 1, expired: 1 }));
    expect(await journal.leftOver('slack', 10_000, 10)).toEqual([]);
  });

  it('reads at most its cap at start and forgets the rest with a count', async () => {
    const journal = open().journal();
    for (let n = 1; n <= 12; n++) await journal.add(entry(n));
    const { client, lookups, posts } = fakeClient([]);
    const logs: object[] = [];
    await answerLeftOver(journal, client, lookups, (e) => logs.push(e), { startedAt: 10_000, now: () => 10_000, maxEntries: 5 });
    expect(posts).toHaveLength(5);
    expect(logs).toContainEqual(expect.objectContaining({ event: 'slack.left_over', told: 5, dropped: 7 }));
    expect(await journal.leftOver('slack', 10_000, 100)).toEqual([]);
  });
});
