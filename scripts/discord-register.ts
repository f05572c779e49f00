import { REST, Routes } from 'discord.js';
import { headroomCommand } from '../src/adapters/discord/interactions/headroomCommand.js';
import { discordConfigFromEnv, type DiscordConfig } from '../src/config/discord.js';

/**
 * Registers `/headroom` once (never on bot start): for one guild when DISCORD_GUILD_ID is set
 * (instant, for development), else globally (production). PUT replaces the app's command set,
 * so running it twice is harmless.
 */
export async function registerCommands(config: DiscordConfig): Promise<{ scope: 'guild' | 'global'; count: number }> {
  const rest = new REST(config.apiUrl ? { api: config.apiUrl } : {}).setToken(config.token);
  const route = config.guildId ? Routes.applicationGuildCommands(config.appId, config.guildId) : Routes.applicationCommands(config.appId);
  const result = (await rest.put(route, { body: [headroomCommand] })) as unknown[];
  return { scope: config.guildId ? 'guild' : 'global', count: Array.isArray(result) ? result.length : 0 };
}

async function main(): Promise<void> {
  const config = discordConfigFromEnv(process.env);
  if (!config) {
    console.error('Set DISCORD_TOKEN and DISCORD_APP_ID (and DISCORD_GUILD_ID for a development guild).');
    process.exitCode = 1;
    return;
  }
  const { scope, count } = await registerCommands(config);
  console.log(scope === 'guild' ? `Registered ${count} command(s) in guild ${config.guildId}.` : `Registered ${count} command(s) globally (may take up to an hour to appear).`);
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(`Registration failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
