import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { interactionEntry, messageEntry } from '../../src/adapters/discord/journal.js';
import { answerDiscordLeftOver, LOST_TEXT, type NoticeRest } from '../../src/adapters/discord/left-over.js';
import { MemoryJournal } from '../../src/state/request-journal.js';

/** Discord requests left over by a killed process (src/adapters/discord/left-over.ts): who is told, how, and within which age. */

const NOW = 100 * 3600 * 1000;
const MINUTE = 60 * 1000;

const message = (n: number, ageMs: number) => messageEntry({ id: `9000${n}`, channelId: `8000${n}`, author: { id: 'U1' } }, NOW - ageMs);
const interaction = (n: number, ageMs: number) =>
  interactionEntry({ id: `7000${n}`, channelId: 'C1', applicationId: 'A1', token: `secret-token-${n}`, user: { id: 'U1' } }, NOW - ageMs);

function fakeRest(fail = false) {
  const posts: Array<{ channelId: string; body: Record<string, unknown> }> = [];
  const edits: Array<{ applicationId: string; token: string; body: Record<string, unknown> }> = [];
  const rest: NoticeRest = {
    postMessage: async (channelId, body) => {
      if (fail) throw new Error('DiscordAPIError[10003]: Unknown Channel');
      posts.push({ channelId, body });
    },
    editOriginal: async (applicationId, token, body) => {
      if (fail) throw new Error(`DiscordAPIError[10015]: Unknown Webhook secret-token`);
      edits.push({ applicationId, token, body });
    },
  };
  return { rest, posts, edits };
}

describe('Discord left-over requests', () => {
  it('a message is told in a reply to it within 6 h; a slash command has its deferred answer edited within 15 min; the rest are dropped and counted', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 8 * 60 })), { maxLength: 12 }), async (requests) => {
        const journal = new MemoryJournal();
        const entries = requests.map(([isCommand, minutes], n) => (isCommand ? interaction(n, minutes * MINUTE + 1) : message(n, minutes * MINUTE + 1)));
        for (const e of entries) await journal.add(e);
        const { rest, posts, edits } = fakeRest();
        const logs: object[] = [];
        await answerDiscordLeftOver(journal, rest, (e) => logs.push(e), { startedAt: NOW, now: () => NOW });

        const age = (e: (typeof entries)[number]) => NOW - e.ackedAt;
        const toldMessages = entries.filter((e) => !e.replyVia && age(e) <= 6 * 60 * MINUTE);
        const toldCommands = entries.filter((e) => e.replyVia && age(e) <= 15 * MINUTE);
        expect(posts.map((p) => (p.body.message_reference as { message_id: string }).message_id).sort()).toEqual(toldMessages.map((e) => e.request).sort());
        for (const p of posts) expect(p.body.content).toBe(LOST_TEXT);
        expect(edits.map((e) => e.token).sort()).toEqual(toldCommands.map((e) => (e.replyVia as { token: string }).token).sort());
        if (entries.length > 0) expect(logs).toContainEqual({ event: 'discord.left_over', told: toldMessages.length + toldCommands.length, expired: entries.length - toldMessages.length - toldCommands.length, failed: 0, dropped: 0 });
        expect(journal.entries.size).toBe(0);
      }),
      { numRuns: 40 },
    );
  });

  it('a refused notice is logged without the interaction token, and the entry is forgotten', async () => {
    const journal = new MemoryJournal();
    await journal.add(interaction(1, MINUTE));
    await journal.add(message(2, MINUTE));
    const logs: object[] = [];
    await answerDiscordLeftOver(journal, fakeRest(true).rest, (e) => logs.push(e), { startedAt: NOW, now: () => NOW });
    expect(logs).toContainEqual(expect.objectContaining({ event: 'discord.left_over', told: 0, failed: 2 }));
    expect(JSON.stringify(logs)).not.toContain('secret-token');
    expect(journal.entries.size).toBe(0);
  });

  it('only the newest entries are told; older ones beyond the cap are forgotten with a count', async () => {
    const journal = new MemoryJournal();
    for (let n = 1; n <= 9; n++) await journal.add(message(n, n * 1000));
    const { rest, posts } = fakeRest();
    const logs: object[] = [];
    await answerDiscordLeftOver(journal, rest, (e) => logs.push(e), { startedAt: NOW, now: () => NOW, maxEntries: 4 });
    expect(posts.map((p) => p.channelId)).toEqual(['80001', '80002', '80003', '80004']);
    expect(logs).toContainEqual(expect.objectContaining({ told: 4, dropped: 5 }));
  });

  it('a process with both the gateway and the HTTP endpoint tells each row once: the gateway the messages, the endpoint the slash commands', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { maxLength: 12 }), fc.boolean(), async (kinds, endpointFirst) => {
        const journal = new MemoryJournal();
        const entries = kinds.map((isCommand, n) => (isCommand ? interaction(n, MINUTE) : message(n, MINUTE)));
        for (const e of entries) await journal.add(e);
        const gateway = fakeRest();
        const endpoint = fakeRest();
        const tell = {
          gateway: () => answerDiscordLeftOver(journal, gateway.rest, () => undefined, { startedAt: NOW, now: () => NOW, rows: 'messages' }),
          endpoint: () => answerDiscordLeftOver(journal, endpoint.rest, () => undefined, { startedAt: NOW, now: () => NOW, rows: 'interactions' }),
        };
        await Promise.all(endpointFirst ? [tell.endpoint(), tell.gateway()] : [tell.gateway(), tell.endpoint()]);

        expect([...gateway.edits, ...endpoint.posts]).toEqual([]);
        expect(gateway.posts.map((p) => p.channelId).sort()).toEqual(entries.filter((e) => !e.replyVia).map((e) => e.channel).sort());
        expect(endpoint.edits.map((e) => e.token).sort()).toEqual(entries.flatMap((e) => (e.replyVia?.kind === 'discord_interaction' ? [e.replyVia.token] : [])).sort());
        expect(journal.entries.size).toBe(0);
      }),
      { numRuns: 40 },
    );
  });
});
