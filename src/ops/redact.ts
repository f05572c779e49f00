/**
 * The last line of defence against credentials in logs: every log line passes through
 * `scrub` as text, after serialization, so a token is removed wherever it sits — a field,
 * a nested object, an error message, a stack trace — without knowing its path in advance.
 */

export const REDACTED = '[REDACTED]';

/**
 * Token shapes, each with its source:
 * - Slack: bot `xoxb-`, user `xoxp-`, legacy/app/refresh `xoxa-`/`xoxe-`/`xoxr-`/`xoxs-`/`xoxo-`
 *   and app-level `xapp-` tokens (api.slack.com/authentication/token-types).
 * - Slack incoming-webhook URLs carry their secret in the path.
 * - Discord bot tokens: base64(user id) . base64(timestamp) . HMAC, dot-separated
 *   (discord.com/developers/docs/reference#authentication).
 * - `Authorization: Bot …` / `Bearer …` header values.
 * - Credentials inside URLs (`redis://user:password@host`), keeping the user name.
 * - Discord interaction tokens: the path segment after `/webhooks/{application id}/` (an
 *   interaction's webhook URL, e.g. in a failed edit's error), and the token's own shape
 *   (base64 of `interaction:…`, so it starts `aW50ZXJhY3Rpb246`).
 */
const TOKEN_PATTERNS: Array<[RegExp, string]> = [
  [/xox[abeoprs]-[A-Za-z0-9-]+/g, REDACTED],
  [/xapp-[A-Za-z0-9-]+/g, REDACTED],
  [/https:\/\/hooks\.slack\.com\/[A-Za-z0-9/_-]+/g, REDACTED],
  [/[A-Za-z0-9_-]{23,}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}/g, REDACTED],
  [/\b(Bot|Bearer)\s+[A-Za-z0-9._~+/=-]{16,}/g, `$1 ${REDACTED}`],
  [/\b([a-z][a-z0-9+.-]*:\/\/)([^\s:@/]*):([^\s@/]+)@/gi, `$1$2:${REDACTED}@`],
  [/(\/webhooks\/\d+\/)[A-Za-z0-9_.-]{20,}/g, `$1${REDACTED}`],
  [/aW50ZXJhY3Rpb246[A-Za-z0-9_.=-]+/g, REDACTED],
];

/** Environment variables whose values are secrets (issue 7: *TOKEN*, *SECRET*; plus the usual others). */
const SECRET_ENV_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|PRIVATE_KEY/i;

/**
 * Values shorter than this are not scrubbed: replacing a 3-letter value everywhere would blank
 * ordinary words, and no real credential is that short (Slack and Discord tokens are 50+).
 */
export const MIN_SECRET_LENGTH = 8;

/** Secret values found in an environment, longest first so a secret containing another is removed whole. */
export function secretValuesFromEnv(env: Record<string, string | undefined>): string[] {
  const values = Object.entries(env)
    .filter(([name, value]) => SECRET_ENV_NAME.test(name) && value !== undefined && value.length >= MIN_SECRET_LENGTH)
    .map(([, value]) => value as string);
  return [...new Set(values)].sort((a, b) => b.length - a.length);
}

export type Scrubber = (text: string) => string;

/**
 * Builds the scrubber. Each literal secret is removed in its raw form and in its JSON-escaped
 * form (a quote or backslash inside a secret is escaped in a JSON log line).
 */
export function createScrubber(secrets: readonly string[] = []): Scrubber {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    forms.add(secret);
    forms.add(JSON.stringify(secret).slice(1, -1));
  }
  const literals = [...forms].sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const literal of literals) out = out.split(literal).join(REDACTED);
    for (const [pattern, replacement] of TOKEN_PATTERNS) out = out.replace(pattern, replacement);
    return out;
  };
}
