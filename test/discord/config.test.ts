import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discordConfigFromEnv } from '../../src/config/discord.js';

const TOKEN = 'MTIzNDU2Nzg5MDEy.secret-part.XYZxyz0123456789';
const APP_ID = '123456789012345678';

describe('discordConfigFromEnv', () => {
  it('is null when no Discord credentials are set', () => {
    expect(discordConfigFromEnv({})).toBeNull();
    expect(discordConfigFromEnv({ DISCORD_TOKEN: '  ', SLACK_BOT_TOKEN: 'xoxb' })).toBeNull();
  });

  it('reads a full configuration', () => {
    expect(
      discordConfigFromEnv({ DISCORD_TOKEN: TOKEN, DISCORD_APP_ID: APP_ID, DISCORD_API_URL: 'http://127.0.0.1:9999/api', DISCORD_GUILD_ID: '987654321098765432', DISCORD_SHARDS: '4' }),
    ).toEqual({ token: TOKEN, appId: APP_ID, apiUrl: 'http://127.0.0.1:9999/api', guildId: '987654321098765432', shards: 4 });
  });

  it('names the missing variable when Discord is half-configured', () => {
    expect(() => discordConfigFromEnv({ DISCORD_TOKEN: TOKEN })).toThrow(/^DISCORD_APP_ID is missing/);
    expect(() => discordConfigFromEnv({ DISCORD_APP_ID: APP_ID })).toThrow(/^DISCORD_TOKEN is missing/);
  });

  it('names the malformed variable and never echoes a value', () => {
    const cases: [Record<string, string>, string][] = [
      [{ DISCORD_APP_ID: 'my-app' }, 'DISCORD_APP_ID'],
      [{ DISCORD_API_URL: 'not a url' }, 'DISCORD_API_URL'],
      [{ DISCORD_GUILD_ID: 'guild' }, 'DISCORD_GUILD_ID'],
      [{ DISCORD_SHARDS: '0' }, 'DISCORD_SHARDS'],
      [{ DISCORD_SHARDS: 'two' }, 'DISCORD_SHARDS'],
      [{ DISCORD_TOKEN: 'short' }, 'DISCORD_TOKEN'],
    ];
    for (const [override, variable] of cases) {
      const env = { DISCORD_TOKEN: TOKEN, DISCORD_APP_ID: APP_ID, ...override };
      expect(() => discordConfigFromEnv(env)).toThrow(new RegExp(`^${variable} is malformed`));
    }
  });

  it('never puts the token in an error message', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), fc.string({ maxLength: 30 }), (token, appId) => {
        try {
          discordConfigFromEnv({ DISCORD_TOKEN: token, DISCORD_APP_ID: appId, DISCORD_SHARDS: 'x' });
        } catch (error) {
          const message = (error as Error).message;
          if (token.trim().length >= 4) expect(message).not.toContain(token.trim());
        }
      }),
    );
  });
});
