import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscordSharded } from '../../src/adapters/discord/sharded.js';
import { DiscordStandIn } from './standin/server.js';

let standin: DiscordStandIn;
const previousApi = process.env.STANDIN_API_URL;

beforeAll(async () => {
  standin = await new DiscordStandIn().start();
  process.env.STANDIN_API_URL = standin.apiUrl; // inherited by the shard processes
});
afterAll(async () => {
  if (previousApi === undefined) delete process.env.STANDIN_API_URL;
  else process.env.STANDIN_API_URL = previousApi;
  await standin.stop();
});

describe('sharding', () => {
  it('spawns the explicit number of shards, each identifying as its own shard', async () => {
    const identified: number[][] = [];
    standin.on('identify', (d: { shard: number[] }) => identified.push(d.shard));
    const sharded = await startDiscordSharded(
      { token: 'standin.token.xxxxxxxxxxxxxxxxxxxx', appId: standin.appId, apiUrl: standin.apiUrl, shards: 2 },
      { file: fileURLToPath(new URL('./standin/shard-entry.mjs', import.meta.url)), spawnDelayMs: 0 },
    );
    try {
      expect(sharded.manager.totalShards).toBe(2);
      expect(identified.sort()).toEqual([[0, 2], [1, 2]]);
    } finally {
      await sharded.stop();
    }
  }, 30_000);
});
