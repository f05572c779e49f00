import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headroomCommand } from '../../src/adapters/discord/interactions/headroomCommand.js';
import { registerCommands } from '../../scripts/discord-register.js';
import { DiscordStandIn } from './standin/server.js';

let standin: DiscordStandIn;
beforeAll(async () => {
  standin = await new DiscordStandIn().start();
});
afterAll(async () => {
  await standin.stop();
});

describe('discord:register', () => {
  const base = () => ({ token: 'standin.token.xxxxxxxxxxxxxxxxxxxx', appId: standin.appId, apiUrl: standin.apiUrl });

  it('registers /headroom in one guild when DISCORD_GUILD_ID is set', async () => {
    expect(await registerCommands({ ...base(), guildId: standin.guildId })).toEqual({ scope: 'guild', count: 1 });
    const put = standin.requests.find((r) => r.method === 'PUT' && r.path === `/api/v10/applications/${standin.appId}/guilds/${standin.guildId}/commands`);
    expect(put?.body).toEqual([headroomCommand]);
  });

  it('registers globally otherwise', async () => {
    expect(await registerCommands(base())).toEqual({ scope: 'global', count: 1 });
    expect(standin.requests.some((r) => r.method === 'PUT' && r.path === `/api/v10/applications/${standin.appId}/commands`)).toBe(true);
  });

  it('defines request as a required, autocompleted string', () => {
    expect(headroomCommand.options).toEqual([expect.objectContaining({ name: 'request', type: 3, required: true, autocomplete: true })]);
  });
});
