import { z } from 'zod';

/**
 * Discord settings from the environment. Credentials are DISCORD_TOKEN and DISCORD_APP_ID;
 * with neither set the bot is simply off (null). A half-configured bot is an error that names
 * the variable at fault and never echoes its value (tokens must not reach logs).
 *
 * DISCORD_PUBLIC_KEY switches on the HTTP interactions endpoint (Discord POSTs slash commands,
 * buttons and autocomplete to it, signed with Ed25519) on DISCORD_HTTP_PORT. The gateway keeps
 * running next to it (mentions, DMs and thread follow-ups arrive only there) unless
 * DISCORD_GATEWAY is off, which extra interactions-only processes behind a load balancer use.
 */

/** Discord ids are snowflakes: 64-bit integers written in decimal (17–20 digits today). */
const snowflake = z.string().regex(/^\d{1,20}$/);

/** Port of the interactions endpoint when DISCORD_HTTP_PORT is unset: next to Slack's default PORT 3000, so both fit in one process. */
export const DEFAULT_DISCORD_HTTP_PORT = 3001;

/** What the environment holds, one key per variable (VARIABLE_OF names them). */
const discordEnvSchema = z.object({
  token: z.string().min(20),
  appId: snowflake,
  /** REST base, e.g. https://discord.com/api (discord.js default) or a loopback stand-in. */
  apiUrl: z.url().optional(),
  /** Guild for `discord:register` during development; global registration otherwise. */
  guildId: snowflake.optional(),
  /** Total shard count for ShardingManager (Discord requires sharding from 2,500 guilds). */
  shards: z.coerce.number().int().min(1).max(100_000).optional(),
  /** The application's Ed25519 public key: 32 bytes, hex. */
  publicKey: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .transform((hex) => hex.toLowerCase())
    .optional(),
  httpPort: z.coerce.number().int().min(1).max(65_535).optional(),
  gateway: z
    .string()
    .regex(/^(1|0|true|false|yes|no|on|off)$/i)
    .transform((v) => /^(1|true|yes|on)$/i.test(v))
    .optional(),
});

type DiscordEnv = z.infer<typeof discordEnvSchema>;

/** HTTP interactions mode: where Discord's signed POSTs are received. */
export interface DiscordInteractionsConfig {
  /** Lower-case hex of the application's Ed25519 public key (General Information → Public Key). */
  publicKey: string;
  /** Port of `POST /discord/interactions`, `/healthz` and `/readyz`. */
  port: number;
}

export interface DiscordConfig {
  token: string;
  appId: string;
  apiUrl?: string;
  guildId?: string;
  shards?: number;
  /** Set when DISCORD_PUBLIC_KEY is: serve the HTTP interactions endpoint. */
  interactions?: DiscordInteractionsConfig;
  /** false (DISCORD_GATEWAY=off): open no gateway connection, serve HTTP interactions only. Absent: connect. */
  gateway?: boolean;
}

const VARIABLE_OF: Record<keyof DiscordEnv, string> = {
  token: 'DISCORD_TOKEN',
  appId: 'DISCORD_APP_ID',
  apiUrl: 'DISCORD_API_URL',
  guildId: 'DISCORD_GUILD_ID',
  shards: 'DISCORD_SHARDS',
  publicKey: 'DISCORD_PUBLIC_KEY',
  httpPort: 'DISCORD_HTTP_PORT',
  gateway: 'DISCORD_GATEWAY',
};

const EXPECTED: Record<keyof DiscordEnv, string> = {
  token: 'the bot token from the Developer Portal (Bot → Reset Token)',
  appId: 'the numeric application id (General Information → Application ID)',
  apiUrl: 'an http(s) URL such as https://discord.com/api',
  guildId: 'a numeric guild (server) id',
  shards: 'a whole number of shards, at least 1',
  publicKey: 'the 64 hex characters of General Information → Public Key',
  httpPort: 'a port number between 1 and 65535, e.g. 3001',
  gateway: 'on or off (1 / 0, true / false)',
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
    publicKey: present(env.DISCORD_PUBLIC_KEY),
    httpPort: present(env.DISCORD_HTTP_PORT),
    gateway: present(env.DISCORD_GATEWAY),
  };
  if (raw.token === undefined && raw.appId === undefined) {
    if (raw.publicKey !== undefined) {
      throw new DiscordConfigError(VARIABLE_OF.appId, `is missing (DISCORD_PUBLIC_KEY is set); expected ${EXPECTED.appId}`);
    }
    return null;
  }
  for (const key of ['token', 'appId'] as const) {
    if (raw[key] === undefined) {
      throw new DiscordConfigError(VARIABLE_OF[key], `is missing (Discord is half-configured); expected ${EXPECTED[key]}`);
    }
  }
  const parsed = discordEnvSchema.safeParse(raw);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.path[0] as keyof DiscordEnv;
    throw new DiscordConfigError(VARIABLE_OF[key], `is malformed; expected ${EXPECTED[key]}`);
  }
  const { publicKey, httpPort, gateway, ...rest } = parsed.data;
  if (publicKey === undefined) {
    if (httpPort !== undefined) throw new DiscordConfigError(VARIABLE_OF.httpPort, 'is set but DISCORD_PUBLIC_KEY is not: HTTP interactions need the public key to verify requests');
    if (gateway === false) throw new DiscordConfigError(VARIABLE_OF.gateway, 'is off but DISCORD_PUBLIC_KEY is unset: nothing would serve Discord');
  }
  if (gateway === false && rest.shards !== undefined) {
    throw new DiscordConfigError(VARIABLE_OF.shards, 'is set but DISCORD_GATEWAY is off: shards are gateway connections');
  }
  const config: DiscordConfig = { ...rest };
  if (publicKey !== undefined) config.interactions = { publicKey, port: httpPort ?? DEFAULT_DISCORD_HTTP_PORT };
  if (gateway === false) config.gateway = false;
  return config;
}
