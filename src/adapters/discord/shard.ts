import 'dotenv/config';
import { loadConfig } from '../../config/index.js';
import { createStore } from '../../state/index.js';
import { startDiscord } from './index.js';

/**
 * Entry of one shard process under ShardingManager. discord.js reads SHARDS / SHARD_COUNT from
 * the environment the manager sets, so the client connects as its own shard. Every shard opens
 * the configured store (Redis when REDIS_URL is set), so threads survive moving between shards.
 */
const config = loadConfig(process.env);
if (!config.discord) {
  console.error('DISCORD_TOKEN and DISCORD_APP_ID are required for a Discord shard');
  process.exit(1);
}
const store = createStore(config.store);
const log = (event: object) => console.log(JSON.stringify({ ...event, shardPid: process.pid }));
const bot = await startDiscord(config.discord, { store, log });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void bot.stop().then(() => store.close()).finally(() => process.exit(0)));
}
