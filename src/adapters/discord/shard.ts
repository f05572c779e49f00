import { discordConfigFromEnv } from '../../config/discord.js';
import { MemoryStore } from '../../state/store.js';
import { startDiscord } from './index.js';

/**
 * Entry of one shard process under ShardingManager. discord.js reads SHARDS / SHARD_COUNT from
 * the environment the manager sets, so the client connects as its own shard. The store here is
 * process-local; deployments with several shards should use the shared store (see docs/discord.md).
 */
const config = discordConfigFromEnv(process.env);
if (!config) {
  console.error('DISCORD_TOKEN and DISCORD_APP_ID are required for a Discord shard');
  process.exit(1);
}
const log = (event: object) => console.log(JSON.stringify({ ...event, shardPid: process.pid }));
const bot = await startDiscord(config, { store: new MemoryStore(), log });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void bot.stop().finally(() => process.exit(0)));
}
