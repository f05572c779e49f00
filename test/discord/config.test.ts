import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DISCORD_HTTP_PORT, discordConfigFromEnv } from '../../src/config/discord.js';

const TOKEN = 'MTIzNDU2Nzg5MDEy.secret-part.XYZxyz0123456789';
const APP_ID = '123456789012345678';
/** An Ed25519 public key as the Developer Portal shows it (64 hex characters). */
const PUBLIC_KEY = 'D75A980182B10AB7D54BFED3C964073A0EE172F3DAA62325AF021A68F707511A';

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
      [{ DISCORD_PUBLIC_KEY: PUBLIC_KEY.slice(2) }, 'DISCORD_PUBLIC_KEY'],
      [{ DISCORD_PUBLIC_KEY: `${PUBLIC_KEY.slice(2)}zz` }, 'DISCORD_PUBLIC_KEY'],
      [{ DISCORD_PUBLIC_KEY: PUBLIC_KEY, DISCORD_HTTP_PORT: '0' }, 'DISCORD_HTTP_PORT'],
      [{ DISCORD_PUBLIC_KEY: PUBLIC_KEY, DISCORD_HTTP_PORT: '70000' }, 'DISCORD_HTTP_PORT'],
      [{ DISCORD_PUBLIC_KEY: PUBLIC_KEY, DISCORD_HTTP_PORT: 'http' }, 'DISCORD_HTTP_PORT'],
      [{ DISCORD_PUBLIC_KEY: PUBLIC_KEY, DISCORD_GATEWAY: 'maybe' }, 'DISCORD_GATEWAY'],
    ];
    for (const [override, variable] of cases) {
      const env = { DISCORD_TOKEN: TOKEN, DISCORD_APP_ID: APP_ID, ...override };
      expect(() => discordConfigFromEnv(env)).toThrow(new RegExp(`^${variable} is malformed`));
    }
  });

  it('never puts the token in an error message', () => {
    const messageFor = (env: Record<string, string>): string | null => {
      try {
        discordConfigFromEnv(env);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    };
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), fc.string({ maxLength: 30 }), (token, appId) => {
        const message = messageFor({ DISCORD_TOKEN: token, DISCORD_APP_ID: appId, DISCORD_SHARDS: 'x' });
        const secret = token.trim();
        if (message === null || secret.length < 4) return;
        // The same message with another token: a random token may spell part of the fixed wording
        // ("Appl" of "Application ID"); it leaks only where it shows up more often than there.
        const wording = messageFor({ DISCORD_TOKEN: 'placeholder-token', DISCORD_APP_ID: appId, DISCORD_SHARDS: 'x' }) ?? '';
        expect(message.split(secret).length).toBe(wording.split(secret).length);
      }),
    );
  });

  describe('HTTP interactions', () => {
    it('is off, with the gateway on, when DISCORD_PUBLIC_KEY is unset', () => {
      const config = discordConfigFromEnv({ DISCORD_TOKEN: TOKEN, DISCORD_APP_ID: APP_ID });
      expect(config?.interactions).toBeUndefined();
      expect(config?.gateway).toBeUndefined();
    });

    it('reads DISCORD_PUBLIC_KEY (stored lower-case) and DISCORD_HTTP_PORT', () => {
      const config = discordConfigFromEnv({ DISCORD_TOKEN: TOKEN, DISCORD_APP_ID: APP_ID, DISCORD_PUBLIC_KEY: PUBLIC_KEY, DISCORD_HTTP_PORT: '8443' });
      expect(config?.interactions).toEqual({ publicKey: PUBLIC_KEY.toLowerCase(), port: 8443 });
    });

    it('listens on port 3001 when DISCORD_HTTP_PORT is unset (Slack HTTP mode keeps PORT 3000)', () => {
      const config = discordConfigFromEnv({ DISCORD_TOKEN: TOKEN, DISCORD_APP_ID: APP_ID, DISCORD_PUBLIC_KEY: PUBLIC_KEY });
      expect(config?.interactions?.port).toBe(DEFAULT_DISCORD_HTTP_PORT);
      expect(DEFAULT_DISCORD_HTTP_PORT).toBe(3001);
    });

    it('switches the gateway off only with DISCORD_GATEWAY=off', () => {
      expect(discordConfigFromEnv({ DISCORD_TOKEN: TOKEN, DISCORD_APP_ID: APP_ID, DISCORD_PUBLIC_KEY: PUBLIC_KEY, DISCORD_GATEWAY: 'off' })?.gateway).toBe(false);
      expect(discordConfigFromEnv({ DISCORD_TOKEN: TOKEN, DISCORD_APP_ID: APP_ID, DISCORD_PUBLIC_KEY: PUBLIC_KEY, DISCORD_GATEWAY: 'on' })?.gateway).toBeUndefined();
    });

    it('names the variable when the settings cannot work together', () => {
      const base = { DISCORD_TOKEN: TOKEN, DISCORD_APP_ID: APP_ID };
      expect(() => discordConfigFromEnv({ ...base, DISCORD_HTTP_PORT: '3001' })).toThrow(/^DISCORD_HTTP_PORT is set but DISCORD_PUBLIC_KEY is not/);
      expect(() => discordConfigFromEnv({ ...base, DISCORD_GATEWAY: 'off' })).toThrow(/^DISCORD_GATEWAY is off but DISCORD_PUBLIC_KEY is unset/);
      expect(() => discordConfigFromEnv({ ...base, DISCORD_PUBLIC_KEY: PUBLIC_KEY, DISCORD_GATEWAY: 'off', DISCORD_SHARDS: '2' })).toThrow(/^DISCORD_SHARDS is set but DISCORD_GATEWAY is off/);
      expect(() => discordConfigFromEnv({ DISCORD_PUBLIC_KEY: PUBLIC_KEY })).toThrow(/^DISCORD_APP_ID is missing/);
    });

    it('never puts a malformed public key in an error message', () => {
      fc.assert(
        fc.property(fc.stringMatching(/^[0-9a-f]{8,63}$/), (key) => {
          expect(() => discordConfigFromEnv({ DISCORD_TOKEN: TOKEN, DISCORD_APP_ID: APP_ID, DISCORD_PUBLIC_KEY: key })).toThrow(/^DISCORD_PUBLIC_KEY is malformed/);
          try {
            discordConfigFromEnv({ DISCORD_TOKEN: TOKEN, DISCORD_APP_ID: APP_ID, DISCORD_PUBLIC_KEY: key });
          } catch (error) {
            expect((error as Error).message).not.toContain(key);
          }
        }),
      );
    });
  });
});
