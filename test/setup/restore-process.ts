import { afterAll, vi } from 'vitest';

/**
 * What a test file changes in its worker, undone when it ends, so the next file in the same worker
 * starts as a fresh process would (vitest.config.ts: shared files run one after another in a worker
 * thread, which has its own process.env and globals). A setup file's afterAll runs after the file's
 * own, so this is the last word whatever the file restored itself.
 */
const envAtStart = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in envAtStart)) delete process.env[name];
  for (const [name, value] of Object.entries(envAtStart)) if (process.env[name] !== value) process.env[name] = value;
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
