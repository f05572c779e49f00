import { startSlack, type SlackHandle } from '../../src/adapters/slack/index.js';
import type { ChartFn, RespondFn } from '../../src/adapters/slack/deps.js';
import type { SlackConfig } from '../../src/config/slack.js';
import type { ConnectionLimits } from '../../src/ops/connection-guard.js';
import type { ErrorLog } from '../../src/ops/errors.js';
import { createRateLimiter, type RateLimiter } from '../../src/ops/rate-limit.js';
import type { Shutdown } from '../../src/ops/shutdown.js';
import { MemoryStore } from '../../src/state/store.js';
import { fakeRespond } from './fixtures.js';
import { SlackStandIn } from './standin/web-api.js';

export const SIGNING_SECRET = 'abcdef0123456789abcdef0123456789';
/** A PNG signature plus a marker, so the upload can be found byte for byte. */
export const FAKE_PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('headroom-chart')]);

export interface Harness {
  standin: SlackStandIn;
  store: MemoryStore;
  logs: Record<string, unknown>[];
  handle: SlackHandle;
  charts: string[];
  /** Restarts the app (fresh store, same Slack) to test recovery after a restart. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  mode: 'socket' | 'http';
  respond?: RespondFn;
  chart?: ChartFn | null;
  /** Defaults to limits no test reaches, so flows are not throttled unless a test asks. */
  limiter?: RateLimiter;
  shutdown?: Shutdown;
  errors?: ErrorLog;
  /** Web API retries (0 by default: tests want failures at once). */
  webApiRetries?: number;
  /** HTTP mode's connection caps and timeouts (lowered by the connection tests). */
  connections?: ConnectionLimits;
}

/** Limits far above what any flow test sends, so only the rate-limit tests are throttled. */
export function unlimited(): RateLimiter {
  return createRateLimiter({ user: { burst: 1e6, perMinute: 1e6 }, channel: { burst: 1e6, perMinute: 1e6 } });
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const standin = new SlackStandIn();
  await standin.start();
  const logs: Record<string, unknown>[] = [];
  const charts: string[] = [];
  const chart: ChartFn | null =
    options.chart === undefined
      ? async (_reply, kind) => {
          charts.push(kind);
          return FAKE_PNG;
        }
      : options.chart;
  const config: SlackConfig = {
    mode: options.mode,
    botToken: 'xoxb-test-token',
    appToken: options.mode === 'socket' ? 'xapp-test-token' : null,
    signingSecret: options.mode === 'http' ? SIGNING_SECRET : null,
    port: 0,
    apiUrl: standin.apiUrl,
    webApiRetries: options.webApiRetries ?? 0,
  };
  const limiter = options.limiter ?? unlimited();
  const launch = (store: MemoryStore) =>
    startSlack(config, {
      store,
      log: (event) => logs.push(event as Record<string, unknown>),
      respond: options.respond ?? fakeRespond,
      loadChart: async () => chart,
      limiter,
      shutdown: options.shutdown,
      errors: options.errors,
      host: '127.0.0.1',
      connections: options.connections,
    });
  const harness: Harness = {
    standin,
    store: new MemoryStore(),
    logs,
    charts,
    handle: undefined as unknown as SlackHandle,
    async restart() {
      await harness.handle.stop();
      harness.store = new MemoryStore();
      harness.handle = await launch(harness.store);
    },
    async stop() {
      await harness.handle.stop();
      await standin.stop();
    },
  };
  harness.handle = await launch(harness.store);
  return harness;
}

/** Polls until `check` returns a value (not undefined/false), or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => T | undefined | false, what: string, timeoutMs = 4000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Lets in-flight handlers finish, to assert that nothing more was posted. */
export function settle(ms = 150): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
