import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot, type BotProcess } from '../../bench/load/bot-process.js';
import { LOST_TEXT } from '../../src/adapters/discord/left-over.js';
import { DiscordStandIn } from '../discord/standin/server.js';
import { until } from './until.js';

/**
 * `kill -9` with SQLite on Discord (issue 26, item 6): the real bot process on the gateway of the
 * loopback Discord stand-in gets a stream of mentions, is killed at a random moment and
 * restarted. Every mention the killed process had taken on (its journal at rest) must get its
 * answer or the "I restarted" notice, each a reply to that message (message_reference).
 */

const MAIN_JS = resolve('dist/src/main.js');
const ROUNDS = 2;

describe('kill -9 with the SQLite store: Discord gateway mentions', () => {
  let standin: DiscordStandIn;
  let dir: string;
  let bot: BotProcess | null = null;

  const start = async () => {
    const b = await startBot(
      MAIN_JS,
      {
        DISCORD_TOKEN: 'standin.token.xxxxxxxxxxxxxxxxxxxx',
        DISCORD_APP_ID: standin.appId,
        DISCORD_API_URL: standin.apiUrl,
        HEADROOM_DB_PATH: join(dir, 'state.sqlite'),
        HEADROOM_COMPUTE_THREADS: '1',
        LOG_LEVEL: 'info',
        RATE_LIMIT_USER_BURST: '1000000',
        RATE_LIMIT_USER_PER_MIN: '1000000',
        RATE_LIMIT_CHANNEL_BURST: '1000000',
        RATE_LIMIT_CHANNEL_PER_MIN: '1000000',
      },
      30_000,
    );
    await standin.waitForReadySocket();
    return b;
  };

  /** Bot messages posted as replies, by the message they reply to. */
  const repliesTo = (id: string) => standin.requests.filter((r) => r.method === 'POST' && /\/channels\/\d+\/messages$/.test(r.path) && r.body?.message_reference?.message_id === id);

  /** Mentions the killed process had taken on and not finished: its journal as the kill left it. */
  function journalAtRest(): string[] {
    const db = new Database(join(dir, 'state.sqlite'), { readonly: true });
    try {
      const rows = db.prepare("SELECT entry FROM acknowledged_requests WHERE platform = 'discord'").all() as Array<{ entry: string }>;
      return rows.map((row) => (JSON.parse(row.entry) as { request: string }).request);
    } finally {
      db.close();
    }
  }

  beforeAll(async () => {
    standin = await new DiscordStandIn().start();
    dir = mkdtempSync(join(tmpdir(), 'headroom-kill-nine-discord-'));
    bot = await start();
  });
  afterAll(async () => {
    if (bot && bot.child.exitCode === null) await bot.stop(10_000);
    await standin?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('every mention taken on by a killed process is answered or told, in a reply to it, after the restart', async () => {
    const owed: string[] = [];
    let seq = 4096;
    for (let round = 0; round < ROUNDS; round++) {
      let killed = false;
      const sender = (async () => {
        while (!killed) {
          seq += 8;
          standin.userMessage(standin.channelId, `7b on a100 seq ${seq}`, { mentionBot: true });
          await new Promise((r) => setTimeout(r, 2 + Math.random() * 8));
        }
      })();
      await new Promise((r) => setTimeout(r, 300 + Math.random() * 500));
      bot!.child.kill('SIGKILL');
      killed = true;
      await new Promise((r) => bot!.child.once('exit', r));
      await sender;
      owed.push(...journalAtRest());
      bot = await start();
      await until(() => owed.every((id) => repliesTo(id).length > 0), () => `replies to ${owed.filter((id) => repliesTo(id).length === 0).length} of ${owed.length} journaled mentions after round ${round + 1}`);
    }
    // Kills that land between taking a mention on and answering it are the point of the test: some did.
    expect(owed.length).toBeGreaterThan(0);
    const notices = owed.flatMap(repliesTo).filter((r) => r.body.content === LOST_TEXT);
    expect(notices.length).toBeGreaterThan(0);
    // A notice pings nobody.
    for (const n of notices) expect(n.body.allowed_mentions).toEqual({ parse: [], replied_user: false });
    // The journal is empty once told, and once the restarted process has answered what it took on
    // itself (mentions sent around the kill reach it and are in its journal until answered).
    await until(() => journalAtRest().length === 0, () => `an empty journal (left: ${journalAtRest().join(', ')})`, 15_000);
  }, 180_000);
});
