import type { Config } from './config/index.js';
import type { DiscordDeps } from './adapters/discord/index.js';
import type { SlackStartDeps } from './adapters/slack/index.js';
import { createLogger, type Logger } from './ops/logger.js';
import { createRateLimiter } from './ops/rate-limit.js';
import { createShutdown, installSignalHandlers, type Shutdown, type SignalSource } from './ops/shutdown.js';
import { createStore, type ConversationStore } from './state/index.js';

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
  shutdownTimeoutMs?: number;
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
  /** Removes the signal handlers (tests that run several services in one process). */
  removeSignalHandlers: () => void;
}

/** Failures are warnings in the log, so alerting can key on level; everything else is info. */
function eventLog(logger: Logger): (event: object) => void {
  return (event) => {
    const name = String((event as { event?: unknown }).event ?? '');
    if (/failed|lost|undelivered|error/.test(name)) logger.warn(event);
    else logger.info(event);
  };
}

/**
 * Starts every chat platform whose credentials are configured, sharing one conversation store,
 * one logger, one rate limiter and one shutdown, and stops them all cleanly on SIGTERM / SIGINT:
 * new requests are told "restarting", in-flight replies finish (bounded), then the platforms
 * and the store close (last opened, first closed) and the process exits 0.
 */
export async function startServices(config: Config, deps: ServiceDeps = {}): Promise<Services> {
  const env = deps.env ?? process.env;
  const logger = deps.logger ?? createLogger({ level: config.logLevel, pretty: config.logPretty, logMessageText: config.logMessageText, env });
  const log = eventLog(logger);
  const store = deps.store ?? createStore(config.store);
  const shutdown = createShutdown({ timeoutMs: deps.shutdownTimeoutMs ?? SHUTDOWN_TIMEOUT_MS });
  shutdown.onClose(() => store.close());
  // One limiter for both platforms: its keys are platform-prefixed, so they never collide.
  const common = { store, log, limiter: createRateLimiter(config.rateLimits), shutdown, errors: logger, maxInFlight: config.maxInFlight };

  let slackPort: number | null = null;
  if (config.slack) {
    const { startSlack } = await import('./adapters/slack/index.js');
    const slack = await startSlack(config.slack, { ...common, host: config.host, computeThreads: config.computeThreads, ...deps.slack });
    slackPort = slack.port;
    shutdown.onClose(() => slack.stop());
  }
  let discordPort: number | null = null;
  if (config.discord) {
    const discord = await import('./adapters/discord/index.js');
    // The gateway carries mentions, DMs and thread follow-ups (and interactions unless an
    // Interactions Endpoint URL is set); DISCORD_GATEWAY=off leaves a process HTTP-only.
    if (config.discord.gateway !== false) {
      const handle = config.discord.shards
        ? await discord.startDiscordSharded(config.discord)
        : await discord.startDiscord(config.discord, { ...common, ...deps.discord });
      shutdown.onClose(() => handle.stop());
    }
    if (config.discord.interactions) {
      const interactions = await discord.startDiscordInteractions(config.discord, { ...common, host: config.host, ...deps.discord });
      discordPort = interactions.port;
      shutdown.onClose(() => interactions.stop());
    }
  }
  const removeSignalHandlers = installSignalHandlers(shutdown, {
    source: deps.signals,
    exit: deps.exit,
    onReport: (signal, report) =>
      logger.info({ event: 'shutdown', signal, drained: report.drained, abandoned: report.abandoned, closeErrors: report.closeErrors.map(String) }),
  });
  logger.info({ event: 'ready', slack: !!config.slack, discord: !!config.discord, slackPort, discordPort });
  return { shutdown, store, logger, slackPort, discordPort, removeSignalHandlers };
}
