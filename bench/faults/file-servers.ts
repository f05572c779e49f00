import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DiscordStandIn } from '../../test/discord/standin/server.js';
import { message } from '../../test/discord/standin/payloads.js';
import type { CaseContext } from './harness.js';

/**
 * Loopback servers that play a file host or the Hub for the download faults, and the Discord
 * stand-in the bot connects to. Every body they stream is bounded in bytes and stops when the
 * client goes away.
 */

export interface Served {
  requests: number;
  withAuthorization: number;
  bytesSent: number;
}

/** Streams `prefix` then filler until `limitBytes`, with backpressure; counts what it sent. */
export function streamJson(res: ServerResponse, served: Served, limitBytes: number, prefix = '{"hidden_size": 4096, "pad": "'): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let sent = 0;
  const pump = () => {
    if (sent === 0) {
      res.write(prefix);
      sent += prefix.length;
    }
    while (sent < limitBytes && !res.destroyed) {
      sent += chunk.length;
      served.bytesSent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end('"}');
  };
  res.on('close', () => res.removeAllListeners('drain'));
  pump();
}

/** A loopback HTTP server whose every request goes to `handle`, closed at the end of the case. */
export async function fileServer(ctx: CaseContext, handle: (req: IncomingMessage, res: ServerResponse, served: Served) => void): Promise<{ url: string; served: Served }> {
  const served: Served = { requests: 0, withAuthorization: 0, bytesSent: 0 };
  const server: Server = createServer((req, res) => {
    served.requests += 1;
    if (req.headers.authorization) served.withAuthorization += 1;
    req.resume();
    handle(req, res, served);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ctx.defer(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, served };
}

/** A file that serves `bytes` of JSON however small the size it was announced with. */
export const BIG_BODY_BYTES = 200 * 1024 * 1024;

/** A config.json whose words are unmistakable if they come back in a reply. */
export const DISTINCTIVE_WORDS = ['ZanzibarQuokka', 'quokkaformer'];
export const DISTINCTIVE_CONFIG = JSON.stringify({
  architectures: ['ZanzibarQuokkaForCausalLM'],
  model_type: 'quokkaformer',
  hidden_size: 4096,
  num_hidden_layers: 32,
  num_attention_heads: 32,
  intermediate_size: 11008,
  vocab_size: 32000,
});

export async function discordStandIn(ctx: CaseContext): Promise<{ standin: DiscordStandIn; env: Record<string, string> }> {
  const standin = await new DiscordStandIn().start();
  ctx.defer(() => standin.stop());
  return { standin, env: { DISCORD_TOKEN: 'faultbench.token.xxxxxxxxxxxxxxxxxxxx', DISCORD_APP_ID: standin.appId, DISCORD_API_URL: standin.apiUrl } };
}

/** A mention with one attachment named config.json, declared `size` bytes, at `url`. */
export function mentionWithAttachment(standin: DiscordStandIn, url: string, size: number): void {
  const msg = message({
    channelId: standin.channelId,
    guildId: standin.guildId,
    author: standin.human,
    content: `<@${standin.appId}> inference on h100`,
    mentions: [standin.botUser],
    attachments: [{ id: '1', filename: 'config.json', size, url, proxy_url: url }],
  });
  standin.dispatch('MESSAGE_CREATE', { ...msg, channel_type: 0, member: standin.memberPayload() });
}

/** The bot's reply in the stand-in's channel (its text and embeds), or null after `timeoutMs`. */
export async function discordReply(standin: DiscordStandIn, timeoutMs: number): Promise<string | null> {
  try {
    const post = await standin.waitForRequest((r) => r.method === 'POST' && r.path === `/api/v10/channels/${standin.channelId}/messages`, timeoutMs);
    return JSON.stringify(post.body);
  } catch {
    return null;
  }
}
