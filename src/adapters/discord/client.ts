import { Client, GatewayIntentBits, Partials } from 'discord.js';
import type { DiscordConfig } from '../../config/discord.js';

/**
 * Intents: Guilds (channels, threads), GuildMessages + the privileged MessageContent (bare
 * follow-ups in threads carry no mention), DirectMessages. DM channels are not cached before
 * their first message, hence Partials.Channel.
 */
export function createDiscordClient(config: DiscordConfig): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent, GatewayIntentBits.DirectMessages],
    partials: [Partials.Channel],
    rest: config.apiUrl ? { api: config.apiUrl } : {},
  });
}
