import { readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two projects (issue 25, "a quick test loop"). Most test files share one module graph per
 * worker (`isolate: false`, in worker threads: threads took 119–151 s in three runs where forks
 * took 156–180 s in two, on this loaded 2-core machine): re-importing the same ~120 modules for
 * every file was ~40% of `npm test`. A worker thread has its own process.env and globals, and
 * runs its files one after another; test/setup/restore-process.ts puts back, after each file,
 * the environment variables, timers, spies and stubbed globals it changed, and
 * test/setup/reset-hub.ts forgets the process's Hub client before each file. So files that set
 * HF_ENDPOINT or STANDIN_API_URL, spy on fetch or install fake timers share the graph too.
 *
 * Two files need a process of their own (forks, isolated):
 *
 * - test/language/reader-cost.test.ts measures the CPU of its messages with process.cpuUsage(),
 *   which counts every thread of the process: beside other files' workers it measured theirs too;
 * - test/services/both-platforms.e2e.test.ts checks which undici installed the process's global
 *   dispatcher (globalThis[Symbol.for('undici.globalDispatcher.1')]): the first one loaded in the
 *   process does, so it needs a process whose first file it is.
 *
 * A file that needs the process to itself (process-wide CPU or memory figures, the first module
 * loaded, signal handlers on `process`, vi.mock of a module the graph shares) belongs in
 * ISOLATED. Files that only spawn processes or listen on port 0 change nothing in this process.
 *
 * Two workers on two cores (vitest's default is cores − 1, one here): most of the slow files wait
 * on child processes, sockets and timers (the kill -9, CLI and bot e2e files), and a second
 * worker runs other files meanwhile. Measured in the README's "development loop" section.
 */
const ISOLATED = ['test/language/reader-cost.test.ts', 'test/services/both-platforms.e2e.test.ts'];

/**
 * Transformed modules are kept on disk between runs (vitest's fsModuleCache, the default from
 * vitest 5): a rerun of `npm test` does not transform the ~700 TypeScript modules again. Each entry
 * is keyed by the module's own text, this config's text and the lockfile; esbuild's output also
 * follows tsconfig.json, which vitest does not hash, so its text is added to every key. The cache
 * lives in the worktree (.vitest-cache/, ignored), not in node_modules, which may be a link shared
 * by other checkouts. `npx vitest --clearCache` empties it.
 */
const tsconfigText = readFileSync(new URL('tsconfig.json', import.meta.url), 'utf8');
const tsconfigInCacheKeys = {
  name: 'headroom:tsconfig-in-cache-keys',
  configureVitest({ experimental_defineCacheKeyGenerator }: { experimental_defineCacheKeyGenerator: (key: () => string) => void }) {
    experimental_defineCacheKeyGenerator(() => tsconfigText);
  },
};

export default defineConfig({
  plugins: [tsconfigInCacheKeys],
  test: {
    experimental: { fsModuleCache: true, fsModuleCachePath: '.vitest-cache' },
    testTimeout: 20_000,
    hookTimeout: 20_000,
    maxWorkers: 2,
    globalSetup: ['test/setup/build-if-stale.ts'],
    setupFiles: ['test/setup/reset-hub.ts', 'test/setup/restore-process.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...ISOLATED], isolate: false, pool: 'threads' },
      },
      {
        extends: true,
        test: { name: 'isolated', include: ISOLATED, isolate: true },
      },
    ],
  },
});
