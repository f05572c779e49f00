import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { RESTEvents } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscordInteractions, type InteractionsHandle } from '../../src/adapters/discord/http/index.js';
import { interactionWebhook, interactionWebhookRest } from '../../src/adapters/discord/http/webhook.js';
import { createRateLimiter } from '../../src/ops/rate-limit.js';
import { MemoryStore } from '../../src/state/store.js';
import { fakeRespond } from './fixtures/replies.js';
import { InteractionSigner, postInteraction } from './standin/signer.js';
import { DiscordStandIn } from './standin/server.js';

/**
 * The Discord interactions port under connection floods and answer bursts (issue 26), through
 * real sockets on loopback.
 */

describe('interaction webhook REST client', () => {
  let api: Server;
  let apiUrl: string;
  let edits = 0;
  beforeAll(async () => {
    api = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        edits += 1;
        const json = JSON.stringify({ id: String(100000000000000000n + BigInt(edits)), channel_id: '1', content: '' });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) }).end(json);
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/api`;
  });
  afterAll(async () => {
    await new Promise((resolve) => api.close(resolve));
  });

  it('sends 150 answers at once without queueing them behind a client-side global limit (discord.js: 50/s)', async () => {
    const rest = interactionWebhookRest(apiUrl);
    const limited: boolean[] = [];
    rest.on(RESTEvents.RateLimited, (info) => limited.push(info.global));
    try {
      const sent = await Promise.all(Array.from({ length: 150 }, (_, n) => interactionWebhook(rest, '100000000000000001', `token-${n}`).editOriginal({ content: `answer ${n}`, embeds: [], components: [], files: [] })));
      expect(new Set(sent.map((m) => m.id)).size).toBe(150);
      expect(edits).toBeGreaterThanOrEqual(150);
      expect(limited).toEqual([]);
    } finally {
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
    }
  });
});

describe('Discord interactions port under a flood of idle connections (cap lowered to 32)', () => {
  const signer = new InteractionSigner();
  let standin: DiscordStandIn;
  let server: InteractionsHandle;
  const flood: Socket[] = [];
  beforeAll(async () => {
    standin = await new DiscordStandIn().start();
    server = await startDiscordInteractions(
      { token: 'standin.token.xxxxxxxxxxxxxxxxxxxx', appId: standin.appId, apiUrl: standin.apiUrl, interactions: { publicKey: signer.publicKeyHex, port: 0 } },
      {
        store: new MemoryStore(),
        respond: fakeRespond,
        limiter: createRateLimiter({ user: { burst: 1e6, perMinute: 1e6 }, channel: { burst: 1e6, perMinute: 1e6 } }),
        complete: () => [],
        chart: async () => Buffer.from('png'),
        host: '127.0.0.1',
        connections: { maxConnections: 32, maxConnectionsPerIp: 32, evictionGraceMs: 100 },
      },
    );
  });
  afterAll(async () => {
    for (const socket of flood) socket.destroy();
    await server.stop();
    await standin.stop();
  });

  it('answers a signed PING and GET /healthz after 60 idle connections were opened', async () => {
    for (let i = 0; i < 60; i++) {
      const socket = connect(server.port, '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise((resolve) => socket.once('connect', resolve));
      flood.push(socket);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
    const pong = await postInteraction(`http://127.0.0.1:${server.port}/discord/interactions`, { type: 1, id: '1', application_id: standin.appId, token: 't' }, signer);
    expect(pong).toEqual({ status: 200, json: { type: 1 } });
    expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
  });
});
