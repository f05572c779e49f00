import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordAttachmentOrigins, discordFiles, slackFileOrigins, slackFiles, withAttachedConfig } from '../../src/adapters/attached-config.js';
import { respond } from '../../src/core/assistant.js';
import { prepareRequest } from '../../src/hub/prefetch.js';
import { READ_ONLY } from './fixtures/repos.js';

const BOT_TOKEN = 'xoxb-attachment-test-token';
const config = JSON.stringify(READ_ONLY.find((f) => f.repo === 'Qwen/Qwen3-30B-A3B')!.config);
let base = '';
const server = createServer((req, res) => {
  // Like files.slack.com: the file with the bot token, a login page (HTML, 200) without it.
  if (req.url === '/files/config.json' && req.headers.authorization === `Bearer ${BOT_TOKEN}`) {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(config);
  }
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end('<!DOCTYPE html><html>Sign in to Slack</html>');
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('attached config.json (Slack file share, Discord attachment)', () => {
  it('a Slack file share named config.json is downloaded with the bot token and read like a pasted block', async () => {
    const files = slackFiles([{ name: 'config.json', url_private_download: `${base}/files/config.json`, size: config.length }]);
    const text = await withAttachedConfig('inference on h100', files, { token: BOT_TOKEN, platform: 'slack', origins: slackFileOrigins(`${base}/api/`) });
    const prepared = await prepareRequest(text, null);
    expect(prepared.text).toBe('inference on h100 config.json');
    const { reply } = respond(prepared.text, null, prepared.context);
    expect(reply.kind === 'estimate' && reply.scenario.model.arch.experts).toBe(128);
  });

  it('a download that returns a login page (no files:read scope) is an error that says so', async () => {
    const logs: unknown[] = [];
    const files = slackFiles([{ name: 'config.json', url_private: `${base}/files/config.json` }]);
    const text = await withAttachedConfig('inference', files, { platform: 'slack', origins: slackFileOrigins(`${base}/api/`), log: (f) => logs.push(f) });
    const prepared = await prepareRequest(text, null);
    const { reply } = respond(prepared.text, null, prepared.context);
    expect(reply.kind === 'error' && reply.message).toMatch(/couldn't download the attached config\.json .*files:read/);
    expect(logs[0]).toMatchObject({ event: 'slack.config_download_failed' });
  });

  it('other attachments are left alone and nothing is downloaded', async () => {
    const attachments = new Map([['1', { name: 'loss.png', url: `${base}/loss.png`, size: 10 }]]);
    expect(await withAttachedConfig('7b lora', discordFiles(attachments), { platform: 'discord', origins: discordAttachmentOrigins(base) })).toBe('7b lora');
  });
});
