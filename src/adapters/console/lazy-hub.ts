import type { HubResolver } from '../../hub/prefetch.js';
import { offlineReading } from '../../language/prose/index.js';

/**
 * How long the terminal waits for the Hub about a repo whose name already reads as a model (a
 * catalog entry, or a size: "acme/mystery-13b"): past this it answers from the name and says the
 * Hub did not answer. A repo whose name reads as nothing waits the configured timeout
 * (HEADROOM_HUB_TIMEOUT_MS, 3 s), since without the Hub there is no answer at all. The Hub
 * answers a config.json in well under a second when it answers.
 */
export const NAME_WAIT_MS = 1000;

/**
 * Where the terminal looks a repo up: `brief` (a client that gives up after NAME_WAIT_MS) when its
 * name has a reading to fall back on, `full` otherwise. Each is made on first use.
 */
export function nameFirstHub(full: () => Promise<HubResolver>, brief: () => Promise<HubResolver>): HubResolver {
  return { resolve: async (repo) => (await (offlineReading(repo) ? brief() : full())).resolve(repo) };
}

/**
 * The process's Hub clients (src/hub/default.ts), loaded when the first Hub id is looked up: a
 * terminal answer that names none does not load the client, its settings schema or zod
 * (issue 11, cold start). Settings errors reach the user as before, on that first look-up.
 */
export function lazyDefaultHub(): HubResolver {
  return nameFirstHub(
    async () => (await import('../../hub/default.js')).defaultHub(),
    async () => (await import('../../hub/default.js')).briefHub(NAME_WAIT_MS),
  );
}
