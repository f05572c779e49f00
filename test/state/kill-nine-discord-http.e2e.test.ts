import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscordInteractions, type InteractionsHandle } from '../../src/adapters/discord/http/index.js';
import { LOST_TEXT } from '../../src/adapters/discord/left-over.js';
import { resetDefaultHub } from '../../src/hub/default.js';
import { createRateLimiter } from '../../src/ops/rate-limit.js';
import { SqliteStore } from '../../src/state/sqlite-store.js';
import type { Turn } from '../../src/core/assistant.js';
import { fakeRespond } from '../discord/fixtures/replies.js';
import { InteractionSigner, postInteraction } from '../discord/standin/signer.js';
import { DiscordStandIn, type RecordedRequest } from '../discord/standin/server.js';

/**
 * The HTTP interactions endpoint killed mid-answer (issue 26, item 6): a slash command deferred
 * by one endpoint, whose answer never comes (an injected respond that never resolves), must have
 * its deferred answer edited to say so by the next endpoint started on the same SQLite file;
 * an answered one leaves nothing behind and is not told. The "kill" stops the endpoint without
 * draining: the hanging answer never finishes and its journal row stays as it was.
 */

/** A Hub id makes answerCommand defer before respond() (answerCommand.ts), so the hang is after the deferral. */
const HANGING_REQUEST = 'org/never-answered-7b bf16 on 1xH100';
const ANSWERED_REQUEST = '13b bf16 zero3 seq 4096 on 4xA100-80G';

const signer = new InteractionSigner();
const events: Record<string, unknown>[] = [];
let standin: DiscordStandIn;
/** The Hub, on loopback: every id is unknown (404), so the request goes on to respond(). */
let hub: Server;
let dir: string;
const stores: SqliteStore[] = [];
const savedEnv = { HF_ENDPOINT: process.env.HF_ENDPOINT, HEADROOM_HUB_CACHE_DIR: process.env.HEADROOM_HUB_CACHE_DIR };

const respond = async (text: string, previous: Parameters<typeof fakeRespond>[1]): Promise<Turn> =>
  text.includes('never-answered') ? new Promise<Turn>(() => undefined) : fakeRespond(text, previous);

async function startEndpoint(store: SqliteStore): Promise<InteractionsHandle> {
  return startDiscordInteractions(
    { token: 'standin.token.xxxxxxxxxxxxxxxxxxxx', appId: standin.appId, apiUrl: standin.apiUrl, interactions: { publicKey: signer.publicKeyHex, port: 0 } },
    {
      store,
      journal: store.journal(),
      log: (e) => events.push(e as Record<string, unknown>),
      respond,
      complete: null,
      chart: null,
      limiter: createRateLimiter({ user: { burst: 1e6, perMinute: 1e6 }, channel: { burst: 1e6, perMinute: 1e6 } }),
      host: '127.0.0.1',
    },
  );
}

function openStore(): SqliteStore {
  const store = new SqliteStore({ path: join(dir, 'state.sqlite') });
  stores.push(store);
  return store;
}

const editsOf = (token: string) => standin.requests.filter((r: RecordedRequest) => r.method === 'PATCH' && r.path === `/api/v10/webhooks/${standin.appId}/${token}/messages/@original`);

async function until<T>(probe: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'headroom-kill-discord-http-'));
  hub = createServer((_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Repository not found"}'));
  await new Promise<void>((resolve) => hub.listen(0, '127.0.0.1', resolve));
  const address = hub.address();
  if (address === null || typeof address === 'string') throw new Error('no hub port');
  process.env.HF_ENDPOINT = `http://127.0.0.1:${address.port}`;
  process.env.HEADROOM_HUB_CACHE_DIR = 'off';
  resetDefaultHub();
  standin = await new DiscordStandIn().start();
});

afterAll(async () => {
  for (const store of stores) await store.close().catch(() => undefined);
  await standin?.stop();
  await new Promise((resolve) => hub?.close(resolve));
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetDefaultHub();
  rmSync(dir, { recursive: true, force: true });
});

describe('the Discord HTTP interactions endpoint killed mid-answer', () => {
  it('a deferred slash command left unanswered has its answer edited to the notice by the next start; an answered one leaves no row', async () => {
    const firstStore = openStore();
    const journal = firstStore.journal();
    const first = await startEndpoint(firstStore);
    const url = `http://127.0.0.1:${first.port}/discord/interactions`;

    const answered = standin.slashCommandPayload(ANSWERED_REQUEST);
    expect(await postInteraction(url, answered, signer)).toEqual({ status: 200, json: { type: 5 } });
    await until(async () => editsOf(answered.token).length > 0, 'the answer');
    await until(async () => (await journal.leftOver('discord', Number.MAX_SAFE_INTEGER, 10)).length === 0, 'the answered row to be removed');

    const hanging = standin.slashCommandPayload(HANGING_REQUEST);
    expect(await postInteraction(url, hanging, signer)).toEqual({ status: 200, json: { type: 5 } });
    const [row] = await until(async () => {
      const rows = await journal.leftOver('discord', Number.MAX_SAFE_INTEGER, 10);
      return rows.length > 0 && rows;
    }, 'the deferred command in the journal');
    expect(row).toMatchObject({ id: `discord:interaction:${hanging.id}`, phase: 'acked', replyVia: { kind: 'discord_interaction', applicationId: standin.appId, token: hanging.token } });

    // The kill: the server goes, the answer never finishes, nothing is drained or removed.
    await first.stop();
    expect(editsOf(hanging.token)).toEqual([]);
    await new Promise((r) => setTimeout(r, 5)); // the next start is strictly later than the row

    const secondStore = openStore();
    const second = await startEndpoint(secondStore);
    try {
      const [notice] = await until(async () => editsOf(hanging.token).length > 0 && editsOf(hanging.token), 'the notice on the deferred answer');
      expect(notice.body.content).toBe(LOST_TEXT);
      await until(async () => (await secondStore.journal().leftOver('discord', Number.MAX_SAFE_INTEGER, 10)).length === 0, 'the told row to be removed');
      // The answered command was not told it was lost: one edit, its answer.
      expect(editsOf(answered.token)).toHaveLength(1);
      expect(events).toContainEqual({ event: 'discord.left_over', told: 1, expired: 0, failed: 0, dropped: 0 });
      // The interaction token lives only in the row: never in a log line.
      expect(JSON.stringify(events)).not.toContain(hanging.token);
    } finally {
      await second.stop();
    }
  });
});
