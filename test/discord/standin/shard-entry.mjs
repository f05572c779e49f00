// A minimal shard process for the ShardingManager test: discord.js reads SHARDS / SHARD_COUNT
// from the environment the manager sets and identifies as that shard against the stand-in.
import { Client, GatewayIntentBits } from 'discord.js';

const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: process.env.STANDIN_API_URL } });
await client.login(process.env.DISCORD_TOKEN);
