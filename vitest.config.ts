import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two projects (issue 25, "a quick test loop"). Most test files share one module graph per
 * worker (`isolate: false`, in worker threads: threads took 119–151 s in three runs where forks
 * took 156–180 s in two, on this loaded 2-core machine): re-importing the same ~120 modules for
 * every file was ~40% of `npm test`. The files below change process-wide state that a later
 * file in the same worker would see, so each runs in a fresh child process of its own (forks,
 * isolated):
 *
 * - test/hub/{slack,discord,slack-files}.e2e.test.ts set HF_ENDPOINT / HEADROOM_HUB_CACHE_DIR in
 *   process.env for the process's Hub client;
 * - test/discord/sharding.test.ts sets STANDIN_API_URL in process.env;
 * - test/state/kill-nine-discord-http.e2e.test.ts points HF_ENDPOINT at a loopback Hub for its run;
 * - test/hub/attachment-hosts.test.ts spies on globalThis.fetch;
 * - test/ops/shutdown.test.ts installs fake timers;
 * - test/language/reader-cost.test.ts measures the CPU of its messages with process.cpuUsage(),
 *   which counts every thread of the process: beside other files' workers it measured theirs too;
 * - test/services/both-platforms.e2e.test.ts checks which undici installed the process's global
 *   dispatcher (globalThis[Symbol.for('undici.globalDispatcher.1')]): the first one loaded in the
 *   process does, so it needs a process whose first file it is.
 *
 * A file that starts doing any of these (process.env, globals, vi.mock, fake timers, signal
 * handlers on `process`, a module-level singleton it needs fresh) belongs in ISOLATED. Files that
 * only spawn processes or listen on port 0 change nothing in this process and stay shared.
 * Every file, in either project, starts with the shared Hub client forgotten (test/setup/reset-hub.ts).
 */
const ISOLATED = [
  'test/hub/slack.e2e.test.ts',
  'test/hub/discord.e2e.test.ts',
  'test/hub/slack-files.e2e.test.ts',
  'test/hub/attachment-hosts.test.ts',
  'test/discord/sharding.test.ts',
  'test/state/kill-nine-discord-http.e2e.test.ts',
  'test/ops/shutdown.test.ts',
  'test/language/reader-cost.test.ts',
  'test/services/both-platforms.e2e.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    setupFiles: ['test/setup/reset-hub.ts'],
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
