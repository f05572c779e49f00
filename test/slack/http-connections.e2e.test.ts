import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlack } from '../../src/adapters/slack/index.js';
import { fakeRespond } from './fixtures.js';
import { SIGNING_SECRET, startHarness, unlimited, waitFor, type Harness } from './harness.js';
import { slashCommand } from './standin/payloads.js';
import { postSigned, slackSignature } from './standin/sign.js';
import { TEAM_ID } from './standin/web-api.js';

/**
 * Connections on the Slack HTTP port (issue 26), through startSlack, Bolt and real sockets on
 * loopback: a flood of idle connections does not lock out Slack or the health checks, and a
 * burst of events larger than the old cap (1,024, refused at accept) is acked whole.
 */

const form = (fields: Record<string, unknown>) => new URLSearchParams(fields as Record<string, string>).toString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Slack HTTP port under a flood of idle connections (cap lowered to 64)', () => {
  let h: Harness;
  const flood: Socket[] = [];
  beforeAll(async () => {
    h = await startHarness({ mode: 'http', connections: { maxConnections: 64, maxConnectionsPerIp: 64, evictionGraceMs: 100 } });
  });
  afterAll(async () => {
    for (const socket of flood) socket.destroy();
    await h.stop();
  });

  it('answers a signed slash command and GET /healthz after 100 idle connections were opened', async () => {
    const port = h.handle.port!;
    for (let i = 0; i < 100; i++) {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise((resolve) => socket.once('connect', resolve));
      flood.push(socket);
    }
    await sleep(250);
    const before = h.standin.callsOf('chat.postMessage').length;
    const ack = await postSigned({ url: `http://127.0.0.1:${port}/slack/events`, body: form(slashCommand('13b on 4xA100-80G', h.standin.responseUrl())), contentType: 'application/x-www-form-urlencoded', secret: SIGNING_SECRET });
    expect(ack.status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    await waitFor(() => h.standin.callsOf('chat.postMessage').length > before, 'the answer after the flood');
    // At the cap, with the reserve full, the command got in only by closing an idle connection of
    // the flood; the shedding is logged once for the whole flood, not once per connection.
    expect(h.logs.filter((e) => e.event === 'http.connections_shed')).toHaveLength(1);
  });
});

/** A signed event that Bolt acks and headroom's listeners ignore (no Web API call per event). */
function ignoredEvent(n: number): string {
  return JSON.stringify({
    token: 'legacy',
    team_id: TEAM_ID,
    api_app_id: 'A0HEADROOM',
    type: 'event_callback',
    event_id: `Ev${String(n).padStart(8, '0')}`,
    event_time: Math.floor(Date.now() / 1000),
    event: { type: 'reaction_added', user: 'U0SOMEONE', reaction: 'eyes', item: { type: 'message', channel: 'C0GENERAL', ts: '1.000001' }, event_ts: `${n}.000001` },
  });
}

/** A connection opened and waiting: the burst's requests go out only once every one is connected. */
async function connected(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => {
    socket.once('connect', () => resolve());
    socket.once('error', () => resolve());
  });
  return socket;
}

/** Sends one signed POST on `socket`: resolves with the status, or 'closed' / the error code when none came. */
function postOn(socket: Socket, body: string): Promise<number | string> {
  const timestamp = Math.floor(Date.now() / 1000);
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (status) resolve(Number(status[1]));
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    socket.on('close', () => resolve('closed'));
    if (socket.destroyed) return resolve('closed');
    socket.write(
      `POST /slack/events HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Slack-Request-Timestamp: ${timestamp}\r\nX-Slack-Signature: ${slackSignature(SIGNING_SECRET, timestamp, body)}\r\n\r\n${body}`,
    );
  });
}

describe('Slack HTTP port under a burst (default caps)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ mode: 'http' });
  });
  afterAll(async () => {
    await h.stop();
  });

  it('acks 1,100 signed events sent at once, each on its own connection, with none closed unanswered', async () => {
    const port = h.handle.port!;
    const sockets = await Promise.all(Array.from({ length: 1100 }, () => connected(port)));
    // Let the server accept every one (the kernel completes handshakes ahead of Node's accept).
    await sleep(300);
    const outcomes = await Promise.all(sockets.map((socket, n) => postOn(socket, ignoredEvent(n))));
    for (const socket of sockets) socket.destroy();
    const tally = new Map<number | string, number>();
    for (const outcome of outcomes) tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
    expect(Object.fromEntries(tally)).toEqual({ 200: 1100 });
  }, 60_000);
});

describe('an exact replay sent to another replica (signatures are remembered per process)', () => {
  it('is answered once: the listeners claim the trigger id in the shared store', async () => {
    const h = await startHarness({ mode: 'http' });
    const store = h.store;
    const second = await startSlack(
      { mode: 'http', botToken: 'xoxb-test-token', appToken: null, signingSecret: SIGNING_SECRET, port: 0, apiUrl: h.standin.apiUrl, webApiRetries: 0 },
      { store, log: () => undefined, respond: fakeRespond, loadChart: async () => null, limiter: unlimited(), host: '127.0.0.1' },
    );
    try {
      const before = h.standin.callsOf('chat.postMessage').length;
      const body = form(slashCommand('13b replayed elsewhere', h.standin.responseUrl()));
      const timestamp = Math.floor(Date.now() / 1000);
      const signature = slackSignature(SIGNING_SECRET, timestamp, body);
      for (const port of [h.handle.port!, second.port!]) {
        const ack = await postSigned({ url: `http://127.0.0.1:${port}/slack/events`, body, contentType: 'application/x-www-form-urlencoded', secret: SIGNING_SECRET, timestampSeconds: timestamp, signature });
        expect(ack.status).toBe(200);
      }
      await waitFor(() => h.standin.callsOf('chat.postMessage').length > before, 'the answer');
      await sleep(300);
      expect(h.standin.callsOf('chat.postMessage').length - before).toBe(1);
    } finally {
      await second.stop();
      await h.stop();
    }
  });
});
