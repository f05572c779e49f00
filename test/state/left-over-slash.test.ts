import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { webApi } from '@slack/bolt';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerLeftOver, LOST_TEXT, MAYBE_LOST_TEXT } from '../../src/adapters/slack/left-over.js';
import { slashCommandEntry } from '../../src/adapters/slack/journal-entry.js';
import { budgetedLookups } from '../../src/adapters/slack/lookups.js';
import { DISCORD_INTERACTION_MAX_AGE_MS, LEFT_OVER_MAX_AGE_MS, maxNoticeAgeMs, MemoryJournal, SLACK_RESPONSE_URL_MAX_AGE_MS } from '../../src/state/request-journal.js';
import { SqliteStore } from '../../src/state/sqlite-store.js';

/** Slash commands left over by a killed process: told through their response_url while Slack takes it (30 minutes). */

const NOW = 100 * 3600 * 1000;
const MINUTE = 60 * 1000;

const command = (n: number, ageMs: number) =>
  slashCommandEntry({ team_id: 'T1', channel_id: 'C1', user_id: 'U1', trigger_id: `trigger-${n}`, response_url: `http://127.0.0.1:9/commands/secret-${n}` }, NOW - ageMs);

function fakeSlack() {
  const posts: Array<{ channel: string; text: string }> = [];
  const client = {
    auth: { test: async () => ({ ok: true, bot_id: 'B1' }) },
    chat: { postMessage: async (args: { channel: string; text: string }) => (posts.push(args), { ok: true, ts: '1' }) },
  } as unknown as webApi.WebClient;
  const lookups = budgetedLookups(async () => ({ ok: true, messages: [] }), () => undefined);
  const urlPosts: Array<{ url: string; body: Record<string, unknown> }> = [];
  const postToResponseUrl = async (url: string, body: Record<string, unknown>) => void urlPosts.push({ url, body });
  return { client, lookups, posts, urlPosts, postToResponseUrl };
}

describe('left-over slash commands', () => {
  it('the age a notice may have follows its way of replying: response_url 30 min, interaction 15 min, a message 6 h', () => {
    expect(maxNoticeAgeMs(command(1, 0))).toBe(SLACK_RESPONSE_URL_MAX_AGE_MS);
    expect(maxNoticeAgeMs({ replyVia: { kind: 'discord_interaction', applicationId: 'A', token: 't' } })).toBe(DISCORD_INTERACTION_MAX_AGE_MS);
    expect(maxNoticeAgeMs({})).toBe(LEFT_OVER_MAX_AGE_MS);
    // A tighter operator bound wins over the platform's.
    expect(maxNoticeAgeMs(command(1, 0), 5 * MINUTE)).toBe(5 * MINUTE);
  });

  it('a command younger than 30 minutes gets the ephemeral notice at its response_url; older ones are dropped and counted; the URL is never logged', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 90 }), { maxLength: 12 }), async (agesInMinutes) => {
        const journal = new MemoryJournal();
        const entries = agesInMinutes.map((minutes, n) => command(n, minutes * MINUTE + 1));
        for (const e of entries) await journal.add(e);
        const slack = fakeSlack();
        const logs: object[] = [];
        await answerLeftOver(journal, slack.client, slack.lookups, (e) => logs.push(e), { startedAt: NOW, now: () => NOW, postToResponseUrl: slack.postToResponseUrl });

        const young = entries.filter((e) => NOW - e.ackedAt <= 30 * MINUTE);
        expect(slack.urlPosts.map((p) => p.url).sort()).toEqual(young.map((e) => (e.replyVia as { url: string }).url).sort());
        for (const p of slack.urlPosts) expect(p.body).toEqual({ response_type: 'ephemeral', text: LOST_TEXT });
        // Never a public message in the channel for a slash command.
        expect(slack.posts).toEqual([]);
        if (entries.length > 0) expect(logs).toContainEqual(expect.objectContaining({ event: 'slack.left_over', told: young.length, expiredCommands: entries.length - young.length }));
        expect(JSON.stringify(logs)).not.toContain('secret-');
        expect(journal.entries.size).toBe(0);
      }),
      { numRuns: 40 },
    );
  });

  it('a command caught while posting its answer gets the careful notice (its answer may be in the channel)', async () => {
    const journal = new MemoryJournal();
    await journal.add(command(1, MINUTE));
    await journal.posting(command(1, MINUTE).id);
    const slack = fakeSlack();
    await answerLeftOver(journal, slack.client, slack.lookups, () => undefined, { startedAt: NOW, now: () => NOW, postToResponseUrl: slack.postToResponseUrl });
    expect(slack.urlPosts.map((p) => p.body.text)).toEqual([MAYBE_LOST_TEXT]);
  });

  it('a response_url that refuses is logged without the URL, and the entry is still forgotten', async () => {
    const journal = new MemoryJournal();
    await journal.add(command(1, MINUTE));
    const slack = fakeSlack();
    const logs: object[] = [];
    const refuse = async () => {
      throw new Error('response_url answered 404 for http://127.0.0.1:9/commands/secret-1');
    };
    await answerLeftOver(journal, slack.client, slack.lookups, (e) => logs.push(e), { startedAt: NOW, now: () => NOW, postToResponseUrl: refuse });
    expect(logs).toContainEqual(expect.objectContaining({ event: 'slack.left_over_failed', method: 'response_url' }));
    expect(JSON.stringify(logs)).not.toContain('secret-');
    expect(journal.entries.size).toBe(0);
  });

  it('the SQLite journal keeps a command\'s response_url across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'headroom-journal-slash-'));
    try {
      const first = new SqliteStore({ path: join(dir, 'state.sqlite') });
      await first.journal().add(command(7, MINUTE));
      const second = new SqliteStore({ path: join(dir, 'state.sqlite') });
      const [left] = await second.journal().leftOver('slack', NOW + 1, 10);
      expect(left?.replyVia).toEqual({ kind: 'slack_response_url', url: 'http://127.0.0.1:9/commands/secret-7' });
      await first.close();
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
