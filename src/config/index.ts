import { z } from 'zod';
import { discordConfigFromEnv, type DiscordConfig } from './discord.js';
import { slackConfigFromEnv, type SlackConfig } from './slack.js';

/**
 * All configuration, read once at start from the environment (.env via dotenv) and validated
 * with zod. Errors name the variable, never its value.
 */
const coreEnvSchema = z.object({
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' }).optional(),
  HEADROOM_DB_PATH: z.string().min(1, 'HEADROOM_DB_PATH must be a file path').default('headroom-state.sqlite'),
  HEADROOM_STATE_TTL_DAYS: z.coerce.number({ error: 'HEADROOM_STATE_TTL_DAYS must be a number' }).positive('HEADROOM_STATE_TTL_DAYS must be above 0').default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent' }).default('info'),
});

export interface Config {
  slack: SlackConfig | null;
  discord: DiscordConfig | null;
  store: { redisUrl?: string; sqlitePath: string; ttlMs: number };
  logLevel: z.infer<typeof coreEnvSchema>['LOG_LEVEL'];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function blankToUndefined(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v?.trim() ? v : undefined]));
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = coreEnvSchema.safeParse(blankToUndefined(env));
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => i.message).join('; '));
  const core = parsed.data;
  return {
    slack: slackConfigFromEnv(env),
    discord: discordConfigFromEnv(env),
    store: { redisUrl: core.REDIS_URL, sqlitePath: core.HEADROOM_DB_PATH, ttlMs: core.HEADROOM_STATE_TTL_DAYS * 24 * 3600 * 1000 },
    logLevel: core.LOG_LEVEL,
  };
}
