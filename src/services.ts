import type { Config } from './config/index.js';
import { createLogger, loggerOptionsFromEnv } from './ops/logger.js';
import { createShutdown, installSignalHandlers } from './ops/shutdown.js';
import { createStore } from './state/index.js';

/** How long SIGTERM waits for in-flight replies before closing sockets and the store. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * Starts every chat platform whose credentials are configured, sharing one conversation store
 * and one logger, and stops them all cleanly on SIGTERM / SIGINT.
 */
export async function startServices(config: Config): Promise<void> {
  const logger = createLogger(loggerOptionsFromEnv(process.env));
  const log = (event: object) => logger.info(event);
  const store = createStore(config.store);
  const shutdown = createShutdown({ timeoutMs: SHUTDOWN_TIMEOUT_MS });
  shutdown.onClose(() => store.close());

  if (config.slack) {
    const { startSlack } = await import('./adapters/slack/index.js');
    const slack = await startSlack(config.slack, { store, log });
    shutdown.onClose(() => slack.stop());
  }
  if (config.discord) {
    const discord = await import('./adapters/discord/index.js');
    const handle = config.discord.shards
      ? await discord.startDiscordSharded(config.discord)
      : await discord.startDiscord(config.discord, { store, log });
    shutdown.onClose(() => handle.stop());
  }
  installSignalHandlers(shutdown);
  logger.info({ event: 'ready', slack: !!config.slack, discord: !!config.discord });
}
