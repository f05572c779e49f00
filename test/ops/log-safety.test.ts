import { EventEmitter } from 'node:events';
import { DiscordAPIError } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { boltLogger } from '../../src/adapters/slack/bolt-logger.js';
import { installLastResort, type ProcessEvents } from '../../src/ops/last-resort.js';
import { createLogger } from '../../src/ops/logger.js';
import { eventLog } from '../../src/services.js';

function capture() {
  const lines: string[] = [];
  const logger = createLogger({ sink: { write: (line: string) => lines.push(line) }, env: {} });
  return { lines, logger };
}

const INTERACTION_TOKEN = `aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OjEyMzQ1Njc4OTAxMjM0NTY3OA${'x'.repeat(120)}`;

describe('credentials and reply bodies stay out of logs', () => {
  it('a failed interaction-webhook edit is logged without its token or the reply it carried', () => {
    const { lines, logger } = capture();
    const url = `https://discord.com/api/v10/webhooks/1234567890/${INTERACTION_TOKEN}/messages/@original`;
    const error = new DiscordAPIError({ message: 'Unknown Webhook', code: 10015 }, 10015, 404, 'PATCH', url, {
      body: { content: 'Does not fit: 91.8 GiB per GPU (private reply body)' },
      files: [],
    });
    logger.error({ event: 'discord.handler_failed', err: error }, 'handler failed');
    const line = lines.join('');
    expect(line).toContain('Unknown Webhook');
    expect(line).not.toContain(INTERACTION_TOKEN.slice(0, 40));
    expect(line).not.toContain('private reply body');
  });
});

describe("Bolt's log lines", () => {
  it('are logged at their own level, as JSON with a single "level" key', () => {
    const { lines, logger } = capture();
    const bolt = boltLogger(eventLog(logger));
    bolt.warn('http receiver: request body exceeded the limit');
    bolt.error('something failed');
    expect(lines).toHaveLength(2);
    const [warn, error] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(warn!.level).toBe(40);
    expect(error!.level).toBe(50);
    for (const line of lines) expect(line.match(/"level":/g)).toHaveLength(1);
  });
});

describe('installLastResort', () => {
  it('logs an uncaught exception and an unhandled rejection with an error id, and removes its handlers', () => {
    const events = new EventEmitter();
    const logged: Array<Record<string, unknown>> = [];
    const remove = installLastResort({ error: (fields) => logged.push(fields as Record<string, unknown>) }, events as unknown as ProcessEvents);
    events.emit('uncaughtException', new Error('boom'));
    events.emit('unhandledRejection', null);
    expect(logged.map((l) => l.event)).toEqual(['process.uncaught_exception', 'process.unhandled_rejection']);
    for (const entry of logged) expect(entry.errorId).toMatch(/^[0-9A-Z]{6}$/);
    remove();
    expect(events.listenerCount('uncaughtException')).toBe(0);
    expect(events.listenerCount('unhandledRejection')).toBe(0);
  });

  it('does not feed itself: write errors of a closed stdout are not logged, and a storm is capped at 20 lines per 10 s', () => {
    const events = new EventEmitter();
    let lines = 0;
    const remove = installLastResort({ error: () => void (lines += 1) }, events as unknown as ProcessEvents, () => 0);
    events.emit('uncaughtException', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    expect(lines).toBe(0);
    for (let i = 0; i < 100; i++) events.emit('uncaughtException', new Error('again'));
    expect(lines).toBe(20);
    remove();
  });

  it('keeps a real process alive through an unhandled rejection (the handler is installed on process)', async () => {
    const logged: unknown[] = [];
    const remove = installLastResort({ error: (fields) => logged.push(fields) });
    try {
      void Promise.reject(new Error('nobody listens'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(logged).toHaveLength(1);
    } finally {
      remove();
    }
  });
});

describe('eventLog at a quiet level', () => {
  it('writes a request line while info is on, and at warn writes only failures, without reading the quiet event past its name', () => {
    const lines: string[] = [];
    const sink = { write: (line: string) => lines.push(line) };
    let serialised = 0;
    const answered = () => ({ event: 'request.answered', requestId: 'R1', latencyMs: 3, detail: { toJSON: () => (serialised += 1) } });

    eventLog(createLogger({ sink, env: {}, level: 'info' }))(answered());
    expect(lines.map((line) => JSON.parse(line).event)).toEqual(['request.answered']);
    expect(serialised).toBe(1);

    lines.length = 0;
    const quiet = eventLog(createLogger({ sink, env: {}, level: 'warn' }));
    quiet(answered());
    quiet({ event: 'slack.post_failed', error: 'ratelimited' });
    quiet({ event: 'bolt', level: 'debug', message: 'dispatching' });
    expect(lines.map((line) => JSON.parse(line).event)).toEqual(['slack.post_failed']);
    expect(serialised).toBe(1);
  });
});
