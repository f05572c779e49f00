import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscord } from '../../src/adapters/discord/index.js';
import { respond } from '../../src/core/assistant.js';
import { MemoryStore } from '../../src/state/store.js';
import { message } from '../discord/standin/payloads.js';
import { DiscordStandIn } from '../discord/standin/server.js';
import { READ_ONLY, SERVED } from './fixtures/repos.js';
import { startHubStandin, type HubStandin } from './standin.js';

/**
 * Discord (gateway stand-in) with the real core and the stand-in Hub: a slash command naming a
 * Hub id is deferred before the fetch, then edited with the answer; a mention with a config.json
 * attachment is read from the attachment's URL when it is on Discord's CDN (here: the stand-in's
 * origin, which DISCORD_API_URL names), and refused unrequested anywhere else.
 */
let hub: HubStandin;
/** Another host on loopback: it counts connections, and holds words that must never reach a reply. */
let foreign: Server;
let foreignUrl = '';
let foreignConnections = 0;
const FOREIGN_WORDS = 'internal-metadata-secret-words';
let config = '';
let standin: DiscordStandIn;
let bot: { stop(): Promise<void> };

beforeAll(async () => {
  hub = await startHubStandin(SERVED);
  process.env.HF_ENDPOINT = hub.url;
  process.env.HEADROOM_HUB_CACHE_DIR = 'off';
  config = JSON.stringify(READ_ONLY.find((f) => f.repo === 'openai/gpt-oss-20b')!.config);
  foreign = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ model_type: 'llama', note: FOREIGN_WORDS }));
  });
  foreign.on('connection', () => foreignConnections++);
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
  standin = await new DiscordStandIn().start();
  bot = await startDiscord({ token: 'standin.token.xxxxxxxxxxxxxxxxxxxx', appId: standin.appId, apiUrl: standin.apiUrl }, { store: new MemoryStore(), respond });
  await standin.waitForReadySocket();
});
afterAll(async () => {
  await bot?.stop();
  await standin?.stop();
  await hub?.close();
  await new Promise<void>((resolve) => foreign?.close(() => resolve()));
  delete process.env.HF_ENDPOINT;
  delete process.env.HEADROOM_HUB_CACHE_DIR;
});

describe('Discord with Hub ids and an attached config.json', () => {
  it('/headroom with a Hub id: deferred first, then the answer for the Hub model', async () => {
    const interaction = standin.slashCommand('Qwen/Qwen2.5-7B-Instruct inference on h100');
    const callback = await standin.waitForRequest((r) => r.method === 'POST' && r.path.includes(`/interactions/${interaction.id}/`));
    expect(callback.body.type).toBe(5);
    const edit = await standin.waitForRequest((r) => r.method === 'PATCH' && r.path.includes(interaction.token));
    expect(JSON.stringify(edit.body.embeds)).toContain('Qwen2.5-7B-Instruct (7.6 B params');
  });

  it('/headroom with a missing repo: the deferred response becomes the error', async () => {
    const interaction = standin.slashCommand('nobody/no-such-model lora');
    const edit = await standin.waitForRequest((r) => r.method === 'PATCH' && r.path.includes(interaction.token));
    expect(JSON.stringify(edit.body.embeds)).toMatch(/no such model on the Hub/);
  });

  const mentionWith = (url: string) => {
    const msg = message({
      channelId: standin.channelId,
      guildId: standin.guildId,
      author: standin.human,
      content: `<@${standin.appId}> inference on h100`,
      mentions: [standin.botUser],
      attachments: [{ id: '1', filename: 'config.json', size: 900, url, proxy_url: url }],
    });
    standin.dispatch('MESSAGE_CREATE', { ...msg, channel_type: 0, member: standin.memberPayload() });
    return standin.waitForRequest((r) => r.method === 'POST' && r.path === `/api/v10/channels/${standin.channelId}/messages` && JSON.stringify(r.body).includes(msg.id));
  };

  it('a mention with a config.json attachment on the CDN is answered for that config', async () => {
    const answer = await mentionWith(standin.hostAttachment('config.json', config));
    expect(JSON.stringify(answer.body.embeds)).toMatch(/gpt(?:\\\\)?_oss from config\.json/);
  });

  it('an attachment URL on another host is never requested, and the answer says so in Discord\'s words, not Slack\'s', async () => {
    const answer = await mentionWith(`${foreignUrl}/config.json`);
    const said = JSON.stringify(answer.body);
    expect(foreignConnections).toBe(0);
    expect(said).toMatch(/does not point to Discord's CDN/);
    expect(said).not.toMatch(/files:read|Slack/);
    expect(said).not.toContain(FOREIGN_WORDS);
  });
});
