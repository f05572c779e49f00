import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscord } from '../../src/adapters/discord/index.js';
import { respond } from '../../src/core/assistant.js';
import { createRateLimiter } from '../../src/ops/rate-limit.js';
import { MemoryStore } from '../../src/state/store.js';
import { DiscordStandIn, type RecordedRequest } from './standin/server.js';

/** The real discord.js client and the real assistant against the loopback stand-in: how answers read in a channel. */

let standin: DiscordStandIn;
let store: MemoryStore;
let bot: { stop(): Promise<void> };
const events: Record<string, unknown>[] = [];
const PNG = Buffer.from('\x89PNG stand-in');

function isOriginalEdit(token: string) {
  return (r: RecordedRequest) => r.method === 'PATCH' && r.path.includes(`/webhooks/${standin.appId}/${token}/messages/@original`);
}
function isPostIn(channelId: string, after = 0) {
  return (r: RecordedRequest) => r.method === 'POST' && r.path === `/api/v10/channels/${channelId}/messages` && standin.requests.indexOf(r) >= after;
}

beforeAll(async () => {
  standin = await new DiscordStandIn().start();
  store = new MemoryStore();
  bot = await startDiscord(
    { token: 'standin.token.xxxxxxxxxxxxxxxxxxxx', appId: standin.appId, apiUrl: standin.apiUrl },
    {
      store,
      log: (e) => events.push(e as Record<string, unknown>),
      respond,
      limiter: createRateLimiter({ user: { burst: 1e6, perMinute: 1e6 }, channel: { burst: 1e6, perMinute: 1e6 } }),
      complete: null,
      chart: async () => PNG,
    },
  );
  await standin.waitForReadySocket();
});

afterAll(async () => {
  await bot?.stop();
  await standin?.stop();
});

describe('Discord replies ping nobody', () => {
  it('a reply to a mention carries allowed_mentions { parse: [], replied_user: false }', async () => {
    const before = standin.requests.length;
    standin.userMessage(standin.channelId, '@everyone <@&123> 13b on 4xA100-80G', { mentionBot: true });
    const answer = await standin.waitForRequest(isPostIn(standin.channelId, before));
    expect(answer.body.allowed_mentions).toEqual({ parse: [], replied_user: false });
  });

  it('an interaction answer carries allowed_mentions with nothing to parse', async () => {
    const interaction = standin.slashCommand('7b lora on a 4090');
    const edit = await standin.waitForRequest(isOriginalEdit(interaction.token));
    expect(edit.body.allowed_mentions).toEqual({ parse: [], replied_user: false });
  });
});
