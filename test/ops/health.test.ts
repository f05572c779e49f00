import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { healthRequestListener, type HealthOptions } from '../../src/ops/health.js';
import { MemoryStore } from '../../src/state/store.js';
import { createShutdown } from '../../src/ops/shutdown.js';

let server: Server | null = null;

async function serve(options: HealthOptions): Promise<string> {
  server = createServer(healthRequestListener(options));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

describe('health endpoints', () => {
  it('/healthz is 200 even when a readiness check fails (alive, not ready)', async () => {
    const base = await serve({ checks: { store: () => false } });
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('/readyz is 200 with every check listed when the store is ready', async () => {
    const store = new MemoryStore();
    const shutdown = createShutdown({ timeoutMs: 100 });
    const base = await serve({ checks: { store: () => store.ready(), accepting: () => shutdown.accepting() } });
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ready: true, checks: { store: true, accepting: true } });

    await shutdown.begin();
    const during = await fetch(`${base}/readyz?probe=1`);
    expect(during.status).toBe(503);
    expect(await during.json()).toEqual({ ready: false, checks: { store: true, accepting: false } });
  });

  it('/readyz is 503 when a check is false, throws, or does not answer in time', async () => {
    const base = await serve({
      checks: {
        ok: () => true,
        down: async () => false,
        broken: () => {
          throw new Error('boom');
        },
        hung: () => new Promise<boolean>(() => undefined),
      },
      checkTimeoutMs: 50,
    });
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ready: false, checks: { ok: true, down: false, broken: false, hung: false } });
  });

  it('answers 404 elsewhere, 405 for other methods, and HEAD without a body', async () => {
    const base = await serve({ checks: {} });
    expect((await fetch(`${base}/slack/events`)).status).toBe(404);
    expect((await fetch(`${base}/healthz`, { method: 'POST' })).status).toBe(405);
    const head = await fetch(`${base}/readyz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
