import { connect } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, slackHttpServer, REQUEST_TIMEOUT_MS } from '../../src/adapters/slack/http-server.js';
import { listen, close } from '../../src/ops/http-listen.js';
import { SIGNING_SECRET, startHarness, waitFor, type Harness } from './harness.js';
import { slashCommand } from './standin/payloads.js';
import { postSigned, slackSignature } from './standin/sign.js';

/** Sends raw bytes and resolves with what came back before the server closed or `waitMs` passed. */
function rawRequest(port: number, bytes: string, waitMs = 1500): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const done = () => {
      socket.destroy();
      resolve(received);
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (/\r\n\r\n/.test(received)) {
        clearTimeout(timer);
        setTimeout(done, 20);
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.write(bytes);
  });
}

const statusOf = (raw: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);

describe('Slack HTTP port: stray requests are refused and the bot keeps answering', () => {
  let h: Harness;
  let base: string;
  beforeAll(async () => {
    h = await startHarness({ mode: 'http' });
    base = `http://127.0.0.1:${h.handle.port}`;
  });
  afterAll(async () => {
    await h.stop();
  });

  const form = (fields: Record<string, unknown>) => new URLSearchParams(fields as Record<string, string>).toString();

  it.each([
    ['GET /', 'GET', '/', 404],
    ['GET /favicon.ico', 'GET', '/favicon.ico', 404],
    ['HEAD /', 'HEAD', '/', 404],
    ['POST /slack/events/ (trailing slash)', 'POST', '/slack/events/', 404],
    ['GET /slack/events', 'GET', '/slack/events', 405],
    ['PUT /slack/events', 'PUT', '/slack/events', 405],
  ])('%s is answered %i', async (_label, method, path, status) => {
    const response = await fetch(`${base}${path}`, { method, ...(method === 'POST' || method === 'PUT' ? { body: '{}' } : {}) });
    expect(response.status).toBe(status);
    if (status === 405) expect(response.headers.get('allow')).toBe('POST');
  });

  it.each([
    ['an absolute-form target with a broken host', 'GET http://[::1 HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['percent garbage in the path', 'GET /%%%ZZ/../.. HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['an asterisk target', 'OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n'],
  ])('a malformed URL (%s) gets a 4xx, not a crash', async (_label, bytes) => {
    const status = statusOf(await rawRequest(h.handle.port!, bytes));
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  });

  it.each([
    ['JSON null', 'null'],
    ['a JSON number', '1'],
    ['a JSON array', '[]'],
    ['a form whose payload is null', 'payload=null'],
  ])('a correctly signed %s body is answered 400', async (_label, body) => {
    const contentType = body.startsWith('payload=') ? 'application/x-www-form-urlencoded' : 'application/json';
    const response = await postSigned({ url: `${base}/slack/events`, body, contentType, secret: SIGNING_SECRET });
    expect(response.status).toBe(400);
  });

  it('refuses a 10 MB upload without signature headers before reading its body (401 on the headers alone)', async () => {
    const raw = await rawRequest(h.handle.port!, `POST /slack/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n{"a":`);
    expect(statusOf(raw)).toBe(401);
  });

  it('refuses a stale-signed upload before reading its body', async () => {
    const old = Math.floor(Date.now() / 1000) - 3600;
    const raw = await rawRequest(
      h.handle.port!,
      `POST /slack/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Slack-Request-Timestamp: ${old}\r\nX-Slack-Signature: v0=${'a'.repeat(64)}\r\nContent-Length: 5000000\r\n\r\n{`,
    );
    expect(statusOf(raw)).toBe(401);
  });

  it('refuses a signed body over 64 KiB with 413', async () => {
    const body = JSON.stringify({ type: 'event_callback', padding: 'x'.repeat(70 * 1024) });
    const response = await postSigned({ url: `${base}/slack/events`, body, contentType: 'application/json', secret: SIGNING_SECRET });
    expect(response.status).toBe(413);
  });

  it('answers an exact replay of a signed slash command once', async () => {
    const before = h.standin.callsOf('chat.postMessage').length;
    const body = form(slashCommand('13b replayed', h.standin.responseUrl()));
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = slackSignature(SIGNING_SECRET, timestamp, body);
    for (let i = 0; i < 3; i++) {
      const response = await postSigned({ url: `${base}/slack/events`, body, contentType: 'application/x-www-form-urlencoded', secret: SIGNING_SECRET, timestampSeconds: timestamp, signature });
      expect(response.status).toBe(200);
    }
    await waitFor(() => h.standin.callsOf('chat.postMessage').length > before, 'the answer');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.standin.callsOf('chat.postMessage').length - before).toBe(1);
  });

  it('after every stray request above, a signed slash command is still answered', async () => {
    const before = h.standin.callsOf('chat.postMessage').length;
    const response = await postSigned({ url: `${base}/slack/events`, body: form(slashCommand('13b on 4xA100-80G', h.standin.responseUrl())), contentType: 'application/x-www-form-urlencoded', secret: SIGNING_SECRET });
    expect(response.status).toBe(200);
    await waitFor(() => h.standin.callsOf('chat.postMessage')[before], 'the answer after the strays');
  });
});

describe('Slack HTTP server limits', () => {
  const noHealth = () => false;
  const bolt = (_req: IncomingMessage, res: ServerResponse) => void res.end('bolt');

  it('sets header, request and keep-alive timeouts to seconds (Node would wait 60 s, 300 s), checked every second', () => {
    const server = slackHttpServer(bolt, noHealth, { signingSecret: SIGNING_SECRET, log: () => undefined });
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(5_000);
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
    expect(server.keepAliveTimeout).toBeLessThanOrEqual(5_000);
  });

  it('answers 500 with an error id, and keeps serving, when the request listener behind it throws', async () => {
    const logs: Record<string, unknown>[] = [];
    const throwing = () => {
      throw new Error('Unhandled HTTP request');
    };
    const server = slackHttpServer(throwing, noHealth, { signingSecret: SIGNING_SECRET, log: (e) => logs.push(e as Record<string, unknown>) });
    const port = await listen(server, 0, '127.0.0.1');
    try {
      const body = '{"type":"event_callback"}';
      const response = await postSigned({ url: `http://127.0.0.1:${port}/slack/events`, body, contentType: 'application/json', secret: SIGNING_SECRET });
      expect(response.status).toBe(500);
      const logged = logs.find((e) => e.event === 'slack.http.error');
      expect(response.text).toContain(String(logged?.errorId));
      expect((await fetch(`http://127.0.0.1:${port}/x`)).status).toBe(404);
    } finally {
      await close(server);
    }
  });
});
