import { Events } from 'discord.js';
import type { DiscordConfig } from '../../config/discord.js';
import { discordAttachmentOrigins } from '../attached-config.js';
import { createDiscordClient } from './client.js';
import { buildHandlerDeps, type DiscordDeps } from './handler-deps.js';
import { registerListeners } from './listeners.js';

export { startDiscordSharded } from './sharded.js';
export { startDiscordInteractions } from './http/index.js';
export type { DiscordDeps };

/** Logs in, waits until the client is ready to serve, and returns how to stop it. */
export async function startDiscord(config: DiscordConfig, deps: DiscordDeps): Promise<{ stop(): Promise<void> }> {
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
  return {
    async stop() {
      await client.destroy();
    },
  };
}
