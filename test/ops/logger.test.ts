import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLogger, loggerOptionsFromEnv, MESSAGE_TEXT_OMITTED, type LoggerOptions } from '../../src/ops/logger.js';
import { createScrubber, secretValuesFromEnv } from '../../src/ops/redact.js';

/** A logger writing into an array, so tests read exactly what would reach stdout. */
function captured(options: LoggerOptions = {}) {
  const lines: string[] = [];
  const log = createLogger({ env: {}, ...options, sink: { write: (line: string) => lines.push(line) } });
  return { log, lines, output: () => lines.join('') };
}

// Shaped like real credentials, made up for the test.
const SLACK_BOT = 'xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOpQrStUvWx';
const SLACK_APP = 'xapp-1-A0123456789-1234567890123-0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071';
const DISCORD = 'MTA5ODc2NTQzMjEwOTg3NjU0Mw.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB';

const base64url = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split(''));
const word = (min: number, max: number) => fc.array(base64url, { minLength: min, maxLength: max }).map((c) => c.join(''));
const slackToken = fc
  .tuple(fc.constantFrom('xoxb', 'xoxp', 'xapp', 'xoxe'), fc.array(fc.stringMatching(/^[A-Za-z0-9]{4,20}$/), { minLength: 2, maxLength: 4 }))
  .map(([kind, parts]) => `${kind}-${parts.join('-')}`);
const discordToken = fc.tuple(word(24, 26), word(6, 6), word(27, 38)).map(([a, b, c]) => `${a}.${b}.${c}`);

describe('logger redaction', () => {
  it('never writes a Slack or Discord token, wherever it appears', () => {
    const { log, output } = captured();
    log.info({ token: SLACK_BOT, nested: { deep: { value: `Bearer ${SLACK_APP}` } }, list: [DISCORD] }, `connecting with ${SLACK_BOT}`);
    log.error(new Error(`auth failed for token ${DISCORD}`), 'discord login failed');
    log.warn({ err: new Error('wrapped', { cause: new Error(`inner ${SLACK_APP}`) }) }, 'socket mode error');
    const out = output();
    for (const secret of [SLACK_BOT, SLACK_APP, DISCORD]) expect(out).not.toContain(secret);
    expect(out).not.toMatch(/xox[bp]-\d/);
    expect(out).toContain('[REDACTED]');
    expect(out).toContain('discord login failed'); // the line itself survives
  });

  it('never writes the value of an env var named *TOKEN* or *SECRET*, even JSON-escaped', () => {
    const env = { SLACK_SIGNING_SECRET: 'sign"ing\\secret-8f7e6d', CUSTOM_TOKEN: 'plain-value-123456', HOME: '/root' };
    const { log, output } = captured({ env });
    log.info({ header: `x ${env.SLACK_SIGNING_SECRET} y` }, `custom ${env.CUSTOM_TOKEN}`);
    log.error(new Error(`bad signature with ${env.SLACK_SIGNING_SECRET}`));
    const out = output();
    expect(out).not.toContain(env.CUSTOM_TOKEN);
    expect(out).not.toContain(JSON.stringify(env.SLACK_SIGNING_SECRET).slice(1, -1));
    expect(out).not.toContain('ing\\\\secret-8f7e6d');
    expect(out).toContain('custom [REDACTED]');
  });

  it('holds for generated tokens and secrets in messages, fields and errors (property)', () => {
    fc.assert(
      fc.property(
        slackToken,
        discordToken,
        fc.string({ minLength: 8, maxLength: 30 }).filter((s) => s.trim().length >= 8),
        fc.string({ maxLength: 20 }),
        (slack, discord, envSecret, filler) => {
          const { log, output } = captured({ env: { APP_SECRET: envSecret } });
          log.info({ a: `${filler}${slack}`, b: { c: `${discord}${filler}` }, d: envSecret }, `${filler} ${envSecret} ${slack}`);
          log.error(new Error(`${discord} ${envSecret}`));
          const out = output();
          for (const secret of [slack, discord]) expect(out).not.toContain(secret);
          expect(out).not.toContain(JSON.stringify(envSecret).slice(1, -1));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps credentials out of URLs but keeps the host', () => {
    const { log, output } = captured();
    log.info({ redis: 'redis://default:s3cretPassw0rd@redis.internal:6379/0' }, 'store');
    expect(output()).not.toContain('s3cretPassw0rd');
    expect(output()).toContain('redis.internal:6379');
  });

  it('pretty output is scrubbed too', () => {
    const { log, output } = captured({ pretty: true });
    log.info({ requestId: 'req-1' }, `using ${SLACK_BOT}`);
    expect(output()).not.toContain(SLACK_BOT);
    expect(output()).toMatch(/INFO\s+using \[REDACTED\] requestId=req-1/);
  });
});

describe('logger fields', () => {
  it('writes request id, platform, latency and verdict as JSON fields', () => {
    const { log, lines } = captured();
    log.info({ requestId: 'req-ABC', platform: 'slack', latencyMs: 42, verdict: 'fits' }, 'replied');
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({ requestId: 'req-ABC', platform: 'slack', latencyMs: 42, verdict: 'fits', msg: 'replied' });
  });

  it('omits message text by default and logs it only when asked', () => {
    const userText = '70b qlora on our secret-project cluster';
    const quiet = captured();
    quiet.log.info({ requestId: 'r', text: userText, event: { text: userText } }, 'request');
    expect(quiet.output()).not.toContain(userText);
    expect(quiet.output()).toContain(MESSAGE_TEXT_OMITTED);

    const verbose = captured({ logMessageText: true });
    verbose.log.info({ requestId: 'r', text: userText }, 'request');
    expect(verbose.output()).toContain(userText);
  });

  it('respects the level', () => {
    const { log, lines } = captured({ level: 'warn' });
    log.info('hidden');
    log.warn('shown');
    expect(lines).toHaveLength(1);
  });

  it('reads LOG_LEVEL, LOG_PRETTY and LOG_MESSAGE_TEXT from the environment', () => {
    expect(loggerOptionsFromEnv({ LOG_LEVEL: 'DEBUG', LOG_PRETTY: '1' })).toMatchObject({ level: 'debug', pretty: true, logMessageText: false });
    expect(() => loggerOptionsFromEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

describe('secret discovery', () => {
  it('takes values of *TOKEN*, *SECRET*, *PASSWORD* vars of at least 8 characters, longest first', () => {
    const secrets = secretValuesFromEnv({
      DISCORD_TOKEN: 'abcdefghij',
      SLACK_SIGNING_SECRET: 'abcdefghijklmnop',
      REDIS_PASSWORD: 'short',
      PATH: '/usr/bin:/bin',
    });
    expect(secrets).toEqual(['abcdefghijklmnop', 'abcdefghij']);
  });

  it('a secret containing another is removed whole', () => {
    const scrub = createScrubber(['abcdefgh', 'abcdefgh-longer']);
    expect(scrub('x abcdefgh-longer y')).toBe('x [REDACTED] y');
  });
});
