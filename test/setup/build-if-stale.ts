import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Global setup: builds first when dist/ is older than its sources, as `npm test` does (pretest),
 * so that `npx vitest run <file>` does too. Some tests run the compiled tree (the respond and
 * chart pools' workers, the CLI bundle, the bot processes) beside the sources: on a stale dist/
 * they compared old code with new and failed for no fault of the code. On a fresh tree this is
 * the script's check alone (it walks the inputs' mtimes) and prints nothing.
 *
 * Each project inherits the root's global setup, so vitest calls this once per project and once
 * for the root, one after another in its own process: the first call checks for all of them.
 */
const CHECKED = Symbol.for('headroom.test.buildChecked');

export default function buildIfStale(): void {
  const state = globalThis as { [CHECKED]?: true };
  if (state[CHECKED]) return;
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`scripts/build-if-stale.mjs failed (exit ${build.status ?? build.signal}): dist/ may be stale`);
  state[CHECKED] = true;
}
