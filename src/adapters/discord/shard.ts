import 'dotenv/config';
import { loadConfig } from '../../config/index.js';
import { createLogger } from '../../ops/logger.js';
import { createRateLimiter } from '../../ops/rate-limit.js';
import { createShutdown, installSignalHandlers } from '../../ops/shutdown.js';
import { SHUTDOWN_TIMEOUT_MS } from '../../services.js';
import { createStore } from '../../state/index.js';
import { RespondPool } from '../compute/respond-pool.js';
import { startDiscord } from './index.js';

/**
 * Entry of one shard process under ShardingManager. discord.js reads SHARDS / SHARD_COUNT from
 * the environment the manager sets, so the client connects as its own shard. Every shard opens
 * the configured store (Redis when REDIS_URL is set), so threads survive moving between shards,
 * answers on its own compute threads (HEADROOM_COMPUTE_THREADS), and stops like the main process: SIGTERM drains in-flight replies, then closes the gateway
 * and the store.
 */
const config = loadConfig(process.env);
if (!config.discord) {
  console.error('DISCORD_TOKEN and DISCORD_APP_ID are required for a Discord shard');
  process.exit(1);
}
const logger = createLogger({ level: config.logLevel, pretty: config.logPretty, logMessageText: config.logMessageText }).child({ shardPid: process.pid });
const store = createStore(config.store);
const shutdown = createShutdown({ timeoutMs: SHUTDOWN_TIMEOUT_MS });
shutdown.onClose(() => store.close());
const pool = config.computeThreads > 0 ? await RespondPool.start({ threads: config.computeThreads, log: (event) => logger.info(event) }) : null;
if (pool) shutdown.onClose(() => pool.close());
const bot = await startDiscord(config.discord, {
  respond: pool?.respond,
  store,
  log: (event) => logger.info(event),
  limiter: createRateLimiter(config.rateLimits),
  maxInFlight: config.maxInFlight,
  shutdown,
  errors: logger,
});
shutdown.onClose(() => bot.stop());
installSignalHandlers(shutdown, { onReport: (signal, report) => logger.info({ event: 'shutdown', signal, ...report, closeErrors: report.closeErrors.map(String) }) });
