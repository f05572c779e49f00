import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('answers health checks', async () => {
    const response = await fetch(`http://127.0.0.1:${h.handle.port}/healthz`);
    expect(response.status).toBe(200);
  });
});
