import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBot } from './load/bot-process.js';
import { availableParallelism, loadavg } from 'node:os';
import { quantile, runLevel } from './load/driver.js';
import { corpusLines, distinctText } from './load/corpus-texts.js';
import { RssSampler } from './load/rss.js';
import { cpuPerAnswer, readCpu } from './load/cpu.js';
import { runSoak } from './load/soak.js';
import { runOutage } from './load/outage.js';
import { runDiscordHttp } from './load/discord-http.js';
import { runConnections } from './load/connections.js';
import { SlackStub } from './load/slack-stub.js';
import { startScriptNodeArgs } from './load/start-command.js';

/**
 * `npm run bench:load`: the Slack HTTP receiver under load, as production runs it.
 *
 * The bot is `node dist/src/main.js` in its own process (real config, SQLite store, Bolt, the
 * real assistant), bound to 127.0.0.1 and talking to a stub Web API on loopback. This process
 * drives it with correctly signed slash commands carrying the real corpus's requests, each text
 * distinct (bench/load/corpus-texts.ts), at rising concurrency: closed loop to the posted answer,
 * a bounded time and count per level. Per level it prints answers posted and answers/s, p50 /
 * p99 / max from send to the posted answer, p99 to the ack, "busy" refusals, acked requests never
 * answered, errors, and the bot's RSS; then RSS over the run (sampled, with its slope per answer),
 * cold start (spawn to "ready") and the SIGTERM drain. Asserts nothing; the targets are printed.
 * The figures vary with the machine's load: the header prints its cores and load average.
 *
 * `npm run bench:load -- --soak 200000 [--concurrency 16]` sends that many distinct threads
 * instead and prints RSS's slope per thread after a warm-up (bench/load/soak.ts).
 * `npm run bench:load -- --outage` runs the Redis outage instead (bench/load/outage.ts);
 * `-- --discord-http` Discord's HTTP interactions mode (bench/load/discord-http.ts);
 * `-- --connections` an idle-connection flood and bursts of 1,000 / 2,000 events (bench/load/connections.ts).
 */

const LEVELS = [1, 8, 16, 32, 64, 128];
const LEVEL_MS = 3_000;
const MAX_REQUESTS_PER_LEVEL = 20_000;
const WARMUP_MS = 1_000;
const RSS_SAMPLE_MS = 250;
/** The soak's requests in flight: the busiest level that answered everything in the level runs. */
const SOAK_CONCURRENCY = 16;
const SIGNING_SECRET = 'bec0ffee0123456789abcdef01234567';
const MAIN_JS = fileURLToPath(new URL('../src/main.js', import.meta.url));
const PACKAGE_JSON = fileURLToPath(new URL('../../package.json', import.meta.url));


function row(cells: (string | number)[]): string {
  return cells.map((c, i) => (i === 0 ? String(c).padEnd(11) : String(c).padStart(10))).join(' ');
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

/** The bot's environment for Slack HTTP mode against the stub: production defaults, abuse limits lifted. */
function slackBotEnv(stubPort: number, dir: string): Record<string, string> {
  return {
    SLACK_BOT_TOKEN: 'xoxb-bench-token',
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: `http://127.0.0.1:${stubPort}/api/`,
    // The corpus names Hub repos: they are looked up on the stub (404 at once), never off this machine.
    HF_ENDPOINT: `http://127.0.0.1:${stubPort}/hub`,
    HEADROOM_HUB_CACHE_DIR: 'off',
    HEADROOM_DB_PATH: join(dir, 'state.sqlite'),
    LOG_LEVEL: 'info', // production's default: one request line per answer, through the redacting logger
    // The benchmark measures capacity, not the abuse limits: lift them far above the load.
    RATE_LIMIT_USER_BURST: '1000000',
    RATE_LIMIT_USER_PER_MIN: '1000000',
    RATE_LIMIT_CHANNEL_BURST: '1000000',
    RATE_LIMIT_CHANNEL_PER_MIN: '1000000',
    // A/B runs: HEADROOM_COMPUTE_THREADS=0 answers on the main thread (the default is 1 here).
    ...(process.env.HEADROOM_COMPUTE_THREADS ? { HEADROOM_COMPUTE_THREADS: process.env.HEADROOM_COMPUTE_THREADS } : {}),
  };
}

/** The machine the figures come from: they mean little without its cores and how busy it was. */
function machineLine(): string {
  const [one, five] = loadavg();
  return `machine: ${availableParallelism()} cores, load average ${one!.toFixed(1)} (1 min) ${five!.toFixed(1)} (5 min), Node ${process.version}`;
}

/** `--soak 200000`: the number after a flag, or null when the flag is absent. */
function numberAfter(flag: string): number | null {
  const at = process.argv.indexOf(flag);
  if (at < 0) return null;
  const n = Number(process.argv[at + 1]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} needs a whole number, e.g. ${flag} 200000`);
  return n;
}

function mb(n: number): string {
  return Number.isFinite(n) ? n.toFixed(0) : 'n/a';
}

async function measure(stubPort: number, dir: string, stub: SlackStub): Promise<void> {
  const nodeArgs = botNodeArgs();
  const bot = await startBot(process.env.BOT_MAIN_JS ?? MAIN_JS, slackBotEnv(stubPort, dir), 15_000, nodeArgs);
  const lines = corpusLines();
  const target = { port: bot.port, secret: SIGNING_SECRET, responseUrlBase: `http://127.0.0.1:${stubPort}/response`, text: (n: number) => distinctText(lines, n), stub };
  // An answer is a channel post, or an ephemeral reply through response_url (request errors, help).
  const answers = () => stub.count('chat.postMessage') + stub.count('response_url');
  const soak = numberAfter('--soak');
  if (soak !== null) {
    console.log(machineLine());
    await runSoak(target, bot, answers, soak, numberAfter('--concurrency') ?? SOAK_CONCURRENCY);
    await bot.stop(15_000);
    return;
  }
  const rss = new RssSampler(bot.child.pid!, answers);
  rss.start(RSS_SAMPLE_MS);

  console.log(`headroom load benchmark: Slack HTTP mode on 127.0.0.1:${bot.port}, ${LEVEL_MS / 1000} s per level, closed loop to the posted answer`);
  console.log(`texts: ${lines.length} lines of test/corpus/requests.jsonl, each sent once and then with a sign-off naming the pass, so no text repeats (past the parser's 512-entry cache)`);
  console.log(machineLine());
  console.log(`bot: node ${[...nodeArgs, 'dist/src/main.js'].join(' ')}, HEADROOM_COMPUTE_THREADS=${process.env.HEADROOM_COMPUTE_THREADS ?? 'default'}, RSS at ready ${mb(bot.memory()?.rssMb ?? Number.NaN)} MB`);
  const warm = await runLevel(target, 8, WARMUP_MS, MAX_REQUESTS_PER_LEVEL, 0); // JIT, SQLite pages, sockets
  let nextId = warm.sent;
  const afterWarmUp = answers();

  console.log(row(['concurrency', 'sent', 'answered', 'answers/s', 'p50 ms', 'p99 ms', 'max ms', 'ack p99', 'busy', 'unanswered', 'errors', 'RSS MB', 'main ms/ans', 'other ms/ans', 'proc ms/ans']));
  const cpuAtStart = readCpu(bot.child.pid!);
  const answersAtStart = answers();
  let best = { concurrency: 0, answersPerS: 0, p99: Number.NaN };
  for (const concurrency of LEVELS) {
    const cpuBefore = readCpu(bot.child.pid!);
    const answersBefore = answers();
    const result = await runLevel(target, concurrency, LEVEL_MS, MAX_REQUESTS_PER_LEVEL, nextId);
    const cpu = cpuPerAnswer(bot.child.pid!, cpuBefore, readCpu(bot.child.pid!), answers() - answersBefore);
    nextId += result.sent;
    const toAnswer = [...result.answerMs].sort((a, b) => a - b);
    const toAck = [...result.ackMs].sort((a, b) => a - b);
    const answersPerS = toAnswer.length / (result.elapsedMs / 1000);
    if (answersPerS > best.answersPerS) best = { concurrency, answersPerS, p99: quantile(toAnswer, 0.99) };
    console.log(
      row([
        concurrency,
        result.sent - concurrency,
        toAnswer.length,
        answersPerS.toFixed(0),
        quantile(toAnswer, 0.5).toFixed(1),
        quantile(toAnswer, 0.99).toFixed(1),
        (toAnswer.at(-1) ?? Number.NaN).toFixed(1),
        quantile(toAck, 0.99).toFixed(1),
        result.refused,
        result.unanswered,
        result.errors,
        mb(bot.memory()?.rssMb ?? Number.NaN),
        cpu.mainMs.toFixed(2),
        cpu.busiestOtherMs.toFixed(2),
        cpu.processMs.toFixed(2),
      ]),
    );
  }
  rss.stop();
  const cpuOverRun = cpuPerAnswer(bot.child.pid!, cpuAtStart, readCpu(bot.child.pid!), answers() - answersAtStart);

  const memory = bot.memory();
  const stop = await bot.stop(15_000);
  const overRun = rss.summary(afterWarmUp);
  console.log('');
  console.log(`best level: ${best.answersPerS.toFixed(0)} answers/s at ${best.concurrency} in flight, p99 to the posted answer ${best.p99.toFixed(1)} ms (busy refusals are counted apart, never as answers)`);
  console.log(
    `bot RSS after warm-up (${overRun.samples} samples, every ${RSS_SAMPLE_MS} ms): min ${mb(overRun.minMb)}, median ${mb(overRun.medianMb)}, max ${mb(overRun.maxMb)} MB; slope ${overRun.kbPerAnswer.toFixed(2)} KB per answer; peak (VmHWM) ${mb(memory?.peakMb ?? Number.NaN)} MB`,
  );
  console.log(
    `bot CPU per answer over the levels (from /proc, little moved by other load): main thread ${cpuOverRun.mainMs.toFixed(2)} ms, busiest other thread (the compute worker) ${cpuOverRun.busiestOtherMs.toFixed(2)} ms, whole process ${cpuOverRun.processMs.toFixed(2)} ms; with a core each, main alone caps answers/s at ~${(1000 / cpuOverRun.mainMs).toFixed(0)} and the worker at ~${(1000 / cpuOverRun.busiestOtherMs).toFixed(0)}`,
  );
  console.log(`cold start to ready: ${bot.coldStartMs.toFixed(0)} ms (spawn of node dist/src/main.js to its "ready" log line)`);
  console.log(`SIGTERM: exit code ${stop.code} after ${stop.ms.toFixed(0)} ms; calls seen by the stub: ${JSON.stringify(Object.fromEntries(stub.counts))}`);
  console.log('targets: issue 25, ≥ 1,000 answers/s with p99 < 100 ms to the posted answer on 2 cores; issue 7, RSS < 200 MB, cold start < 1.5 s');
}

main().catch((error: unknown) => {
  console.error(`bench:load failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
