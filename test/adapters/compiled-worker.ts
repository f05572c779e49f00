/** The compiled compute worker (src/adapters/compute/respond-worker.ts); `npm test` builds first (pretest). */
export const COMPILED_WORKER = new URL('../../dist/src/adapters/compute/respond-worker.js', import.meta.url);
