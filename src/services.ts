import type { Config } from './config/index.js';
import type { DiscordDeps } from './adapters/discord/index.js';
import type { SlackStartDeps } from './adapters/slack/index.js';
import { createLogger, type Logger } from './ops/logger.js';
import { createRateLimiter } from './ops/rate-limit.js';
import { createShutdown, installSignalHandlers, type Shutdown, type SignalHold, type SignalSource } from './ops/shutdown.js';
import { createStore, type ConversationStore } from './state/index.js';
import { RespondPool } from './adapters/compute/respond-pool.js';
import { ChartPool } from './adapters/compute/chart-pool.js';
import type { ChartFn } from './adapters/deps.js';
import { loadChartRenderer } from './adapters/slack/chart-loader.js';
import { installLastResort } from './ops/last-resort.js';
import { storeClaims } from './state/claims.js';
import { ResilientStore } from './state/resilient-store.js';
import type { RequestJournal } from './state/request-journal.js';

/**
 * How long SIGTERM waits for in-flight replies before closing sockets and the store: below
 * `docker stop`'s 10 s grace and Kubernetes' 30 s default (docs/operations.md, "Stopping").
 */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

/** Everything startServices would otherwise take from the process, injectable for tests. */
export interface ServiceDeps {
  /** Environment whose secrets the logger scrubs; process.env by default. */
  env?: Record<string, string | undefined>;
  logger?: Logger;
  store?: ConversationStore;
  /** Where SIGTERM / SIGINT come from; `process` by default. */
  signals?: SignalSource;
  /** process.exit by default. */
  exit?: (code: number) => void;
  /** Signals caught since the process began (main.ts): one received before start is handled as soon as the handlers exist. */
  heldSignals?: SignalHold;
  /** Awaited after the platforms are up, before the process is ready: tests hold the start here. */
  beforeReady?: () => Promise<void>;
  shutdownTimeoutMs?: number;
  /** The compute worker script; tests running from source point at the compiled one. */
  computeWorkerUrl?: URL;
  /** The chart worker script (chart-worker.js); tests running from source point at the compiled one. */
  chartWorkerUrl?: URL;
  slack?: Pick<SlackStartDeps, 'respond' | 'loadChart' | 'host'>;
  discord?: Pick<DiscordDeps, 'respond' | 'complete' | 'chart'>;
}

export interface Services {
  shutdown: Shutdown;
  store: ConversationStore;
  logger: Logger;
  /** Slack HTTP mode: the bound port; null otherwise. */
  slackPort: number | null;
  /** Discord HTTP interactions (DISCORD_PUBLIC_KEY): the bound port; null otherwise. */
  discordPort: number | null;
  /** Removes the signal and last-resort handlers (tests that run several services in one process). */
  removeSignalHandlers: () => void;
}

const LEVELS = new Set(['debug', 'info', 'warn', 'error']);

/**
 * Failures are warnings in the log, so alerting can key on level; everything else is info. An
 * event that names its own level (`level: 'warn'`, the SDK loggers' lines) is logged at that
 * level, and the field is taken out so the JSON line has one "level" key, pino's.
 */
export function eventLog(logger: Logger): (event: object) => void {
  return (event) => {
    const { level } = event as { level?: unknown };
    const named = typeof level === 'string' && LEVELS.has(level) ? (level as 'debug' | 'info' | 'warn' | 'error') : null;
    const at = named ?? (/failed|lost|undelivered|error|rejected/.test(String((event as { event?: unknown }).event ?? '')) ? 'warn' : 'info');
    // A quiet level costs one comparison per event: no copy, no serialising, no scrubbing.
    if (!logger.isLevelEnabled(at)) return;
    if (named === null) {
      logger[at](event);
      return;
    }
    const { level: _named, ...rest } = event as { level?: unknown };
    logger[at](rest);
  };
}

/** Whether a platform in this process answers with the real core (not an injected `respond`, not only through shard processes). */
function answersWithCore(config: Config, deps: ServiceDeps): boolean {
  const slack = !!config.slack && !deps.slack?.respond;
  const discord = !!config.discord && !deps.discord?.respond && (!!config.discord.interactions || (config.discord.gateway !== false && !config.discord.shards));
  return slack || discord;
}

/**
 * The chart thread, when this process draws charts itself (not injected): PNG encoding stays
 * off the main thread, under its own cap. Started on the first chart, so a process nobody asks
 * for charts spends no thread and no memory on it (a worker is about 35 MB of RSS). Null when
 * compute threads are off (charts are then drawn in-thread by the adapters' loaders).
 */
function lazyChartPool(config: Config, deps: ServiceDeps, log: (event: object) => void): { render: ChartFn; close: () => Promise<void> } | null {
  const slackDraws = !!config.slack && !deps.slack?.loadChart;
  const discordDraws = !!config.discord && deps.discord?.chart === undefined;
  if (config.computeThreads === 0 || (!slackDraws && !discordDraws)) return null;
  let pool: Promise<ChartFn> | null = null;
  let started: ChartPool | null = null;
  const start = async (): Promise<ChartFn> => {
    try {
      started = await ChartPool.start({ workerUrl: deps.chartWorkerUrl, log });
      return started.render;
    } catch (error) {
      log({ event: 'compute.charts_in_main_thread', error: error instanceof Error ? error.message : String(error) });
      const inThread = await loadChartRenderer(log);
      return inThread ?? (() => Promise.reject(new Error('the chart renderer is not installed')));
    }
  };
  return {
    render: async (reply, kind) => (await (pool ??= start()))(reply, kind),
    close: async () => {
      await pool;
      await started?.close();
    },
  };
}

/**
 * Starts every chat platform whose credentials are configured, sharing one conversation store,
 * one logger, one rate limiter and one shutdown, and stops them all cleanly on SIGTERM / SIGINT:
 * new requests are told "restarting", in-flight replies finish (bounded), then the platforms
 * and the store close (last opened, first closed) and the process exits 0.
 *
 * The signal handlers come first, before the store, the worker pool and the listeners: a
 * signal during start stops the remaining steps, drains what was accepted and exits 0. `/readyz`
 * answers 503 until every platform is up (`/healthz` answers as soon as a port listens). A
 * failed start closes what it opened and rejects, with a one-line reason (main.ts exits 1).
 */
export async function startServices(config: Config, deps: ServiceDeps = {}): Promise<Services> {
  const env = deps.env ?? process.env;
  const logger = deps.logger ?? createLogger({ level: config.logLevel, pretty: config.logPretty, logMessageText: config.logMessageText, env });
  const log = eventLog(logger);
  // Uncaught errors are logged with an id and the process keeps serving (issue 15).
  const removeLastResort = installLastResort(logger);
  const shutdown = createShutdown({ timeoutMs: deps.shutdownTimeoutMs ?? SHUTDOWN_TIMEOUT_MS });
  let phase: 'starting' | 'ready' = 'starting';
  logger.info({ event: 'starting', slack: config.slack ? config.slack.mode : false, discord: !!config.discord });
  const removeSignalHandlers = installSignalHandlers(shutdown, {
    source: deps.signals,
    exit: deps.exit,
    pending: deps.heldSignals?.received(),
    onSignal: (signal) => logger.info({ event: 'shutdown.draining', signal, during: phase, inFlight: shutdown.inFlight() }),
    onReport: (signal, report) =>
      logger.info({ event: 'shutdown', signal, during: phase, drained: report.drained, abandoned: report.abandoned, closeErrors: report.closeErrors.map(String) }),
  });
  deps.heldSignals?.release();
  const removeHandlers = () => {
    removeSignalHandlers();
    removeLastResort();
  };

  const inner = deps.store ?? createStore(config.store);
  const store = new ResilientStore(inner);
  shutdown.onClose(() => store.close());
  let ports: { slackPort: number | null; discordPort: number | null; computeThreads: number };
  try {
    // Tracked, so a signal during start waits for the step under way before closing what it opened.
    ports = await shutdown.background(startPlatforms(config, deps, { logger, log, store, journal: inner.journal?.(), shutdown, started: () => phase === 'ready' }));
  } catch (error) {
    if (shutdown.accepting()) {
      await shutdown.begin();
      removeHandlers();
    }
    throw error;
  }
  if (!shutdown.accepting()) {
    logger.info({ event: 'start_aborted', reason: 'a signal arrived during start' });
  } else {
    phase = 'ready';
    logger.info({ event: 'ready', slack: !!config.slack, discord: !!config.discord, ...ports });
  }
  return { shutdown, store, logger, slackPort: ports.slackPort, discordPort: ports.discordPort, removeSignalHandlers: removeHandlers };
}

interface StartContext {
  logger: Logger;
  log: (event: object) => void;
  store: ResilientStore;
  /** Acknowledged requests not yet answered, from the inner store (SQLite); none otherwise. */
  journal: RequestJournal | undefined;
  shutdown: Shutdown;
  /** Read by each port's `/readyz`. */
  started: () => boolean;
}

/** The slow part of start, one step at a time; a step is skipped once a signal has begun the shutdown. */
async function startPlatforms(config: Config, deps: ServiceDeps, { logger, log, store, journal, shutdown, started }: StartContext) {
  const result = { slackPort: null as number | null, discordPort: null as number | null, computeThreads: 0 };
  const stopping = () => !shutdown.accepting();
  if (stopping()) return result;
  // One limiter for both platforms: its keys are platform-prefixed, so they never collide.
  // One pool of compute threads answers for every platform; it closes after them, before the store.
  const pool = config.computeThreads > 0 && answersWithCore(config, deps) ? await RespondPool.start({ threads: config.computeThreads, workerUrl: deps.computeWorkerUrl, log }) : null;
  if (pool) shutdown.onClose(() => pool.close());
  result.computeThreads = pool?.threads ?? 0;
  const charts = lazyChartPool(config, deps, log);
  if (charts) shutdown.onClose(() => charts.close());
  const common = { store, log, claimOnce: storeClaims(store, log), limiter: createRateLimiter(config.rateLimits), shutdown, errors: logger, maxInFlight: config.maxInFlight, respond: pool?.respond, started, journal };

  if (config.slack && !stopping()) {
    const { startSlack } = await import('./adapters/slack/index.js');
    const slack = await startSlack(config.slack, { ...common, host: config.host, ...(charts ? { loadChart: async () => charts.render } : {}), ...deps.slack });
    result.slackPort = slack.port;
    shutdown.onClose(() => slack.stop());
  }
  if (config.discord && !stopping()) {
    const discord = await import('./adapters/discord/index.js');
    // The gateway carries mentions, DMs and thread follow-ups (and interactions unless an
    // Interactions Endpoint URL is set); DISCORD_GATEWAY=off leaves a process HTTP-only.
    if (config.discord.gateway !== false && !stopping()) {
      const handle = config.discord.shards
        ? await discord.startDiscordSharded(config.discord)
        : await discord.startDiscord(config.discord, { ...common, ...(charts ? { chart: charts.render } : {}), ...deps.discord });
      shutdown.onClose(() => handle.stop());
    }
    if (config.discord.interactions && !stopping()) {
      const interactions = await discord.startDiscordInteractions(config.discord, { ...common, host: config.host, ...(charts ? { chart: charts.render } : {}), ...deps.discord });
      result.discordPort = interactions.port;
      shutdown.onClose(() => interactions.stop());
    }
  }
  if (deps.beforeReady && !stopping()) await deps.beforeReady();
  return result;
}
