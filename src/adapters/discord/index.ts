import { Events, Routes } from 'discord.js';
import type { DiscordConfig } from '../../config/discord.js';
import { discordAttachmentOrigins } from '../attached-config.js';
import { createDiscordClient } from './client.js';
import { buildHandlerDeps, type DiscordDeps } from './handler-deps.js';
import { registerListeners } from './listeners.js';
import { answerDiscordLeftOver } from './left-over.js';

export { startDiscordSharded } from './sharded.js';
export { startDiscordInteractions } from './http/index.js';
export type { DiscordDeps };

/** Logs in, waits until the client is ready to serve, and returns how to stop it. */
export async function startDiscord(config: DiscordConfig, deps: DiscordDeps): Promise<{ stop(): Promise<void> }> {
  const startedAt = Date.now();
  const handlerDeps = { ...(await buildHandlerDeps(deps)), attachmentOrigins: discordAttachmentOrigins(config.apiUrl) };
  const log = handlerDeps.log;
  const client = createDiscordClient(config);
  registerListeners(client, handlerDeps);
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(config.token);
    await ready;
  } catch (error) {
    await client.destroy();
    throw error;
  }
  log({ event: 'discord.ready', user: client.user?.tag, shards: client.shard?.ids ?? [0] });
  // Requests an earlier process took on and never answered are told so, once this one serves.
  if (deps.journal) {
    const rest = {
      postMessage: (channelId: string, body: Record<string, unknown>) => client.rest.post(Routes.channelMessages(channelId), { body }),
      editOriginal: (applicationId: string, token: string, body: Record<string, unknown>) => client.rest.patch(Routes.webhookMessage(applicationId, token, '@original'), { body, auth: false }),
    };
    // With the HTTP interactions endpoint here too, slash commands go there, and it tells its own (http/index.ts).
    const telling = answerDiscordLeftOver(deps.journal, rest, log, { startedAt, rows: config.interactions ? 'messages' : 'all' });
    void (deps.shutdown ? deps.shutdown.background(telling) : telling);
  }
  return {
    async stop() {
      await client.destroy();
    },
  };
}
