import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { BUSY_TEXT, RESTARTING_TEXT, requestOps } from '../../src/adapters/admission.js';
import { localClaims } from '../../src/state/claims.js';
import type { RespondFn, SlackDeps } from '../../src/adapters/slack/deps.js';
import { headroomCommand } from '../../src/adapters/slack/listeners/commands/headroom.js';
import { message } from '../../src/adapters/slack/listeners/events/message.js';
import { respond as realRespond } from '../../src/core/assistant.js';
import { createLogger } from '../../src/ops/logger.js';
import { createRateLimiter, type RateLimitConfig } from '../../src/ops/rate-limit.js';
import { createShutdown } from '../../src/ops/shutdown.js';
import { MemoryStore } from '../../src/state/store.js';
import { fakeRespond } from './fixtures.js';
import { MAX_REQUEST_CHARS } from '../../src/language/input-check.js';

/** Rate limits, restarts, the error boundary and in-flight tracking, at the listener level with a fake clock. */

function fakeClock(start = 1_700_000_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

interface Setup {
  limits?: RateLimitConfig;
  respond?: RespondFn;
  logs?: object[];
  errors?: ReturnType<typeof createLogger>;
  maxInFlight?: number;
}

function setup(options: Setup = {}) {
  const clock = fakeClock();
  const logs = options.logs ?? [];
  const log = (e: object) => logs.push(e);
  const shutdown = createShutdown({ timeoutMs: 2_000 });
  const limits = options.limits ?? { user: { burst: 100, perMinute: 100 }, channel: { burst: 100, perMinute: 100 } };
  const ops = requestOps(log, 'slack', { limiter: createRateLimiter(limits, clock.now), shutdown, now: clock.now, errors: options.errors, maxInFlight: options.maxInFlight });
  const respondSpy = vi.fn(options.respond ?? fakeRespond);
  const lookups = { read: vi.fn(async () => ({ ok: true as const, value: { messages: [] } })) };
  const deps: SlackDeps = { store: new MemoryStore(), respond: respondSpy, log, claim: localClaims(), loadChart: async () => null, ops, lookups };
  const client = {
    chat: { postMessage: vi.fn(async () => ({ ok: true, ts: '111.000200' })), postEphemeral: vi.fn(async () => ({ ok: true })) },
    conversations: { replies: vi.fn(async () => ({ ok: true, messages: [] })) },
  };
  return { clock, logs, shutdown, deps, client, respondSpy };
}

type CommandArgs = Parameters<ReturnType<typeof headroomCommand>>[0];
type MessageArgs = Parameters<ReturnType<typeof message>>[0];

function command(s: ReturnType<typeof setup>, text: string, user = 'U1', channel = 'C1') {
  const ack = vi.fn(async (_body?: unknown) => undefined);
  const respond = vi.fn(async (_body: unknown) => ({}));
  const done = headroomCommand(s.deps)({ command: { text, channel_id: channel, team_id: 'T1', user_id: user, command: '/headroom' }, ack, respond, client: s.client } as unknown as CommandArgs);
  return { ack, respond, done };
}

let eventCounter = 0;
function dm(s: ReturnType<typeof setup>, text: string, user = 'U1') {
  eventCounter += 1;
  return message(s.deps)({
    event: { channel: 'D1', channel_type: 'im', user, text, ts: `${eventCounter}.0` },
    body: { team_id: 'T1', event_id: `Ev${eventCounter}` },
    client: s.client,
    context: { botUserId: 'UBOT', botId: 'BBOT' },
  } as unknown as MessageArgs);
}

describe('load shedding in the Slack adapter', () => {
  it('past maxInFlight requests still being answered, a new one is told "busy" in its ack and not computed; served again once they finish', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const logs: object[] = [];
    const s = setup({ maxInFlight: 2, logs, respond: async (text, previous) => (await gate, fakeRespond(text, previous)) });
    const first = [command(s, '7b', 'U1'), command(s, '13b', 'U2')];
    await vi.waitFor(() => expect(s.respondSpy).toHaveBeenCalledTimes(2));
    const shed = command(s, '70b', 'U3');
    await shed.done;
    expect(shed.ack).toHaveBeenCalledWith({ response_type: 'ephemeral', text: BUSY_TEXT });
    expect(s.respondSpy).toHaveBeenCalledTimes(2);
    expect(logs).toContainEqual(expect.objectContaining({ event: 'request.refused', reason: 'overloaded' }));
    release();
    await Promise.all(first.map((c) => c.done));
    const later = command(s, '70b', 'U3');
    await later.done;
    expect(later.ack).toHaveBeenCalledWith();
    expect(s.respondSpy).toHaveBeenCalledTimes(3);
  });
});

describe('rate limits in the Slack adapter', () => {
  it('a user past the burst gets an ephemeral "try again in N s" in the ack itself, and is served again once the wait has passed', async () => {
    const s = setup({ limits: { user: { burst: 2, perMinute: 6 }, channel: { burst: 100, perMinute: 100 } } });
    for (let i = 0; i < 2; i++) await command(s, '7b').done;
    const refused = command(s, '7b');
    await refused.done;
    // 6 a minute = one token every 10 s (src/ops/rate-limit.ts).
    expect(refused.ack).toHaveBeenCalledWith({ response_type: 'ephemeral', text: expect.stringContaining('try again in 10 s') });
    expect(s.respondSpy).toHaveBeenCalledTimes(2);
    s.clock.advance(10_000);
    const again = command(s, '7b');
    await again.done;
    expect(again.ack).toHaveBeenCalledWith();
    expect(s.respondSpy).toHaveBeenCalledTimes(3);
  });

  it('a busy channel refuses other users too, naming the channel', async () => {
    const s = setup({ limits: { user: { burst: 100, perMinute: 100 }, channel: { burst: 2, perMinute: 60 } } });
    await command(s, '7b', 'U1').done;
    await command(s, '7b', 'U2').done;
    const third = command(s, '7b', 'U3');
    await third.done;
    expect(third.ack).toHaveBeenCalledWith({ response_type: 'ephemeral', text: expect.stringContaining('This channel is busy') });
    const elsewhere = command(s, '7b', 'U3', 'C2');
    await elsewhere.done;
    expect(elsewhere.ack).toHaveBeenCalledWith();
  });

  it('a flood of DMs is answered up to the burst and told once per wait, not once per message (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 12 }), async (burst, extra) => {
        const s = setup({ limits: { user: { burst, perMinute: 6 }, channel: { burst: 100, perMinute: 100 } } });
        for (let i = 0; i < burst + extra; i++) await dm(s, '7b');
        expect(s.client.chat.postMessage).toHaveBeenCalledTimes(burst);
        expect(s.client.chat.postEphemeral).toHaveBeenCalledTimes(extra > 0 ? 1 : 0);
        s.clock.advance(10_000);
        await dm(s, '7b');
        expect(s.client.chat.postMessage).toHaveBeenCalledTimes(burst + 1);
      }),
      { numRuns: 25 },
    );
  });

  it('chatter in threads that are not ours spends no token', async () => {
    const s = setup({ limits: { user: { burst: 1, perMinute: 1 }, channel: { burst: 100, perMinute: 100 } } });
    const chatter = (ts: string) =>
      message(s.deps)({ event: { channel: 'C1', channel_type: 'channel', user: 'U1', text: 'lunch?', ts, thread_ts: '1.0' }, body: { team_id: 'T1', event_id: `Ev-${ts}` }, client: s.client, context: { botUserId: 'UBOT', botId: 'BBOT' } } as unknown as MessageArgs);
    for (let i = 1; i <= 5; i++) await chatter(`1.${i}`);
    await command(s, '7b').done;
    expect(s.respondSpy).toHaveBeenCalledOnce();
  });
});

describe('the input length cap reaches the user', () => {
  it('a request over the character limit is answered ephemerally with the limit (real assistant)', async () => {
    const s = setup({ respond: realRespond });
    const call = command(s, `13b ${'bf16 '.repeat(MAX_REQUEST_CHARS / 4)}`.slice(0, MAX_REQUEST_CHARS + 100));
    await call.done;
    expect(call.respond).toHaveBeenCalledWith(expect.objectContaining({ response_type: 'ephemeral', text: expect.stringContaining(String(MAX_REQUEST_CHARS)) }));
    expect(s.client.chat.postMessage).not.toHaveBeenCalled();
  });
});

describe('restarts and failures', () => {
  it('while shutting down, a new command is told to try again in a moment and nothing is computed', async () => {
    const s = setup();
    void s.shutdown.begin();
    // A message no path or id holds: a stack names the checkout's folder, which may hold "7b" ("/tmp/ci-s27b").
    const message = 'qwenzq-7b lora';
    const call = command(s, message);
    await call.done;
    expect(call.ack).toHaveBeenCalledWith({ response_type: 'ephemeral', text: RESTARTING_TEXT });
    expect(s.respondSpy).not.toHaveBeenCalled();
  });

  it('shutdown waits for a reply in flight: the answer is posted before the drain completes', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const s = setup({ respond: async (text, previous) => (await gate, fakeRespond(text, previous)) });
    // A message no path or id holds: a stack names the checkout's folder, which may hold "7b" ("/tmp/ci-s27b").
    const message = 'qwenzq-7b lora';
    const call = command(s, message);
    await vi.waitFor(() => expect(s.respondSpy).toHaveBeenCalled());
    let drainedAt = -1;
    const report = s.shutdown.begin().then((r) => ((drainedAt = s.client.chat.postMessage.mock.calls.length), r));
    await new Promise((r) => setTimeout(r, 20));
    expect(drainedAt).toBe(-1);
    release();
    expect((await report).drained).toBe(true);
    expect(drainedAt).toBe(1);
    await call.done;
  });

  it('a failing handler gives the user an apology with an error id; the log has the same id and the stack, never the token', async () => {
    const token = 'xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOpQrStUvWx';
    const lines: string[] = [];
    const logger = createLogger({ env: { SLACK_BOT_TOKEN: token }, sink: { write: (line: string) => lines.push(line) } });
    const s = setup({ errors: logger, respond: () => { throw new Error(`store exploded while using ${token}`); } });
    // A message no path or id holds: a stack names the checkout's folder, which may hold "7b" ("/tmp/ci-s27b").
    const message = 'qwenzq-7b lora';
    const call = command(s, message);
    await call.done;
    const apology = (call.respond.mock.calls[0]![0] as { text: string }).text;
    const errorId = /error id ([0-9A-Z]{6})/.exec(apology)?.[1];
    expect(errorId).toBeDefined();
    const out = lines.join('');
    expect(out).toContain(errorId);
    expect(out).toContain('store exploded');
    expect(out).toContain('"stack"');
    expect(out).not.toContain(token);
    expect(out).not.toContain(message); // no message text either
    expect(out).not.toContain('qwenzq');
  });
});
