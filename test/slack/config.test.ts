import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { slackConfigFromEnv } from '../../src/config/slack.js';

const BOT = 'xoxb-1111-2222-abcdefTOPSEKRIT';
const APP = 'xapp-1-A111-2222-ffffTOPSEKRIT';
const SIGNING = '8f742231b10e8888abcd99yyyzzz85a5'.replace(/[yz]/g, 'a');

describe('slackConfigFromEnv', () => {
  it('is null when no Slack credential is set (the platform stays off)', () => {
    expect(slackConfigFromEnv({})).toBeNull();
    expect(slackConfigFromEnv({ PORT: '8080', SLACK_APP_TOKEN: '', DISCORD_TOKEN: 'x' })).toBeNull();
  });

  it('chooses Socket Mode with an app-level token and HTTP mode with only a signing secret', () => {
    expect(slackConfigFromEnv({ SLACK_BOT_TOKEN: BOT, SLACK_APP_TOKEN: APP })).toMatchObject({ mode: 'socket', appToken: APP, port: 3000 });
    expect(slackConfigFromEnv({ SLACK_BOT_TOKEN: BOT, SLACK_SIGNING_SECRET: SIGNING, PORT: '8080' })).toMatchObject({
      mode: 'http',
      signingSecret: SIGNING,
      port: 8080,
    });
  });

  it('points the Web API (and Socket Mode) at SLACK_API_URL, always ending in a slash', () => {
    const config = slackConfigFromEnv({ SLACK_BOT_TOKEN: BOT, SLACK_APP_TOKEN: APP, SLACK_API_URL: 'http://127.0.0.1:9999/api' });
    expect(config?.apiUrl).toBe('http://127.0.0.1:9999/api/');
    expect(slackConfigFromEnv({ SLACK_BOT_TOKEN: BOT, SLACK_APP_TOKEN: APP })?.apiUrl).toBe('https://slack.com/api/');
  });

  it.each([
    [{ SLACK_APP_TOKEN: APP }, 'SLACK_BOT_TOKEN'],
    [{ SLACK_SIGNING_SECRET: SIGNING }, 'SLACK_BOT_TOKEN'],
    [{ SLACK_BOT_TOKEN: BOT }, 'SLACK_APP_TOKEN'],
    [{ SLACK_BOT_TOKEN: 'xoxp-user-token-TOPSEKRIT', SLACK_APP_TOKEN: APP }, 'SLACK_BOT_TOKEN'],
    [{ SLACK_BOT_TOKEN: BOT, SLACK_APP_TOKEN: 'xoxb-wrong-kind-TOPSEKRIT' }, 'SLACK_APP_TOKEN'],
    [{ SLACK_BOT_TOKEN: BOT, SLACK_SIGNING_SECRET: 'not hex TOPSEKRIT' }, 'SLACK_SIGNING_SECRET'],
    [{ SLACK_BOT_TOKEN: BOT, SLACK_APP_TOKEN: APP, PORT: 'eighty' }, 'PORT'],
    [{ SLACK_BOT_TOKEN: BOT, SLACK_APP_TOKEN: APP, PORT: '70000' }, 'PORT'],
    [{ SLACK_BOT_TOKEN: BOT, SLACK_APP_TOKEN: APP, SLACK_API_URL: 'not a url' }, 'SLACK_API_URL'],
  ])('a partial or malformed set names the variable and never echoes a value (case %#)', (env, variable) => {
    let message = '';
    try {
      slackConfigFromEnv(env as Record<string, string>);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(variable);
    expect(message).not.toContain('TOPSEKRIT');
  });

  it('never puts a token value into an error message (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 12, maxLength: 40 }).filter((s) => s.trim().length > 8), (secret) => {
        const value = `zz${secret}`;
        for (const env of [{ SLACK_BOT_TOKEN: value, SLACK_APP_TOKEN: APP }, { SLACK_BOT_TOKEN: BOT, SLACK_APP_TOKEN: value }, { SLACK_BOT_TOKEN: BOT, SLACK_SIGNING_SECRET: value }]) {
          try {
            slackConfigFromEnv(env);
          } catch (error) {
            expect((error as Error).message).not.toContain(value.trim());
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});
