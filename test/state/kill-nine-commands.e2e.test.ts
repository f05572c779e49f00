import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot, type BotProcess } from '../../bench/load/bot-process.js';
import { LOST_TEXT, MAYBE_LOST_TEXT } from '../../src/adapters/slack/left-over.js';
import { slashCommand } from '../slack/standin/payloads.js';
import { postSigned } from '../slack/standin/sign.js';
import { SlackStandIn } from '../slack/standin/web-api.js';
import { freeLoopbackPort, redisServerInstalled, startPrivateRedis, stopPrivateRedis } from './redis-helpers.js';
import { until } from './until.js';

/**
 * `kill -9` for slash commands (issue 26, item 6), with SQLite and with Redis (a private
 * redis-server): the real bot process (Slack HTTP mode) gets a stream of `/headroom` commands, is
 * killed at a random moment and restarted. Every command it acknowledged must get its answer in
 * the channel or, through its own response_url, the ephemeral "I restarted" notice.
 */

const MAIN_JS = resolve('dist/src/main.js');
const SECRET = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
const CHANNEL = 'C0GENERAL';
const SENDERS = 6;
const ROUNDS = 2;
/**
 * The restarted process waits one heartbeat lifetime before it tells a killed one's requests: 3 s
 * here instead of the default 15 s (the same wait, 12 s shorter per round); the live process
 * beats every second, so it never looks gone.
 */
const ALIVE_MS = '3000';

interface Sent {
  url: string;
  seq: number;
}

const stores = redisServerInstalled() ? (['sqlite', 'redis'] as const) : (['sqlite'] as const);

describe.each(stores)('kill -9 with the %s store: slash commands', (kind) => {
  const standin = new SlackStandIn();
  let dir: string;
  let bot: BotProcess | null = null;
  let redis: ChildProcess | null = null;
  let redisUrl = '';

  const start = () =>
    startBot(
      MAIN_JS,
      {
        SLACK_BOT_TOKEN: 'xoxb-kill-nine-commands',
        SLACK_SIGNING_SECRET: SECRET,
        SLACK_API_URL: standin.apiUrl,
        ...(kind === 'redis' ? { REDIS_URL: redisUrl, HEADROOM_REDIS_ALIVE_MS: ALIVE_MS } : { HEADROOM_DB_PATH: join(dir, 'state.sqlite') }),
        HEADROOM_COMPUTE_THREADS: '1',
        LOG_LEVEL: 'info',
        RATE_LIMIT_USER_BURST: '1000000',
        RATE_LIMIT_USER_PER_MIN: '1000000',
        RATE_LIMIT_CHANNEL_BURST: '1000000',
        RATE_LIMIT_CHANNEL_PER_MIN: '1000000',
      },
      30_000,
    );

  /** `/headroom 7b on a100 seq N`; true when the bot acknowledged it (HTTP 200). */
  async function command(seq: number): Promise<{ acked: boolean; url: string }> {
    const url = standin.responseUrl();
    const body = new URLSearchParams(slashCommand(`7b on a100 seq ${seq}`, url) as Record<string, string>).toString();
    try {
      const reply = await postSigned({ url: `http://127.0.0.1:${bot!.port}/slack/events`, body, contentType: 'application/x-www-form-urlencoded', secret: SECRET });
      return { acked: reply.status === 200, url };
    } catch {
      return { acked: false, url };
    }
  }

  const seqOf = (text: unknown) => Number(/\bseq (\d+)/.exec(typeof text === 'string' ? text : '')?.[1] ?? Number.NaN);
  const isNotice = (text: unknown) => text === LOST_TEXT || text === MAYBE_LOST_TEXT;

  /** Acknowledged commands with neither an answer in the channel (its canonical repeats the seq) nor a notice at their response_url. */
  function unresolved(sent: Sent[]): Sent[] {
    const answered = new Set(standin.messages.filter((m) => m.bot_id && !m.thread_ts).map((m) => seqOf(m.metadata?.event_payload.canonical)));
    const told = new Set(standin.responsesAt.filter((r) => isNotice(r.body.text)).map((r) => r.url));
    return sent.filter((s) => !answered.has(s.seq) && !told.has(s.url));
  }

  /** Commands in the journal a killed process left (the kills that matter); the file never holds a response_url anywhere else. */
  async function journalAtRest(): Promise<number> {
    if (kind === 'redis') {
      const client = new Redis(redisUrl);
      try {
        return (await client.hkeys('headroom:journal:slack')).filter((id) => id.startsWith('slack:command:')).length;
      } finally {
        client.disconnect();
      }
    }
    const db = new Database(join(dir, 'state.sqlite'), { readonly: true });
    try {
      return (db.prepare("SELECT count(*) AS n FROM acknowledged_requests WHERE request_id LIKE 'slack:command:%'").get() as { n: number }).n;
    } finally {
      db.close();
    }
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'headroom-kill-nine-commands-'));
    if (kind === 'redis') {
      const port = await freeLoopbackPort();
      redis = await startPrivateRedis(port);
      redisUrl = `redis://127.0.0.1:${port}`;
    }
    await standin.start();
    bot = await start();
  });
  afterAll(async () => {
    if (bot && bot.child.exitCode === null) await bot.stop(10_000);
    await standin.stop();
    if (redis) await stopPrivateRedis(redis);
    rmSync(dir, { recursive: true, force: true });
  });

  it('every acknowledged slash command is answered, or told through its response_url, after kill -9', async () => {
    const acked: Sent[] = [];
    let journaled = 0;
    let seq = 2048;
    for (let round = 0; round < ROUNDS; round++) {
      let killed = false;
      const senders = Array.from({ length: SENDERS }, async () => {
        while (!killed) {
          seq += 8;
          const mine = seq;
          const sent = await command(mine);
          if (sent.acked) acked.push({ url: sent.url, seq: mine });
        }
      });
      // Killed at a random moment once the bot is taking commands (two per sender acknowledged this
      // round), not after a fixed delay that a loaded machine can spend before the first ack.
      const ackedBefore = acked.length;
      await until(() => acked.length >= ackedBefore + 2 * SENDERS, () => `${2 * SENDERS} acknowledged commands in round ${round + 1} (${acked.length - ackedBefore} so far)`).catch((error: unknown) => {
        killed = true; // the senders stop with the test
        throw error;
      });
      await new Promise((r) => setTimeout(r, Math.random() * 600));
      bot!.child.kill('SIGKILL');
      killed = true;
      await new Promise((r) => bot!.child.once('exit', r));
      await Promise.all(senders);
      journaled += await journalAtRest();
      bot = await start();
      // Redis: the new process first waits out the killed one's heartbeat (ALIVE_MS) before telling.
      await until(() => unresolved(acked).length === 0, () => `answers or notices for ${unresolved(acked).length} acknowledged commands after round ${round + 1}`, 60_000);
    }
    expect(acked.length).toBeGreaterThan(ROUNDS * SENDERS);
    // Kills that land between the ack and the answer are the point of the test: some did.
    expect(journaled).toBeGreaterThan(0);
    expect(unresolved(acked)).toEqual([]);
    // The notices are ephemeral: never a public message.
    expect(standin.responsesAt.filter((r) => isNotice(r.body.text)).every((r) => r.body.response_type === 'ephemeral')).toBe(true);
    expect(standin.messages.filter((m) => isNotice(m.text))).toEqual([]);
  }, 180_000);
});
