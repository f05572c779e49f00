import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadKey } from '../../src/adapters/discord/conversation.js';
import { startDiscordInteractions, type InteractionsHandle } from '../../src/adapters/discord/http/index.js';
import { createRateLimiter } from '../../src/ops/rate-limit.js';
import { decodeCustomId } from '../../src/render/discord.js';
import { MemoryStore } from '../../src/state/store.js';
import { fakeRespond } from './fixtures/replies.js';
import { InteractionSigner, nowSeconds, postInteraction, type PostOptions } from './standin/signer.js';
import { DiscordStandIn, type RecordedRequest } from './standin/server.js';
import { scenarioThread } from '../../src/core/opening.js';

/**
 * The HTTP interactions endpoint over loopback HTTP: requests signed with a real Ed25519 key
 * pair as Discord signs them, answers checked in the HTTP response, and deferred answers
 * checked where Discord would receive them (the stand-in's webhook routes, through discord.js's
 * REST). The core is faked (fixtures/replies.ts).
 */

const EPHEMERAL = 64;
/** The PNG signature's first bytes, then a marker: what the fake chart renderer returns. */
const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from(' stand-in')]);
const signer = new InteractionSigner();
const events: Record<string, unknown>[] = [];
const completions: string[] = [];
const charts: string[] = [];
let standin: DiscordStandIn;
let store: MemoryStore;
let server: InteractionsHandle;
let base: string;

const post = (payload: unknown, options?: PostOptions) => postInteraction(`${base}/discord/interactions`, payload, signer, options);

function customIds(message: any): string[] {
  return (message.components ?? []).flatMap((row: any) => row.components.map((c: any) => c.custom_id));
}

const originalEditOf = (token: string) => (r: RecordedRequest) => r.method === 'PATCH' && r.path === `/api/v10/webhooks/${standin.appId}/${token}/messages/@original`;

beforeAll(async () => {
  standin = await new DiscordStandIn().start();
  store = new MemoryStore();
  server = await startDiscordInteractions(
    { token: 'standin.token.xxxxxxxxxxxxxxxxxxxx', appId: standin.appId, apiUrl: standin.apiUrl, interactions: { publicKey: signer.publicKeyHex, port: 0 } },
    {
      store,
      log: (e) => events.push(e as Record<string, unknown>),
      respond: fakeRespond,
      limiter: createRateLimiter({ user: { burst: 1e6, perMinute: 1e6 }, channel: { burst: 1e6, perMinute: 1e6 } }),
      complete: (partial: string, limit: number) => {
        completions.push(partial);
        return [`${partial} zero3`, { name: `${partial} on 4xA100-80G`, value: `${partial} on 4xA100-80G` }, 'x'.repeat(101)].slice(0, limit);
      },
      chart: async (_reply, kind) => {
        charts.push(kind);
        return PNG_BYTES;
      },
      host: '127.0.0.1',
    },
  );
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.stop();
  await standin?.stop();
});

describe('Discord HTTP interactions: verification', () => {
  it('answers a signed PING with PONG', async () => {
    expect(await post({ id: '1', application_id: standin.appId, type: 1, token: 'tok', version: 1 })).toEqual({ status: 200, json: { type: 1 } });
  });

  it('refuses a missing, malformed or wrong signature with 401, before reading the payload', async () => {
    const ping = { type: 1 };
    const other = new InteractionSigner();
    const attempts = [
      post(ping, { headers: { 'x-signature-ed25519': undefined } }),
      post(ping, { headers: { 'x-signature-timestamp': undefined } }),
      post(ping, { headers: { 'x-signature-ed25519': 'not-hex' } }),
      post(ping, { headers: { 'x-signature-ed25519': '00'.repeat(64) } }),
      post(ping, { signer: other }),
    ];
    for (const result of await Promise.all(attempts)) expect(result.status).toBe(401);
    expect(events.filter((e) => e.event === 'discord.http.rejected' && e.status === 401).map((e) => e.reason)).toEqual(
      expect.arrayContaining(['missing_signature', 'malformed_signature', 'bad_signature']),
    );
  });

  it('logs a flood of refusals sampled: a few lines per reason a minute, not one each (issue 26)', async () => {
    const other = new InteractionSigner();
    const before = events.filter((e) => e.event === 'discord.http.rejected' && e.reason === 'bad_signature').length;
    const results = await Promise.all(Array.from({ length: 40 }, () => post({ type: 1 }, { signer: other })));
    for (const result of results) expect(result.status).toBe(401);
    const logged = events.filter((e) => e.event === 'discord.http.rejected' && e.reason === 'bad_signature').length - before;
    expect(logged).toBeLessThanOrEqual(10);
  });

  it('refuses a tampered body with 401 and runs nothing', async () => {
    const before = standin.requests.length;
    const payload = standin.slashCommandPayload('13b on 4xA100-80G');
    const result = await post(payload, { tamper: (body) => Buffer.from(body.toString('utf8').replace('13b', '70b')) });
    expect(result.status).toBe(401);
    await new Promise((r) => setTimeout(r, 100));
    expect(standin.requests.length).toBe(before);
  });

  it('refuses stale and future timestamps with 401 even when correctly signed', async () => {
    expect((await post({ type: 1 }, { timestamp: nowSeconds(-330) })).status).toBe(401);
    expect((await post({ type: 1 }, { timestamp: nowSeconds(330) })).status).toBe(401);
    expect((await post({ type: 1 }, { timestamp: nowSeconds(-250) })).status).toBe(200);
  });

  it('refuses a body over 64 KiB with 413, whether its length is declared or streamed', async () => {
    const send = (chunked: boolean) =>
      new Promise<number>((resolve, reject) => {
        const body = Buffer.alloc(65 * 1024, 0x20);
        const headers = { 'x-signature-ed25519': '00'.repeat(64), 'x-signature-timestamp': nowSeconds(), ...(chunked ? {} : { 'content-length': body.length }) };
        const req = httpRequest(`${base}/discord/interactions`, { method: 'POST', headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        if (!chunked) return void req.end(body);
        for (let at = 0; at < body.length; at += 8 * 1024) req.write(body.subarray(at, at + 8 * 1024));
        req.end();
      });
    expect(await send(false)).toBe(413);
    expect(await send(true)).toBe(413);
    expect(events.filter((e) => e.status === 413)).toHaveLength(2);
  });

  it('refuses unknown interaction types and payloads that are not interactions with 400', async () => {
    const modal = standin.interactionPayload(5, { custom_id: 'modal', components: [] });
    expect((await post(modal)).status).toBe(400);
    expect((await post(null, { raw: Buffer.from('{not json') })).status).toBe(400);
    expect((await post({ type: 2, id: '1' })).status).toBe(400);
  });

  it('serves /healthz and /readyz, and only POST on the interactions path', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ ready: true, checks: { started: true, accepting: true } });
    const get = await fetch(`${base}/discord/interactions`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await fetch(`${base}/elsewhere`, { method: 'POST' })).status).toBe(404);
  });
});

describe('Discord HTTP interactions: answers', () => {
  it('defers /headroom at once, then edits the original response with the embed and buttons through the webhook', async () => {
    const payload = standin.slashCommandPayload('13b bf16 zero3 seq 4096 on 4xA100-80G');
    const started = Date.now();
    const response = await post(payload);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(response).toEqual({ status: 200, json: { type: 5 } });
    const edit = await standin.waitForRequest(originalEditOf(payload.token));
    expect(edit.body.embeds[0].title).toContain('Does not fit');
    expect(edit.body.embeds[0].description).toContain('13b bf16 zero3 seq 4096 on 4xA100-80G');
    expect(customIds(edit.body).map((id) => decodeCustomId(id)?.action.kind)).toEqual(['lever', 'lever', 'math', 'chart', 'tips']);
    expect(edit.files).toEqual([]);
  });

  it('answers a request error at once, ephemerally, with the caret, and edits nothing', async () => {
    const payload = standin.slashCommandPayload('13b zer3');
    const response = await post(payload);
    expect(response.status).toBe(200);
    expect(response.json.type).toBe(4);
    expect(response.json.data.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(response.json.data.embeds[0].description).toContain('13b zer3\n    ^');
    await new Promise((r) => setTimeout(r, 100));
    expect(standin.requests.some((r) => r.path.includes(payload.token))).toBe(false);
  });

  it('stores the conversation under the answer message, so a lever button re-estimates it', async () => {
    const source = standin.slashCommandPayload('13b on 4xA100-80G');
    await post(source);
    const edit = await standin.waitForRequest(originalEditOf(source.token));
    const answer = standin.messages.get(standin.channelId)!.find((m) => m.embeds[0]?.description?.includes('13b on 4xA100-80G'));
    expect(answer).toBeDefined();
    await waitUntil(async () => (await store.get(threadKey(answer.id))) !== null);

    const click = standin.buttonPayload(answer, customIds(edit.body)[0]!);
    expect(await post(click)).toEqual({ status: 200, json: { type: 5 } });
    const applied = await standin.waitForRequest(originalEditOf(click.token));
    expect(applied.body.embeds[0].description).toContain('13b on 4xA100-80G gc');
  });

  it('shows the math only to the clicker, in the HTTP response', async () => {
    const source = standin.slashCommandPayload('7b on 4090');
    await post(source);
    const edit = await standin.waitForRequest(originalEditOf(source.token));
    const mathId = customIds(edit.body).find((id) => decodeCustomId(id)?.action.kind === 'math')!;
    const response = await post(standin.buttonPayload({ channel_id: standin.channelId }, mathId));
    expect(response.json.type).toBe(4);
    expect(response.json.data.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(JSON.stringify(response.json.data.embeds)).toContain('13.0 B × 8 B ÷ 4');
  });

  it('posts a chart alone as a multipart webhook edit with the PNG attached (the answer is not sent again)', async () => {
    const source = standin.slashCommandPayload('13b on H100');
    await post(source);
    const edit = await standin.waitForRequest(originalEditOf(source.token));
    const chartId = customIds(edit.body).find((id) => decodeCustomId(id)?.action.kind === 'chart')!;
    const click = standin.buttonPayload({ channel_id: standin.channelId }, chartId);
    expect((await post(click)).json).toEqual({ type: 5 });
    const posted = await standin.waitForRequest(originalEditOf(click.token));
    expect(posted.files).toEqual(['chart.png']);
    expect(posted.fileBytes[0]!.equals(PNG_BYTES)).toBe(true);
    expect(posted.body).toMatchObject({ embeds: [], components: [] });
    expect(posted.body.attachments).toEqual([{ id: 0, filename: 'chart.png' }]);
    expect(charts).toContain('breakdown');
  });

  it('opens a thread on a /headroom answer in a channel (with the bot token), keyed as the answer\'s conversation', async () => {
    const before = standin.requests.length;
    const payload = standin.slashCommandPayload('13b on 4xA100-80G');
    await post(payload);
    const opened = await standin.waitForRequest((r) => r.method === 'POST' && r.path.endsWith('/threads') && standin.requests.indexOf(r) >= before);
    const answer = standin.messages.get(standin.channelId)!.at(-1);
    expect(opened.path).toBe(`/api/v10/channels/${standin.channelId}/messages/${answer.id}/threads`);
    await waitUntil(async () => (await store.get(threadKey(answer.id)))?.asker === standin.human.id);
  });

  it('continues a thread\'s scenario when /headroom is used inside it', async () => {
    const thread = standin.openThread(`${Date.now()}000`);
    await store.set(threadKey(thread), fakeRespond('70b qlora', null).state!);
    const payload = standin.slashCommandPayload('seq 8192', thread);
    expect((await post(payload)).json).toEqual({ type: 5 });
    const edit = await standin.waitForRequest(originalEditOf(payload.token));
    expect(edit.body.embeds[0].description).toContain('70b qlora seq 8192');
    await waitUntil(async () => scenarioThread(await store.get(threadKey(thread)))?.scenario.model.asWritten === '70b qlora seq 8192');
  });

  it('answers in a DM, where the payload carries `user` instead of `member`', async () => {
    const { member, guild_id, ...rest } = standin.slashCommandPayload('13b on 4090');
    const dm = { ...rest, user: member.user, channel_id: '42', channel: { id: '42', type: 1 }, context: 1 };
    expect(guild_id).toBeDefined();
    expect((await post(dm)).json).toEqual({ type: 5 });
    const edit = await standin.waitForRequest(originalEditOf(dm.token));
    expect(edit.body.embeds[0].description).toContain('13b on 4090');
  });

  it('answers autocomplete with at most 25 choices within Discord limits, in the HTTP response', async () => {
    const response = await post(standin.autocompletePayload('13b bf16'));
    expect(response).toEqual({
      status: 200,
      json: { type: 8, data: { choices: [{ name: '13b bf16 zero3', value: '13b bf16 zero3' }, { name: '13b bf16 on 4xA100-80G', value: '13b bf16 on 4xA100-80G' }] } },
    });
    expect(completions).toContain('13b bf16');
  });

  it('acknowledges a button it did not mint without changing anything', async () => {
    expect((await post(standin.buttonPayload({ channel_id: standin.channelId }, 'other-app:thing'))).json).toEqual({ type: 6 });
  });

  it('tells a stale command name to re-register', async () => {
    const payload = standin.interactionPayload(2, { id: '1', name: 'oldname', type: 1 });
    const response = await post(payload);
    expect(response.json.type).toBe(4);
    expect(response.json.data.content).toContain('discord:register');
  });
});

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
