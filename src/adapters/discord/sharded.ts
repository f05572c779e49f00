import { fileURLToPath } from 'node:url';
import { ShardingManager } from 'discord.js';
import type { DiscordConfig } from '../../config/discord.js';

/** The compiled shard entry next to this file (dist/src/adapters/discord/shard.js). */
export const SHARD_FILE = fileURLToPath(new URL('./shard.js', import.meta.url));

/**
 * DISCORD_SHARDS set: one process per shard under discord.js's ShardingManager, each running
 * shard.ts with the same environment. The count is explicit (never 'auto', which would need the
 * gateway's recommendation at start).
 */
export async function startDiscordSharded(
  config: DiscordConfig,
  options: { file?: string; execArgv?: string[]; spawnDelayMs?: number } = {},
): Promise<{ manager: ShardingManager; stop(): Promise<void> }> {
  const manager = new ShardingManager(options.file ?? SHARD_FILE, {
    token: config.token,
    totalShards: config.shards ?? 1,
    mode: 'process',
    respawn: true,
    execArgv: options.execArgv ?? [],
  });
    // Discord allows one IDENTIFY per 5 s per bucket (max_concurrency 1): discord.js's 5.5 s default spacing.
  await manager.spawn({ amount: config.shards ?? 1, delay: options.spawnDelayMs ?? 5_500, timeout: 60_000 });
  return {
    manager,
    async stop() {
      manager.respawn = false;
      await Promise.all(manager.shards.map((shard) => shard.kill()));
    },
  };
}
