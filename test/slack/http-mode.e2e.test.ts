import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTARTING_TEXT } from '../../src/adapters/admission.js';
import { createShutdown } from '../../src/ops/shutdown.js';
import { SIGNING_SECRET, settle, startHarness, waitFor, type Harness } from './harness.js';
import { eventCallback, mentionText, slashCommand } from './standin/payloads.js';
import { postSigned, slackSignature } from './standin/sign.js';

/** The real Bolt HTTPReceiver behind our timestamp guard, with requests signed as Slack signs them. */
describe('Slack app over HTTP (signed requests)', () => {
  let h: Harness;
  let url: string;
  beforeAll(async () => {
    h = await startHarness({ mode: 'http' });
    url = `http://127.0.0.1:${h.handle.port}/slack/events`;
  });
  afterAll(async () => {
    await h.stop();
  });

  const form = (fields: Record<string, unknown>) => new URLSearchParams(fields as Record<string, string>).toString();
  const posts = () => h.standin.callsOf('chat.postMessage');

  it('serves a correctly signed slash command: 200 ack, then the answer is posted', async () => {
    const before = posts().length;
    const response = await postSigned({ url, body: form(slashCommand('13b on 4xA100-80G', h.standin.responseUrl())), contentType: 'application/x-www-form-urlencoded', secret: SIGNING_SECRET });
    expect(response.status).toBe(200);
    const post = await waitFor(() => posts()[before], 'the answer');
    expect(post.args.channel).toBe('C0GENERAL');
  });

  it('serves a correctly signed event: the mention is answered in its thread', async () => {
    const before = posts().length;
    const mention = h.standin.addUserMessage('C0GENERAL', mentionText('7b'));
    const response = await postSigned({ url, body: JSON.stringify(eventCallback({ type: 'app_mention', text: mention.text, ts: mention.ts })), contentType: 'application/json', secret: SIGNING_SECRET });
    expect(response.status).toBe(200);
    const post = await waitFor(() => posts()[before], 'the mention answer');
    expect(post.args.thread_ts).toBe(mention.ts);
  });

  it('answers the url_verification challenge', async () => {
    const response = await postSigned({ url, body: JSON.stringify({ type: 'url_verification', challenge: 'c-123', token: 't' }), contentType: 'application/json', secret: SIGNING_SECRET });
    expect(response.status).toBe(200);
    expect(response.text).toContain('c-123');
  });

  it('refuses a wrong signature with 401 and does nothing', async () => {
    const before = posts().length;
    const body = form(slashCommand('13b', h.standin.responseUrl()));
    const wrong = slackSignature('0000000000000000ffffffffffffffff', Math.floor(Date.now() / 1000), body);
    const response = await postSigned({ url, body, contentType: 'application/x-www-form-urlencoded', secret: SIGNING_SECRET, signature: wrong });
    expect(response.status).toBe(401);
    await settle();
    expect(posts()).toHaveLength(before);
  });

  it.each([
    ['stale (10 minutes old)', -600],
    ['far in the future (10 minutes ahead)', 600],
  ])('refuses a %s timestamp with 401 even when the signature matches it', async (_label, offset) => {
    const before = posts().length;
    const body = form(slashCommand('13b', h.standin.responseUrl()));
    const response = await postSigned({ url, body, contentType: 'application/x-www-form-urlencoded', secret: SIGNING_SECRET, timestampSeconds: Math.floor(Date.now() / 1000) + offset });
    expect(response.status).toBe(401);
    await settle();
    expect(posts()).toHaveLength(before);
  });

  it('answers /healthz (liveness) with 200', async () => {
    const response = await fetch(`http://127.0.0.1:${h.handle.port}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('keeps /readyz at 200 while the store is down (answers can still be given) and reports the store in /healthz', async () => {
    const ready = await fetch(`http://127.0.0.1:${h.handle.port}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, checks: { started: true, accepting: true } });
    const original = h.store.ready.bind(h.store);
    h.store.ready = async () => false;
    (h.store as { health?: () => object }).health = () => ({ state: 'down', consecutiveFailures: 3 });
    try {
      expect((await fetch(`http://127.0.0.1:${h.handle.port}/readyz`)).status).toBe(200);
      const health = await fetch(`http://127.0.0.1:${h.handle.port}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', store: { state: 'down', consecutiveFailures: 3 } });
    } finally {
      h.store.ready = original;
      delete (h.store as { health?: () => object }).health;
    }
  });

  it('retries a chat.postMessage refused with 429 after Retry-After, and the answer arrives', async () => {
    const retrying = await startHarness({ mode: 'http', webApiRetries: 1 });
    try {
      retrying.standin.rateLimitNext('chat.postMessage', 0);
      const port = retrying.handle.port;
      const response = await postSigned({ url: `http://127.0.0.1:${port}/slack/events`, body: form(slashCommand('13b', retrying.standin.responseUrl())), contentType: 'application/x-www-form-urlencoded', secret: SIGNING_SECRET });
      expect(response.status).toBe(200);
      const posted = await waitFor(() => retrying.standin.messages.find((m) => m.channel === 'C0GENERAL'), 'the answer after the retry', 6000);
      expect(posted.text).toBeTruthy();
      expect(retrying.standin.callsOf('chat.postMessage')).toHaveLength(2);
      expect(retrying.logs.filter((e) => e.event === 'slack.post_failed')).toEqual([]);
    } finally {
      await retrying.stop();
    }
  });
});

describe('Slack HTTP mode during shutdown', () => {
  it('turns /readyz to 503 (accepting: false) and tells a new command it is restarting', async () => {
    const shutdown = createShutdown({ timeoutMs: 1000 });
    const h = await startHarness({ mode: 'http', shutdown });
    try {
      const base = `http://127.0.0.1:${h.handle.port}`;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      await shutdown.begin();
      const readyz = await fetch(`${base}/readyz`);
      expect(readyz.status).toBe(503);
      expect(await readyz.json()).toEqual({ ready: false, checks: { started: true, accepting: false } });
      const body = new URLSearchParams(slashCommand('13b', h.standin.responseUrl()) as Record<string, string>).toString();
      const response = await postSigned({ url: `${base}/slack/events`, body, contentType: 'application/x-www-form-urlencoded', secret: SIGNING_SECRET });
      expect(response.status).toBe(200);
      expect(JSON.parse(response.text)).toEqual({ response_type: 'ephemeral', text: RESTARTING_TEXT });
      await settle();
      expect(h.standin.callsOf('chat.postMessage')).toHaveLength(0);
    } finally {
      await h.stop();
    }
  });
});
