import { z } from 'zod';

/**
 * Slack settings from the environment. Two ways to connect (DESIGN §5):
 * - Socket Mode: bot token + app-level token (`xapp-`); no public URL needed.
 * - HTTP mode: bot token + signing secret; Slack POSTs to http://host:PORT/slack/events.
 * When both an app token and a signing secret are set, Socket Mode wins (it needs no ingress).
 */
export interface SlackConfig {
  mode: 'socket' | 'http';
  botToken: string;
  appToken: string | null;
  signingSecret: string | null;
  /** HTTP listener port (HTTP mode only). */
  port: number;
  /** Web API base URL; also used by Socket Mode's apps.connections.open. Ends with "/". */
  apiUrl: string;
  /** Web API retries per call; `undefined` keeps the SDK default. Tests set 0. */
  webApiRetries?: number;
}

/** Slack's production Web API base (the SDK default). */
export const DEFAULT_SLACK_API_URL = 'https://slack.com/api/';

const SLACK_VARIABLES = ['SLACK_BOT_TOKEN', 'SLACK_APP_TOKEN', 'SLACK_SIGNING_SECRET'] as const;

// Messages name the variable and the expected shape, never the value (it may be a secret).
const slackEnvSchema = z.object({
  SLACK_BOT_TOKEN: z.string().regex(/^xoxb-\S+$/, 'SLACK_BOT_TOKEN must be a bot token starting with "xoxb-"'),
  SLACK_APP_TOKEN: z
    .string()
    .regex(/^xapp-\S+$/, 'SLACK_APP_TOKEN must be an app-level token starting with "xapp-"')
    .optional(),
  SLACK_SIGNING_SECRET: z
    .string()
    .regex(/^[0-9a-fA-F]{16,}$/, 'SLACK_SIGNING_SECRET must be the hexadecimal signing secret from "Basic Information"')
    .optional(),
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(1, 'PORT must be between 1 and 65535')
    .max(65535, 'PORT must be between 1 and 65535')
    .default(3000),
  SLACK_API_URL: z
    .url({ protocol: /^https?$/, error: 'SLACK_API_URL must be an http(s) URL such as https://slack.com/api/' })
    .optional(),
});

/** Error raised for a partial or malformed Slack configuration; the message names the variable. */
export class SlackConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SlackConfigError';
  }
}

/** Empty strings count as unset: `.env` files often carry `SLACK_APP_TOKEN=`. */
function present(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') out[key] = value.trim();
  }
  return out;
}

/**
 * Reads the Slack settings. Returns null when no Slack credential is set (the platform is off),
 * a typed config when a complete set is present, and throws SlackConfigError naming the missing
 * or malformed variable when the set is partial or wrong.
 */
export function slackConfigFromEnv(env: Record<string, string | undefined>): SlackConfig | null {
  const vars = present(env);
  if (!SLACK_VARIABLES.some((name) => name in vars)) return null;
  if (!('SLACK_BOT_TOKEN' in vars)) {
    throw new SlackConfigError(
      'SLACK_BOT_TOKEN is missing: set it with SLACK_APP_TOKEN (Socket Mode) or SLACK_SIGNING_SECRET (HTTP mode)',
    );
  }
  if (!('SLACK_APP_TOKEN' in vars) && !('SLACK_SIGNING_SECRET' in vars)) {
    throw new SlackConfigError(
      'SLACK_APP_TOKEN (Socket Mode) or SLACK_SIGNING_SECRET (HTTP mode) is missing: SLACK_BOT_TOKEN alone cannot receive events',
    );
  }
  const parsed = slackEnvSchema.safeParse(vars);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'Slack setting');
    const message = issue.message.startsWith(variable) ? issue.message : `${variable} is invalid: ${issue.message}`;
    throw new SlackConfigError(message);
  }
  const values = parsed.data;
  const apiUrl = values.SLACK_API_URL ?? DEFAULT_SLACK_API_URL;
  return {
    mode: values.SLACK_APP_TOKEN ? 'socket' : 'http',
    botToken: values.SLACK_BOT_TOKEN,
    appToken: values.SLACK_APP_TOKEN ?? null,
    signingSecret: values.SLACK_SIGNING_SECRET ?? null,
    port: values.PORT,
    apiUrl: apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`,
  };
}
