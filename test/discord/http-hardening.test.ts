import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscordInteractions, type InteractionsHandle } from '../../src/adapters/discord/http/index.js';
import { parseInteraction } from '../../src/adapters/discord/http/payload.js';
import { createRateLimiter } from '../../src/ops/rate-limit.js';
import { MemoryStore } from '../../src/state/store.js';
import { fakeRespond } from './fixtures/replies.js';
import { InteractionSigner, postInteraction } from './standin/signer.js';
import { DiscordStandIn } from './standin/server.js';

const signer = new InteractionSigner();
let standin: DiscordStandIn;
let server: InteractionsHandle;
let url: string;
const events: Record<string, unknown>[] = [];

beforeAll(async () => {
  standin = await new DiscordStandIn().start();
  server = await startDiscordInteractions(
    { token: 'standin.token.xxxxxxxxxxxxxxxxxxxx', appId: standin.appId, apiUrl: standin.apiUrl, interactions: { publicKey: signer.publicKeyHex, port: 0 } },
    {
      store: new MemoryStore(),
      log: (e) => events.push(e as Record<string, unknown>),
      respond: fakeRespond,
      limiter: createRateLimiter({ user: { burst: 1e6, perMinute: 1e6 }, channel: { burst: 1e6, perMinute: 1e6 } }),
      complete: () => [],
      chart: async () => Buffer.from('png'),
      host: '127.0.0.1',
    },
  );
  url = `http://127.0.0.1:${server.port}/discord/interactions`;
});

afterAll(async () => {
  await server.stop();
  await standin.stop();
});

/** A command whose options nest `depth` levels (subcommand groups inside each other). */
function nested(depth: number): unknown {
  let options: unknown[] = [{ name: 'request', type: 3, value: '7b' }];
  for (let i = 0; i < depth - 1; i++) options = [{ name: `g${i}`, type: 2, options }];
  return { ...standin.slashCommandPayload('7b'), data: { id: '1', name: 'headroom', type: 1, options } };
}

describe('Discord HTTP interactions: hostile payloads', () => {
  it('answers options nested 1,000 deep with 400 naming the limit, not 500', async () => {
    const response = await postInteraction(url, nested(1000), signer);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.json)).toContain('nested deeper');
  });

  it('still reads the three levels Discord itself sends', () => {
    const parsed = parseInteraction(nested(3));
    expect(parsed.kind).toBe('command');
  });

  it('answers a signed interaction once: a replay of the same interaction id gets 409 and no second answer', async () => {
    const payload = standin.slashCommandPayload('13b on 4xA100-80G');
    const first = await postInteraction(url, payload, signer);
    expect(first.status).toBe(200);
    const second = await postInteraction(url, payload, signer);
    expect(second.status).toBe(409);
    expect(events.some((e) => e.reason === 'replayed')).toBe(true);
  });
});
