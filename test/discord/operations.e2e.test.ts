import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTARTING_TEXT } from '../../src/adapters/admission.js';
import type { RespondFn } from '../../src/adapters/discord/deps.js';
import { startDiscord } from '../../src/adapters/discord/index.js';
import { createRateLimiter } from '../../src/ops/rate-limit.js';
import { createShutdown, type Shutdown } from '../../src/ops/shutdown.js';
import { MemoryStore } from '../../src/state/store.js';
import { fakeRespond } from './fixtures/replies.js';
import { DiscordStandIn, type RecordedRequest } from './standin/server.js';

/**
 * Rate limits, restarts and the error boundary with the real discord.js Client against the
 * loopback stand-in. The limiter runs on a fake clock: a person may send 1 request, then one
 * more every 10 s (6 a minute).
 */

const EPHEMERAL = 64;
let standin: DiscordStandIn;
let bot: { stop(): Promise<void> };
let shutdown: Shutdown;
let now = 1_700_000_000_000;
let failNext = false;
const events: Record<string, unknown>[] = [];

const respond: RespondFn = (text, previous) => {
  if (failNext) {
    failNext = false;
    throw new Error('the core fell over');
  }
  return fakeRespond(text, previous);
};

beforeAll(async () => {
  standin = await new DiscordStandIn().start();
  shutdown = createShutdown({ timeoutMs: 1000 });
  bot = await startDiscord(
    { token: 'standin.token.xxxxxxxxxxxxxxxxxxxx', appId: standin.appId, apiUrl: standin.apiUrl },
    {
      store: new MemoryStore(),
      log: (e) => events.push(e as Record<string, unknown>),
      respond,
      complete: null,
      chart: null,
      limiter: createRateLimiter({ user: { burst: 1, perMinute: 6 }, channel: { burst: 100, perMinute: 600 } }, () => now),
      shutdown,
    },
  );
  await standin.waitForReadySocket();
});

afterAll(async () => {
  await bot?.stop();
  await standin?.stop();
});

const callbackOf = (id: string) => (r: RecordedRequest) => r.method === 'POST' && r.path.startsWith(`/api/v10/interactions/${id}/`);
const channelPosts = () => standin.requests.filter((r) => r.method === 'POST' && r.path === `/api/v10/channels/${standin.channelId}/messages`);

async function settle(ms = 150): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

describe('Discord rate limits, restarts and failures', () => {
  it('answers /headroom, refuses the next one ephemerally with the wait, and answers again once it has passed', async () => {
    const first = standin.slashCommand('13b on 4xA100-80G');
    expect((await standin.waitForRequest(callbackOf(first.id))).body.type).toBe(5); // deferred: being answered
    const second = standin.slashCommand('13b on 8xA100-80G');
    const refused = await standin.waitForRequest(callbackOf(second.id));
    expect(refused.body.type).toBe(4);
    expect(refused.body.data.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(refused.body.data.content).toContain('try again in 10 s');
    now += 10_000;
    const third = standin.slashCommand('13b on 2xA100-80G');
    expect((await standin.waitForRequest(callbackOf(third.id))).body.type).toBe(5);
  });

  it('a flood of mentions gets one answer and a single notice, not one per message', async () => {
    now += 60_000;
    const before = channelPosts().length;
    for (let i = 0; i < 4; i++) standin.userMessage(standin.channelId, `7b ${i}`, { mentionBot: true });
    await standin.waitForRequest((r) => channelPosts().indexOf(r) >= before + 1);
    await settle(300);
    const posts = channelPosts().slice(before);
    expect(posts.filter((p) => p.body.embeds?.length)).toHaveLength(1);
    const notices = posts.filter((p) => typeof p.body.content === 'string' && p.body.content.includes('try again'));
    expect(notices).toHaveLength(1);
  });

  it('a failing handler answers with an apology and an error id that the log also has', async () => {
    now += 60_000;
    failNext = true;
    const interaction = standin.slashCommand('13b');
    const apology = await standin.waitForRequest(callbackOf(interaction.id));
    expect(apology.body.data.flags & EPHEMERAL).toBe(EPHEMERAL);
    const errorId = /error id ([0-9A-Z]{6})/.exec(apology.body.data.content)?.[1];
    expect(errorId).toBeDefined();
    expect(events).toContainEqual(expect.objectContaining({ event: 'discord.handler_failed', errorId, error: 'Error: the core fell over' }));
  });

  it('once shutting down, a new command is told to try again in a moment', async () => {
    now += 60_000;
    await shutdown.begin();
    const interaction = standin.slashCommand('13b');
    const callback = await standin.waitForRequest(callbackOf(interaction.id));
    expect(callback.body.type).toBe(4);
    expect(callback.body.data.content).toBe(RESTARTING_TEXT);
  });
});
