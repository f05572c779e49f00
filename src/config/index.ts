import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { DEFAULT_MAX_IN_FLIGHT } from '../adapters/admission.js';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from '../ops/rate-limit.js';
import { discordConfigFromEnv, type DiscordConfig } from './discord.js';
import { hubConfigFromEnv, type HubConfig } from './hub.js';
import { slackConfigFromEnv, type SlackConfig } from './slack.js';

/** An on/off switch: 1/true/yes/on or 0/false/no/off (any case); off when unset. */
function flag(name: string) {
  return z
    .string()
    .regex(/^(1|0|true|false|yes|no|on|off)$/i, `${name} must be 1 or 0 (or true / false)`)
    .transform((v) => /^(1|true|yes|on)$/i.test(v))
    .default(false);
}

/** A rate-limit number (src/ops/rate-limit.ts): at least `min`, DEFAULT_RATE_LIMITS when unset. */
function limit(name: string, min: number, fallback: number) {
  return z.coerce.number({ error: `${name} must be a number` }).min(min, `${name} must be at least ${min}`).default(fallback);
}

/**
 * All configuration, read once at start from the environment (.env via dotenv) and validated
 * with zod. Errors name the variable, never its value.
 */
const coreEnvSchema = z.object({
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' }).optional(),
  HEADROOM_DB_PATH: z.string().min(1, 'HEADROOM_DB_PATH must be a file path').default('headroom-state.sqlite'),
  HEADROOM_STATE_TTL_DAYS: z.coerce.number({ error: 'HEADROOM_STATE_TTL_DAYS must be a number' }).positive('HEADROOM_STATE_TTL_DAYS must be above 0').default(30),
  HEADROOM_REDIS_ALIVE_MS: z.coerce.number({ error: 'HEADROOM_REDIS_ALIVE_MS must be a number' }).int('HEADROOM_REDIS_ALIVE_MS must be a whole number').min(1000, 'HEADROOM_REDIS_ALIVE_MS must be at least 1000').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent' }).default('info'),
  HOST: z.string().regex(/^[A-Za-z0-9.:-]+$/, 'HOST must be an IP address or host name, e.g. 127.0.0.1').optional(),
  LOG_PRETTY: flag('LOG_PRETTY'),
  LOG_MESSAGE_TEXT: flag('LOG_MESSAGE_TEXT'),
  HEADROOM_COMPUTE_THREADS: z.coerce
    .number({ error: 'HEADROOM_COMPUTE_THREADS must be a number' })
    .int('HEADROOM_COMPUTE_THREADS must be a whole number')
    .min(0, 'HEADROOM_COMPUTE_THREADS must be 0 (answer on the main thread) or more')
    .max(16, 'HEADROOM_COMPUTE_THREADS must be at most 16')
    .optional(),
  HEADROOM_MAX_IN_FLIGHT: z.coerce
    .number({ error: 'HEADROOM_MAX_IN_FLIGHT must be a number' })
    .int('HEADROOM_MAX_IN_FLIGHT must be a whole number')
    .min(1, 'HEADROOM_MAX_IN_FLIGHT must be at least 1')
    .default(DEFAULT_MAX_IN_FLIGHT),
  RATE_LIMIT_USER_BURST: limit('RATE_LIMIT_USER_BURST', 1, DEFAULT_RATE_LIMITS.user.burst),
  RATE_LIMIT_USER_PER_MIN: limit('RATE_LIMIT_USER_PER_MIN', 0, DEFAULT_RATE_LIMITS.user.perMinute),
  RATE_LIMIT_CHANNEL_BURST: limit('RATE_LIMIT_CHANNEL_BURST', 1, DEFAULT_RATE_LIMITS.channel.burst),
  RATE_LIMIT_CHANNEL_PER_MIN: limit('RATE_LIMIT_CHANNEL_PER_MIN', 0, DEFAULT_RATE_LIMITS.channel.perMinute),
  RATE_LIMIT_USER_CPU_MS: limit('RATE_LIMIT_USER_CPU_MS', 1, DEFAULT_RATE_LIMITS.cpu.burstMs),
  RATE_LIMIT_USER_CPU_MS_PER_MIN: limit('RATE_LIMIT_USER_CPU_MS_PER_MIN', 0, DEFAULT_RATE_LIMITS.cpu.perMinuteMs),
});

export interface Config {
  slack: SlackConfig | null;
  discord: DiscordConfig | null;
  /** HF_ENDPOINT, HF_TOKEN and the Hub cache (src/config/hub.ts). */
  hub: HubConfig;
  /** aliveTtlMs: HEADROOM_REDIS_ALIVE_MS, how long a Redis replica that stops beating counts as alive (src/state/redis-journal.ts). */
  store: { redisUrl?: string; sqlitePath: string; ttlMs: number; aliveTtlMs?: number };
  logLevel: z.infer<typeof coreEnvSchema>['LOG_LEVEL'];
  /** HOST: the interface Slack HTTP mode binds; every interface when unset (a container's port). */
  host?: string;
  /** LOG_PRETTY: one-line human logs instead of JSON. */
  logPretty: boolean;
  /** LOG_MESSAGE_TEXT: log users' message text (local debugging only). */
  logMessageText: boolean;
  /** Per-user and per-channel token buckets (RATE_LIMIT_*). */
  rateLimits: RateLimitConfig;
  /** HEADROOM_COMPUTE_THREADS: worker threads that compute answers (0 = on the main thread). */
  computeThreads: number;
  /** HEADROOM_MAX_IN_FLIGHT: requests answered at once before new ones are told "busy". */
  maxInFlight: number;
}

/**
 * One compute thread when there is a second core for it (src/adapters/compute/respond-pool.ts):
 * the main thread then only receives, acknowledges and posts. On one core a worker would only
 * add a message hop.
 */
export function defaultComputeThreads(cores = availableParallelism()): number {
  return cores > 1 ? 1 : 0;
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
    hub: hubConfigFromEnv(env),
    store: { redisUrl: core.REDIS_URL, sqlitePath: core.HEADROOM_DB_PATH, ttlMs: core.HEADROOM_STATE_TTL_DAYS * 24 * 3600 * 1000, aliveTtlMs: core.HEADROOM_REDIS_ALIVE_MS },
    logLevel: core.LOG_LEVEL,
    host: core.HOST,
    logPretty: core.LOG_PRETTY,
    logMessageText: core.LOG_MESSAGE_TEXT,
    rateLimits: {
      user: { burst: core.RATE_LIMIT_USER_BURST, perMinute: core.RATE_LIMIT_USER_PER_MIN },
      channel: { burst: core.RATE_LIMIT_CHANNEL_BURST, perMinute: core.RATE_LIMIT_CHANNEL_PER_MIN },
      cpu: { burstMs: core.RATE_LIMIT_USER_CPU_MS, perMinuteMs: core.RATE_LIMIT_USER_CPU_MS_PER_MIN },
      maxBuckets: DEFAULT_RATE_LIMITS.maxBuckets,
    },
    computeThreads: core.HEADROOM_COMPUTE_THREADS ?? defaultComputeThreads(),
    maxInFlight: core.HEADROOM_MAX_IN_FLIGHT,
  };
}
