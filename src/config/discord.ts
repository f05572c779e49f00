import { z } from 'zod';

/**
 * Discord settings from the environment. Credentials are DISCORD_TOKEN and DISCORD_APP_ID;
 * with neither set the bot is simply off (null). A half-configured bot is an error that names
 * the variable at fault and never echoes its value (tokens must not reach logs).
 */

/** Discord ids are snowflakes: 64-bit integers written in decimal (17–20 digits today). */
const snowflake = z.string().regex(/^\d{1,20}$/);

export const discordConfigSchema = z.object({
  token: z.string().min(20),
  appId: snowflake,
  /** REST base, e.g. https://discord.com/api (discord.js default) or a loopback stand-in. */
  apiUrl: z.url().optional(),
  /** Guild for `discord:register` during development; global registration otherwise. */
  guildId: snowflake.optional(),
  /** Total shard count for ShardingManager (Discord requires sharding from 2,500 guilds). */
  shards: z.coerce.number().int().min(1).max(100_000).optional(),
});

export type DiscordConfig = z.infer<typeof discordConfigSchema>;

const VARIABLE_OF: Record<keyof DiscordConfig, string> = {
  token: 'DISCORD_TOKEN',
  appId: 'DISCORD_APP_ID',
  apiUrl: 'DISCORD_API_URL',
  guildId: 'DISCORD_GUILD_ID',
  shards: 'DISCORD_SHARDS',
};

const EXPECTED: Record<keyof DiscordConfig, string> = {
  token: 'the bot token from the Developer Portal (Bot → Reset Token)',
  appId: 'the numeric application id (General Information → Application ID)',
  apiUrl: 'an http(s) URL such as https://discord.com/api',
  guildId: 'a numeric guild (server) id',
  shards: 'a whole number of shards, at least 1',
};

export class DiscordConfigError extends Error {
  constructor(readonly variable: string, reason: string) {
    super(`${variable} ${reason}`);
    this.name = 'DiscordConfigError';
  }
}

function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function discordConfigFromEnv(env: Record<string, string | undefined>): DiscordConfig | null {
  const raw = {
    token: present(env.DISCORD_TOKEN),
    appId: present(env.DISCORD_APP_ID),
    apiUrl: present(env.DISCORD_API_URL),
    guildId: present(env.DISCORD_GUILD_ID),
    shards: present(env.DISCORD_SHARDS),
  };
  if (raw.token === undefined && raw.appId === undefined) return null;
  for (const key of ['token', 'appId'] as const) {
    if (raw[key] === undefined) {
      throw new DiscordConfigError(VARIABLE_OF[key], `is missing (Discord is half-configured); expected ${EXPECTED[key]}`);
    }
  }
  const parsed = discordConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.path[0] as keyof DiscordConfig;
    throw new DiscordConfigError(VARIABLE_OF[key], `is malformed; expected ${EXPECTED[key]}`);
  }
  return parsed.data;
}
