import { z } from 'zod';

/**
 * Hugging Face Hub settings (src/hub/client.ts), with huggingface_hub's names so a mirror or a
 * token set for other tools works here too: HF_ENDPOINT (default https://huggingface.co) and
 * HF_TOKEN (sent as a Bearer token, never logged). Errors name the variable, never its value.
 */
export interface HubConfig {
  /** Base URL without a trailing slash. */
  endpoint: string;
  token: string | null;
  /** Folder that keeps fetched config.json and parameter counts across restarts; null = memory only. */
  cacheDir: string | null;
  /** Per-request timeout in milliseconds. */
  timeoutMs: number;
}

export const DEFAULT_HF_ENDPOINT = 'https://huggingface.co';
export const DEFAULT_HUB_CACHE_DIR = '.headroom-hub-cache';
export const DEFAULT_HUB_TIMEOUT_MS = 3000;

const hubEnvSchema = z.object({
  HF_ENDPOINT: z.url({ protocol: /^https?$/, error: 'HF_ENDPOINT must be an http(s) URL such as https://huggingface.co' }).default(DEFAULT_HF_ENDPOINT),
  HF_TOKEN: z.string().regex(/^\S+$/, 'HF_TOKEN must be a single token without spaces (hf_…)').optional(),
  HEADROOM_HUB_CACHE_DIR: z.string().min(1).default(DEFAULT_HUB_CACHE_DIR),
  HEADROOM_HUB_TIMEOUT_MS: z.coerce
    .number({ error: 'HEADROOM_HUB_TIMEOUT_MS must be a number of milliseconds' })
    .int('HEADROOM_HUB_TIMEOUT_MS must be a whole number')
    .min(100, 'HEADROOM_HUB_TIMEOUT_MS must be at least 100')
    .max(60_000, 'HEADROOM_HUB_TIMEOUT_MS must be at most 60000')
    .default(DEFAULT_HUB_TIMEOUT_MS),
});

export class HubConfigError extends Error {
  override name = 'HubConfigError';
}

/** Empty strings count as unset (`HF_TOKEN=` in .env); HEADROOM_HUB_CACHE_DIR=off keeps the cache in memory. */
export function hubConfigFromEnv(env: Record<string, string | undefined>): HubConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = hubEnvSchema.safeParse(present);
  if (!parsed.success) throw new HubConfigError(parsed.error.issues.map((i) => i.message).join('; '));
  const c = parsed.data;
  return {
    endpoint: c.HF_ENDPOINT.replace(/\/+$/, ''),
    token: c.HF_TOKEN ?? null,
    cacheDir: /^(off|none)$/i.test(c.HEADROOM_HUB_CACHE_DIR) ? null : c.HEADROOM_HUB_CACHE_DIR,
    timeoutMs: c.HEADROOM_HUB_TIMEOUT_MS,
  };
}
