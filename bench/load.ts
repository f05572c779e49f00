import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBot } from './load/bot-process.js';
import { quantile, runLevel } from './load/driver.js';
import { runOutage } from './load/outage.js';
import { runDiscordHttp } from './load/discord-http.js';
import { runConnections } from './load/connections.js';
import { SlackStub } from './load/slack-stub.js';
import { startScriptNodeArgs } from './load/start-command.js';
import { SPEED_CORPUS } from './speed-corpus.js';

/**
 * `npm run bench:load`: the Slack HTTP receiver under load, as production runs it.
 *
 * The bot is `node dist/src/main.js` in its own process (real config, SQLite store, Bolt, the
 * real assistant), bound to 127.0.0.1 and talking to a stub Web API on loopback. This process
 * drives it with correctly signed slash-command requests at rising concurrency (closed loop,
 * a bounded time and count per level) and prints, per level: requests acked, throughput, p50 /
 * p99 ack latency, errors, acks that refused as busy (HEADROOM_MAX_IN_FLIGHT), answers the bot
 * posted, and the bot's RSS. Then cold start (spawn to
 * "ready") and the SIGTERM drain. Asserts nothing; targets from issue 7 are printed alongside:
 * ≥ 500 req/s sustained, p99 ack < 100 ms, RSS < 200 MB, cold start < 1.5 s.
 *
 * `npm run bench:load -- --outage` runs the Redis outage instead (bench/load/outage.ts);
 * `-- --discord-http` Discord's HTTP interactions mode (bench/load/discord-http.ts);
 * `-- --connections` an idle-connection flood and bursts of 1,000 / 2,000 events (bench/load/connections.ts).
 */

const LEVELS = [1, 8, 16, 32, 64, 128];
const LEVEL_MS = 3_000;
const MAX_REQUESTS_PER_LEVEL = 20_000;
const WARMUP_MS = 1_000;
/** How long to let the bot finish answering what it acked before the next level / the end. */
const DRAIN_MS = 10_000;
const SIGNING_SECRET = 'bec0ffee0123456789abcdef01234567';
const MAIN_JS = fileURLToPath(new URL('../src/main.js', import.meta.url));
const PACKAGE_JSON = fileURLToPath(new URL('../../package.json', import.meta.url));

/** Real-looking requests, without the bad inputs at the corpus's end (those never post an answer). */
const TEXTS = SPEED_CORPUS.filter((t) => /^\S+\s/.test(t) && !t.includes('zer3'));

function row(cells: (string | number)[]): string {
  return cells.map((c, i) => (i === 0 ? String(c).padEnd(11) : String(c).padStart(10))).join(' ');
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/** `npm start`'s flags, unless a run tries others (BOT_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof", or "" for none). */
function botNodeArgs(): string[] {
  return process.env.BOT_NODE_ARGS !== undefined ? process.env.BOT_NODE_ARGS.split(/\s+/).filter(Boolean) : startScriptNodeArgs(PACKAGE_JSON);
}

async function main(): Promise<void> {
  if (process.argv.includes('--discord-http')) {
    const dir = mkdtempSync(join(tmpdir(), 'headroom-discord-http-'));
    try {
      await runDiscordHttp(process.env.BOT_MAIN_JS ?? MAIN_JS, dir, botNodeArgs());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  if (process.argv.includes('--outage')) {
    const dir = mkdtempSync(join(tmpdir(), 'headroom-outage-'));
    try {
      // BOT_MAIN_JS=/path/to/other/dist/src/main.js compares a build without these fixes.
      await runOutage(process.env.BOT_MAIN_JS ?? MAIN_JS, dir, SIGNING_SECRET);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  const stub = new SlackStub();
  const stubPort = await stub.start();
  const dir = mkdtempSync(join(tmpdir(), 'headroom-load-'));
  try {
    if (process.argv.includes('--connections')) await runConnections(process.env.BOT_MAIN_JS ?? MAIN_JS, dir, SIGNING_SECRET, stub, stubPort, botNodeArgs());
    else await measure(stubPort, dir, stub);
  } finally {
    // A bot that never got ready must not leave the stub's server holding this process open.
    await stub.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(stubPort: number, dir: string, stub: SlackStub): Promise<void> {
  const nodeArgs = botNodeArgs();
  const bot = await startBot(
    process.env.BOT_MAIN_JS ?? MAIN_JS,
    {
      SLACK_BOT_TOKEN: 'xoxb-bench-token',
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: `http://127.0.0.1:${stubPort}/api/`,
      HEADROOM_DB_PATH: join(dir, 'state.sqlite'),
      LOG_LEVEL: 'info', // production's default: one request line per answer, through the redacting logger
      // The benchmark measures capacity, not the abuse limits: lift them far above the load.
      RATE_LIMIT_USER_BURST: '1000000',
      RATE_LIMIT_USER_PER_MIN: '1000000',
      RATE_LIMIT_CHANNEL_BURST: '1000000',
      RATE_LIMIT_CHANNEL_PER_MIN: '1000000',
      // A/B runs: HEADROOM_COMPUTE_THREADS=0 answers on the main thread (the default is 1 here).
      ...(process.env.HEADROOM_COMPUTE_THREADS ? { HEADROOM_COMPUTE_THREADS: process.env.HEADROOM_COMPUTE_THREADS } : {}),
    },
    15_000,
    nodeArgs,
  );
  const target = { port: bot.port, secret: SIGNING_SECRET, responseUrlBase: `http://127.0.0.1:${stubPort}/response`, texts: TEXTS };

  console.log(`headroom load benchmark: Slack HTTP mode on 127.0.0.1:${bot.port}, ${LEVEL_MS / 1000} s per level, ${TEXTS.length} distinct requests`);
  console.log(`bot: node ${[...nodeArgs, 'dist/src/main.js'].join(' ')}, HEADROOM_COMPUTE_THREADS=${process.env.HEADROOM_COMPUTE_THREADS ?? 'default'}, RSS at ready ${bot.memory()?.rssMb.toFixed(0) ?? 'n/a'} MB`);
  // An answer is a channel post, or an ephemeral reply through response_url (request errors).
  const answers = () => stub.count('chat.postMessage') + stub.count('response_url');
  let nextId = 0;
  let acked = 0;
  const warm = await runLevel(target, 8, WARMUP_MS, MAX_REQUESTS_PER_LEVEL, nextId); // JIT, SQLite pages, sockets
  nextId += warm.warmUps + warm.latenciesMs.length + warm.errors;
  acked += warm.warmUps + warm.latenciesMs.length;
  await waitUntil(() => answers() >= acked, DRAIN_MS);

  console.log(row(['concurrency', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'busy', 'answered', 'answers/s', 'RSS MB']));
  let peakThroughput = 0;
  for (const concurrency of LEVELS) {
    const answersBefore = answers();
    const result = await runLevel(target, concurrency, LEVEL_MS, MAX_REQUESTS_PER_LEVEL, nextId);
    nextId += result.warmUps + result.latenciesMs.length + result.errors;
    acked += result.warmUps + result.latenciesMs.length - result.refused; // a busy refusal is never answered
    const rss = bot.memory();
    // Answers posted while the level ran: whether the bot keeps up with what it acknowledges.
    const answered = answers() - answersBefore - result.warmUps;
    const sorted = [...result.latenciesMs].sort((a, b) => a - b);
    const throughput = sorted.length / (result.elapsedMs / 1000);
    peakThroughput = Math.max(peakThroughput, throughput);
    console.log(
      row([
        concurrency,
        sorted.length,
        throughput.toFixed(0),
        quantile(sorted, 0.5).toFixed(1),
        quantile(sorted, 0.99).toFixed(1),
        result.errors,
        result.refused,
        answered,
        (answered / (result.elapsedMs / 1000)).toFixed(0),
        rss ? rss.rssMb.toFixed(0) : 'n/a',
      ]),
    );
    // Let the backlog of answers finish so each level starts from a quiet bot.
    if (!(await waitUntil(() => answers() >= acked, DRAIN_MS))) console.log(`  (${acked - answers()} acked requests still unanswered after ${DRAIN_MS / 1000} s)`);
  }

  const memory = bot.memory();
  const stop = await bot.stop(15_000);
  console.log('');
  console.log(`cold start to ready: ${bot.coldStartMs.toFixed(0)} ms (spawn of node dist/src/main.js to its "ready" log line)`);
  console.log(`peak throughput: ${peakThroughput.toFixed(0)} req/s; bot RSS at end ${memory ? memory.rssMb.toFixed(0) : 'n/a'} MB, peak ${memory ? memory.peakMb.toFixed(0) : 'n/a'} MB`);
  console.log(`SIGTERM: exit code ${stop.code} after ${stop.ms.toFixed(0)} ms; Web API calls seen by the stub: ${JSON.stringify(Object.fromEntries(stub.counts))}`);
  console.log('targets (issue 7, 2-core machine): ≥ 500 req/s sustained, p99 ack < 100 ms, RSS < 200 MB, cold start < 1.5 s');
}

main().catch((error: unknown) => {
  console.error(`bench:load failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
