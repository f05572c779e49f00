import { hubConfigFromEnv } from '../config/hub.js';
import { HubClient, type HubLog } from './client.js';
import type { HubResolver } from './prefetch.js';

/**
 * The process's Hub client, from HF_ENDPOINT / HF_TOKEN / HEADROOM_HUB_CACHE_DIR in the
 * environment, made on first use so surfaces that never see a Hub id never read those variables.
 * An invalid setting becomes a resolver whose every answer names the variable.
 */
let shared: HubResolver | null = null;

export function defaultHub(env: Record<string, string | undefined> = process.env, log?: HubLog): HubResolver {
  if (shared) return shared;
  try {
    shared = new HubClient({ ...hubConfigFromEnv(env), log });
  } catch (error) {
    const message = `Hub ids are off: ${(error as Error).message} (see .env.example).`;
    shared = { resolve: () => Promise.reject(new Error(message)) };
  }
  return shared;
}

/**
 * Forgets the process's Hub client, so the next defaultHub() reads the environment again. For
 * tests: vitest runs many test files in one process (no per-file isolation), and a file that
 * points HF_ENDPOINT at its own stand-in must not get the client an earlier file made.
 */
export function resetDefaultHub(): void {
  shared = null;
  brief = null;
}

/**
 * The same client settings with a shorter wait: for a caller that has another answer ready (the
 * terminal reads a repo's name while it asks the Hub) and waits at most `timeoutMs`, or the
 * configured timeout if that is shorter. One per process, like defaultHub().
 */
let brief: HubResolver | null = null;

export function briefHub(timeoutMs: number, env: Record<string, string | undefined> = process.env): HubResolver {
  if (brief) return brief;
  try {
    const config = hubConfigFromEnv(env);
    brief = new HubClient({ ...config, timeoutMs: Math.min(config.timeoutMs, timeoutMs) });
  } catch {
    brief = defaultHub(env); // the settings error, named as defaultHub() names it
  }
  return brief;
}
