import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { guardedServer, type GuardedServerOptions, type GuardedServer } from '../../src/ops/connection-guard.js';
import { isHealthRequest } from '../../src/ops/health.js';
import { close, listen } from '../../src/ops/http-listen.js';

/**
 * The connection policy through real sockets on loopback: caps evict idle connections instead
 * of refusing newcomers, health probes get through when every connection is busy, and slow
 * headers are cut off. Caps are lowered so the tests stay light (bench:load -- --connections
 * runs the real numbers).
 */

const GRACE_MS = 100;
const servers: GuardedServer[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => close(server)));
});

/** `/hold` never answers (a request being handled); `/healthz` and anything else answer 200 at once. */
async function serve(options: Partial<GuardedServerOptions>): Promise<{ port: number; server: GuardedServer }> {
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/hold') return;
    res.end(`served ${req.url}`);
  };
  const server = guardedServer(handler, { alwaysServed: isHealthRequest, evictionGraceMs: GRACE_MS, ...options });
  servers.push(server);
  return { port: await listen(server, 0, '127.0.0.1'), server };
}

/** An open connection, optionally from another loopback address (127.0.0.2) and with bytes already sent. */
async function open(port: number, options: { from?: string; send?: string } = {}): Promise<Socket> {
  const socket = connect({ port, host: '127.0.0.1', localAddress: options.from });
  socket.on('error', () => undefined);
  // Read what comes (a 408, the server's FIN), so a close is seen as one.
  socket.resume();
  sockets.push(socket);
  await new Promise((resolve) => socket.once('connect', resolve));
  if (options.send) socket.write(options.send);
  return socket;
}

const closed = (socket: Socket) => socket.destroyed || socket.readyState === 'closed';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request on a fresh connection: the status, or 0 when the connection closed without one. */
async function get(port: number, path: string): Promise<number> {
  const socket = await open(port);
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (status) resolve(Number(status[1]));
    });
    socket.on('close', () => resolve(0));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
  });
}

describe('connection guard', () => {
  it('at the cap, closes the oldest idle connections instead of refusing the newcomer', async () => {
    const { port, server } = await serve({ maxConnections: 16, maxConnectionsPerIp: 16 });
    const idle: Socket[] = [];
    for (let i = 0; i < 24; i++) idle.push(await open(port));
    await sleep(GRACE_MS * 2);
    expect(await get(port, '/work')).toBe(200);
    expect(await get(port, '/healthz')).toBe(200);
    const counts = server.connectionCounts();
    expect(counts.open).toBeLessThanOrEqual(16 + counts.reserved);
    // The oldest went first: of the idle ones, those opened last are the ones still open.
    await sleep(50);
    const stillOpen = idle.map((s) => !closed(s));
    expect(stillOpen.lastIndexOf(false)).toBeLessThan(stillOpen.indexOf(true));
    expect(stillOpen.filter((o) => !o).length).toBeGreaterThan(0);
  });

  it('keeps an idle keep-alive connection that has served a request until the cap needs its slot', async () => {
    const { port } = await serve({ maxConnections: 2, maxConnectionsPerIp: 2 });
    const first = await open(port, { send: 'GET /a HTTP/1.1\r\nHost: x\r\n\r\n' });
    await new Promise((resolve) => first.once('data', resolve));
    const second = await open(port);
    await sleep(GRACE_MS * 2);
    expect(closed(first)).toBe(false);
    expect(await get(port, '/b')).toBe(200);
    await sleep(50);
    // The served-and-idle one and the silent one were both candidates; the older one went.
    expect(closed(first)).toBe(true);
    expect(closed(second)).toBe(false);
  });

  it('at the per-address cap, closes that address’s oldest idle connection and leaves other addresses alone', async () => {
    const { port } = await serve({ maxConnections: 100, maxConnectionsPerIp: 3 });
    const other = await open(port, { from: '127.0.0.2' });
    const mine = [await open(port), await open(port), await open(port)];
    await sleep(GRACE_MS * 2);
    expect(await get(port, '/x')).toBe(200);
    await sleep(50);
    expect(closed(other)).toBe(false);
    expect(closed(mine[0]!)).toBe(true);
    expect(mine.slice(1).every((s) => !closed(s))).toBe(true);
  });

  it('never evicts a connection younger than the grace that is still waiting for its headers (a burst of requests, not idlers)', async () => {
    const { port, server } = await serve({ maxConnections: 4, maxConnectionsPerIp: 4, evictionGraceMs: 60_000, reserved: 2 });
    const young = [];
    for (let i = 0; i < 4; i++) young.push(await open(port));
    expect(await get(port, '/healthz')).toBe(200); // on a reserved connection
    expect(young.every((s) => !closed(s))).toBe(true);
    expect(server.connectionCounts().evicted).toBe(0);
  });

  it('when every connection is handling a request, /healthz still gets through and other paths get 503', async () => {
    const { port } = await serve({ maxConnections: 8, maxConnectionsPerIp: 8, reserved: 2 });
    const busy: Socket[] = [];
    for (let i = 0; i < 8; i++) busy.push(await open(port, { send: 'GET /hold HTTP/1.1\r\nHost: x\r\n\r\n' }));
    await sleep(GRACE_MS * 2);
    expect(await get(port, '/healthz')).toBe(200);
    expect(await get(port, '/readyz')).toBe(200);
    expect(await get(port, '/work')).toBe(503);
    // Room was made among the reserved probes' own idle connections, never among requests in progress.
    expect(busy.every((s) => !closed(s))).toBe(true);
  });

  it('closes a connection whose headers are still incomplete after the header timeout, and one that sends nothing', async () => {
    const { port } = await serve({ headersTimeoutMs: 500, requestTimeoutMs: 1000 });
    const slow = await open(port, { send: 'GET /slow HTTP/1.1\r\nHost: x\r\nX-Trickle: ' });
    const silent = await open(port);
    const trickle = setInterval(() => slow.writable && slow.write('a'), 100);
    try {
      // A generous bound, only to catch a hang: Node's defaults would hold them 60 s and more.
      const closedWithin = (socket: Socket) => new Promise<boolean>((resolve) => {
        if (closed(socket)) return resolve(true);
        const timer = setTimeout(() => resolve(false), 8_000);
        socket.once('close', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      expect(await Promise.all([closedWithin(slow), closedWithin(silent)])).toEqual([true, true]);
    } finally {
      clearInterval(trickle);
    }
  });
});
