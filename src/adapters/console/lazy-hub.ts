import type { HubResolver } from '../../hub/prefetch.js';

/**
 * The process's Hub client (src/hub/default.ts), loaded when the first Hub id is looked up: a
 * terminal answer that names none does not load the client, its settings schema or zod
 * (issue 11, cold start). Settings errors reach the user as before, on that first look-up.
 */
export function lazyDefaultHub(): HubResolver {
  return {
    resolve: async (repo) => {
      const { defaultHub } = await import('../../hub/default.js');
      return defaultHub().resolve(repo);
    },
  };
}
