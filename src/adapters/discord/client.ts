import { Client, GatewayIntentBits, Options, Partials } from 'discord.js';
import type { DiscordConfig } from '../../config/discord.js';
import { discordRestOptions } from './rest-options.js';

/**
 * Messages each channel keeps in discord.js's cache. headroom answers from the event itself and
 * recovers a thread by fetching its last 25 messages over REST (conversation.ts), so it needs
 * few; the default 200 per channel grows a busy shard's heap with every channel it sees.
 */
const CACHED_MESSAGES_PER_CHANNEL = 50;

/** Cached messages older than this are dropped, checked every quarter hour (seconds). */
const MESSAGE_CACHE_LIFETIME_S = 1800;

/**
 * Intents: Guilds (channels, threads), GuildMessages + the privileged MessageContent (bare
 * follow-ups in threads carry no mention), DirectMessages. DM channels are not cached before
 * their first message, hence Partials.Channel.
 */
/** Every message and interaction reply of this client, unless one overrides it (none does). */
export const NO_MENTIONS = { parse: [], repliedUser: false };

export function createDiscordClient(config: DiscordConfig): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent, GatewayIntentBits.DirectMessages],
    partials: [Partials.Channel],
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: CACHED_MESSAGES_PER_CHANNEL }),
    sweepers: { ...Options.DefaultSweeperSettings, messages: { interval: 900, lifetime: MESSAGE_CACHE_LIFETIME_S } },
    rest: discordRestOptions(config.apiUrl),
    // Nothing headroom sends pings anyone: not the requester it replies to, not a role or @everyone a request quoted.
    allowedMentions: NO_MENTIONS,
  });
}
