import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BUSY_TEXT } from '../../src/adapters/admission.js';
import { HEADROOM_COMMAND_NAME, REQUEST_OPTION_NAME } from '../../src/adapters/discord/interactions/headroomCommand.js';
import { freePort, startBot } from './bot-process.js';
import { quantile } from './driver.js';

/**
 * `npm run bench:load -- --discord-http`: Discord's HTTP interactions mode under load, as
 * production runs it (`node dist/src/main.js`, DISCORD_PUBLIC_KEY set, gateway off), against a
 * loopback stand-in of Discord's API that answers every webhook edit at once. Signed
 * `/headroom` commands at a few concurrencies (closed loop, bounded in time and count); per
 * level: interactions answered over HTTP, how many were told "busy", answers delivered (webhook
 * edits seen by the stand-in) per second, p50 / p99 of the HTTP response.
 *
 * Issue 26 found ~60 answers/s with the rest told "busy": every deferred answer waited in
 * discord.js's REST queue, whose client-side global limit (50 requests/s) applies to interaction
 * webhooks too, and held its request slot (HEADROOM_MAX_IN_FLIGHT) meanwhile.
 */

const LEVELS = [16, 64, 128];
const LEVEL_MS = 3_000;
const MAX_REQUESTS_PER_LEVEL = 10_000;
const DRAIN_MS = 10_000;
const APP_ID = '100000000000000001';
const TEXTS = ['7b', '13b on 4xA100-80G', 'llama 3 70b serving on 8x h100', 'mistral 7b qlora seq 4096', '70b full fine-tune on 64 h100'];

/** Discord's API, as far as HTTP interactions use it: webhook edits answered at once, and counted. */
class DiscordApiStub {
  edits = 0;
  other = 0;
  private nextId = 1n;
  private readonly server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const edit = req.method === 'PATCH' && /\/webhooks\/\d+\/[^/]+\/messages\/(@|%40)original$/.test(req.url ?? '');
      if (edit) this.edits += 1;
      else this.other += 1;
      const json = JSON.stringify(edit ? { id: String(200000000000000000n + this.nextId++), channel_id: '300000000000000001', content: '', embeds: [] } : {});
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) }).end(json);
    });
  });

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

function command(n: number): Buffer {
  const id = String(400000000000000000n + BigInt(n));
  return Buffer.from(
    JSON.stringify({
      id,
      application_id: APP_ID,
      type: 2,
      token: `bench-token-${n}`,
      channel_id: `5000000000000000${String(n % 50).padStart(2, '0')}`,
      channel: { id: `5000000000000000${String(n % 50).padStart(2, '0')}`, type: 0 },
      member: { user: { id: `6000000000000${String(n % 1000).padStart(5, '0')}` } },
      data: { name: HEADROOM_COMMAND_NAME, type: 1, options: [{ name: REQUEST_OPTION_NAME, type: 3, value: TEXTS[n % TEXTS.length] }] },
    }),
  );
}

type Outcome = 'deferred' | 'busy' | 'answered' | 'error';

function post(agent: Agent, port: number, key: KeyObject, body: Buffer): Promise<Outcome> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign(null, Buffer.concat([Buffer.from(timestamp), body]), key).toString('hex');
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/discord/interactions', method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': body.length, 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => void (text += chunk.toString()));
        res.on('end', () => {
          if (res.statusCode !== 200) return resolve('error');
          const reply = JSON.parse(text) as { type: number; data?: { content?: string } };
          resolve(reply.type === 5 ? 'deferred' : reply.data?.content === BUSY_TEXT ? 'busy' : 'answered');
        });
      },
    );
    req.on('error', () => resolve('error'));
    req.end(body);
  });
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

export async function runDiscordHttp(mainJs: string, dir: string, nodeArgs: string[]): Promise<void> {
  const stub = new DiscordApiStub();
  const stubPort = await stub.start();
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const port = await freePort();
  const bot = await startBot(
    mainJs,
    {
      DISCORD_TOKEN: 'bench.discord.token.xxxxxxxxxxxxxxxx',
      DISCORD_APP_ID: APP_ID,
      DISCORD_API_URL: `http://127.0.0.1:${stubPort}/api`,
      DISCORD_PUBLIC_KEY: publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex'),
      DISCORD_HTTP_PORT: String(port),
      DISCORD_GATEWAY: 'off',
      HEADROOM_DB_PATH: join(dir, 'discord.sqlite'),
      LOG_LEVEL: 'info', // production's default; the "ready" line is info
      RATE_LIMIT_USER_BURST: '1000000',
      RATE_LIMIT_USER_PER_MIN: '1000000',
      RATE_LIMIT_CHANNEL_BURST: '1000000',
      RATE_LIMIT_CHANNEL_PER_MIN: '1000000',
    },
    20_000,
    nodeArgs,
  );
  try {
    console.log(`Discord HTTP interactions on 127.0.0.1:${port}, ${LEVEL_MS / 1000} s per level (bot: ${mainJs})`);
    console.log(['concurrency', 'requests', 'req/s', 'deferred', 'busy', 'answers/s', 'p50 ms', 'p99 ms', 'errors'].map((c, i) => (i === 0 ? c.padEnd(11) : c.padStart(10))).join(' '));
    let n = 0;
    for (const concurrency of LEVELS) {
      const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
      const counts: Record<Outcome, number> = { deferred: 0, busy: 0, answered: 0, error: 0 };
      const latencies: number[] = [];
      const editsBefore = stub.edits;
      const started = performance.now();
      const deadline = started + LEVEL_MS;
      let sent = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < deadline && sent < MAX_REQUESTS_PER_LEVEL) {
            sent += 1;
            const t0 = performance.now();
            const outcome = await post(agent, port, privateKey, command(n++));
            latencies.push(performance.now() - t0);
            counts[outcome] += 1;
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      const answersPerSecond = (stub.edits - editsBefore) / elapsed;
      agent.destroy();
      latencies.sort((a, b) => a - b);
      const cells = [concurrency, sent, (sent / elapsed).toFixed(0), counts.deferred, counts.busy, answersPerSecond.toFixed(0), quantile(latencies, 0.5).toFixed(1), quantile(latencies, 0.99).toFixed(1), counts.error];
      console.log(cells.map((c, i) => (i === 0 ? String(c).padEnd(11) : String(c).padStart(10))).join(' '));
      const expected = stub.edits - editsBefore + counts.deferred;
      if (!(await waitUntil(() => stub.edits - editsBefore >= counts.deferred, DRAIN_MS))) console.log(`  (${expected - stub.edits} deferred answers still undelivered after ${DRAIN_MS / 1000} s)`);
    }
  } finally {
    await bot.stop(15_000);
    await stub.stop();
  }
}
