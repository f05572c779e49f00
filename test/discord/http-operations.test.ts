import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTARTING_TEXT } from '../../src/adapters/admission.js';
import type { RespondFn } from '../../src/adapters/discord/deps.js';
import { startDiscordInteractions, type InteractionsHandle } from '../../src/adapters/discord/http/index.js';
import { createRateLimiter } from '../../src/ops/rate-limit.js';
import { createShutdown, type Shutdown } from '../../src/ops/shutdown.js';
import { MemoryStore } from '../../src/state/store.js';
import { fakeRespond } from './fixtures/replies.js';
import { InteractionSigner, postInteraction } from './standin/signer.js';
import { DiscordStandIn, type RecordedRequest } from './standin/server.js';

/**
 * Rate limits, restarts and the error boundary on the HTTP interactions endpoint. The limiter
 * runs on a fake clock: a person may send 1 request, then one more every 10 s (6 a minute).
 */

const EPHEMERAL = 64;
const signer = new InteractionSigner();
const events: Record<string, unknown>[] = [];
let standin: DiscordStandIn;
let server: InteractionsHandle;
let shutdown: Shutdown;
let base: string;
let now = 1_700_000_000_000;
/** respond() throws when asked this text (then forgets it). */
let failOn: string | null = null;

const respond: RespondFn = (text, previous) => {
  if (failOn !== null && text === failOn) {
    failOn = null;
    throw new Error('the core fell over');
  }
  return fakeRespond(text, previous);
};

const post = (payload: unknown) => postInteraction(`${base}/discord/interactions`, payload, signer);
const originalEditOf = (token: string) => (r: RecordedRequest) => r.method === 'PATCH' && r.path === `/api/v10/webhooks/${standin.appId}/${token}/messages/@original`;

beforeAll(async () => {
  standin = await new DiscordStandIn().start();
  shutdown = createShutdown({ timeoutMs: 1000 });
  server = await startDiscordInteractions(
    { token: 'standin.token.xxxxxxxxxxxxxxxxxxxx', appId: standin.appId, apiUrl: standin.apiUrl, interactions: { publicKey: signer.publicKeyHex, port: 0 } },
    {
      store: new MemoryStore(),
      log: (e) => events.push(e as Record<string, unknown>),
      respond,
      complete: null,
      chart: null,
      limiter: createRateLimiter({ user: { burst: 1, perMinute: 6 }, channel: { burst: 100, perMinute: 600 } }, () => now),
      shutdown,
      host: '127.0.0.1',
    },
  );
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.stop();
  await standin?.stop();
});

describe('Discord HTTP interactions: rate limits, failures, restarts', () => {
  it('answers /headroom, refuses the next one ephemerally with the wait, and answers again once it has passed', async () => {
    expect((await post(standin.slashCommandPayload('13b on 4xA100-80G'))).json).toEqual({ type: 5 });
    const refused = await post(standin.slashCommandPayload('13b on 8xA100-80G'));
    expect(refused.json.type).toBe(4);
    expect(refused.json.data.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(refused.json.data.content).toContain('try again in 10 s');
    expect(events).toContainEqual(expect.objectContaining({ event: 'request.refused', reason: 'rate_limited_user' }));
    now += 10_000;
    expect((await post(standin.slashCommandPayload('13b on 2xA100-80G'))).json).toEqual({ type: 5 });
  });

  it('a handler that throws before answering gives the apology with an error id in the HTTP response', async () => {
    now += 60_000;
    failOn = '13b';
    const response = await post(standin.slashCommandPayload('13b'));
    expect(response.status).toBe(200);
    expect(response.json.type).toBe(4);
    expect(response.json.data.flags & EPHEMERAL).toBe(EPHEMERAL);
    const errorId = /error id ([0-9A-Z]{6})/.exec(response.json.data.content)?.[1];
    expect(errorId).toBeDefined();
    expect(events).toContainEqual(expect.objectContaining({ event: 'discord.handler_failed', errorId, error: 'Error: the core fell over' }));
  });

  it('a handler that throws after deferring replaces the deferred response with the apology', async () => {
    now += 60_000;
    const source = standin.slashCommandPayload('13b on 4xA100-80G');
    await post(source);
    const answer = await standin.waitForRequest(originalEditOf(source.token));
    const leverId = answer.body.components[0].components[0].custom_id as string;
    now += 60_000;
    failOn = 'gc'; // the lever's change: respond() runs after the deferral
    const click = standin.buttonPayload({ channel_id: standin.channelId }, leverId);
    expect((await post(click)).json).toEqual({ type: 5 });
    const apology = await standin.waitForRequest(originalEditOf(click.token));
    const errorId = /error id ([0-9A-Z]{6})/.exec(apology.body.content)?.[1];
    expect(errorId).toBeDefined();
    expect(apology.body.embeds).toEqual([]);
    expect(apology.body.components).toEqual([]);
    expect(events).toContainEqual(expect.objectContaining({ event: 'discord.handler_failed', kind: 'button', errorId }));
  });

  it('once shutting down, /readyz fails and a new command is told to try again in a moment', async () => {
    now += 60_000;
    await shutdown.begin();
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    const response = await post(standin.slashCommandPayload('13b'));
    expect(response.json).toEqual({ type: 4, data: { content: RESTARTING_TEXT, flags: EPHEMERAL } });
  });
});
