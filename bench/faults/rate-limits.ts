import { spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from '../load/bot-process.js';
import { startRedis, stopRedis } from '../load/outage.js';
import { killHard, ms, NotRun, quantileOf, sleep, waitUntil, type CaseContext, type FaultCase } from './harness.js';
import { BOT_USER, newChannel, nextTs, postEvent, slash, SlackWorld } from './slack-world.js';

/** Round 2, "rate limits and outages degrade, never stall", and Redis down from the start. */

/** Slack's Tier 3 (conversations.replies): about 50 calls a minute. */
const TIER3_PER_MIN = 50;

/** A mention that opens a thread, then `followUps` addressed follow-ups in it; times to each posted reply. */
async function conversation(world: SlackWorld, botPort: number, followUps: number, options: { rootKnown: boolean; gapMs?: number }): Promise<{ latencies: number[] }> {
  const channel = newChannel();
  const root = nextTs();
  const latencies: number[] = [];
  if (options.rootKnown) {
    await postEvent(botPort, { type: 'app_mention', channel, ts: root, text: `<@${BOT_USER}> 7b lora on a100` });
    await waitUntil(() => world.postsIn(channel, root).length > 0, 5_000);
  }
  for (let i = 0; i < followUps; i++) {
    const before = world.postsIn(channel, root).length;
    const sentAt = Date.now();
    await postEvent(botPort, { type: 'message', channel, ts: nextTs(), thread_ts: root, text: `<@${BOT_USER}> seq ${2048 + 512 * i}` });
    const answered = await waitUntil(() => world.postsIn(channel, root).length > before, 10_000);
    latencies.push(answered ? world.postsIn(channel, root)[before]!.at - sentAt : Number.POSITIVE_INFINITY);
    await sleep(options.gapMs ?? 200);
  }
  return { latencies };
}

/**
 * Slack's tiers are calls per minute with bursts allowed: the most calls any 60 s window holds
 * (a run shorter than a minute is one window), not a rate extrapolated from a few seconds.
 */
function mostInAMinute(calls: { at: number }[]): number {
  const times = calls.map((c) => c.at).sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, last = 0; last < times.length; last++) {
    while (times[last]! - times[first]! >= 60_000) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/** Requests in these cases come from a few users within seconds: the per-user limit is not what is measured. */
const LIMITS_OFF = { RATE_LIMIT_USER_BURST: '1000', RATE_LIMIT_USER_PER_MIN: '1000', RATE_LIMIT_CHANNEL_BURST: '1000', RATE_LIMIT_CHANNEL_PER_MIN: '1000' };

const slack429: FaultCase = {
  id: 'slack-429',
  round: 2,
  fault: 'conversations.replies always 429 (Retry-After 30); slash commands and follow-ups',
  threshold: 'answers < 3 s, ≤ 50 replies calls in any minute',
  timeoutMs: 90_000,
  async run(ctx) {
    const world = await SlackWorld.start(ctx);
    world.repliesRateLimited = true;
    const bot = await ctx.bot(world.env(LIMITS_OFF));
    const started = Date.now();
    // Known threads (the store has them) and threads the bot must recover (only Slack's history
    // has them: the lookup that meets the 429); slash commands arrive while those are under way.
    const talking = Promise.all([
      conversation(world, bot.port, 3, { rootKnown: true }),
      conversation(world, bot.port, 3, { rootKnown: true }),
      conversation(world, bot.port, 3, { rootKnown: false }),
      conversation(world, bot.port, 3, { rootKnown: false }),
    ]);
    await sleep(1_000);
    const slashes = await Promise.all([0, 1, 2].map((i) => slash(world, bot.port, `13b qlora on a100 seq ${1024 * (i + 1)}`)));
    await waitUntil(() => slashes.every((s) => s.answeredAt() !== null), 10_000);
    const slashLatencies = slashes.map((s) => (s.answeredAt() ?? Number.POSITIVE_INFINITY) - s.sentAt);
    const threads = await talking;
    await sleep(2_000);
    const windowMs = Date.now() - started;
    const rate = mostInAMinute(world.callsOf('conversations.replies', started));
    const slowestSlash = Math.max(...slashLatencies);
    const slowestKnown = Math.max(...threads.slice(0, 2).flatMap((t) => t.latencies));
    const slowestRecovered = Math.max(...threads.slice(2).flatMap((t) => t.latencies));
    const shown = (value: number) => (Number.isFinite(value) ? ms(value) : 'unanswered');
    return {
      figure: `max to answer: slash ${shown(slowestSlash)}, follow-up ${shown(slowestKnown)}, in a thread to recover ${shown(slowestRecovered)}; replies: at most ${rate} in a minute, run ${(windowMs / 1000).toFixed(0)} s`,
      held: Math.max(slowestSlash, slowestKnown, slowestRecovered) < 3_000 && rate <= TIER3_PER_MIN,
    };
  },
};

function requireRedis(): void {
  const probe = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) throw new NotRun('redis-server not installed');
}

/** A private redis-server on a free loopback port, killed at the end of the case. */
async function privateRedis(ctx: CaseContext): Promise<{ port: number; stop(): Promise<void> }> {
  requireRedis();
  const port = await freePort();
  const child: ChildProcess = await startRedis(port, ctx.dir);
  ctx.defer(() => killHard(child));
  return { port, stop: () => stopRedis(port, child) };
}

const OUTAGE_THREADS = 8;
const OUTAGE_FOLLOW_UPS = 6;

const redisOutage429: FaultCase = {
  id: 'redis-outage-429',
  round: 2,
  fault: 'Redis stopped while conversations.replies is 429',
  threshold: '≥ 95% answered, ≤ 50 calls in any minute, 0 calls after',
  timeoutMs: 120_000,
  async run(ctx) {
    const redis = await privateRedis(ctx);
    const world = await SlackWorld.start(ctx);
    const bot = await ctx.bot(world.env({ REDIS_URL: `redis://127.0.0.1:${redis.port}`, ...LIMITS_OFF }));
    // Threads open while Redis is up; then Redis stops and Slack rate-limits the recovery path.
    const channels = Array.from({ length: OUTAGE_THREADS }, () => ({ channel: newChannel(), root: nextTs() }));
    for (const { channel, root } of channels) await postEvent(bot.port, { type: 'app_mention', channel, ts: root, text: `<@${BOT_USER}> 7b lora on a100` });
    await waitUntil(() => channels.every(({ channel, root }) => world.postsIn(channel, root).length > 0), 10_000);
    await redis.stop();
    world.repliesRateLimited = true;
    const outageStarted = Date.now();
    let answered = 0;
    let sent = 0;
    await Promise.all(
      channels.map(async ({ channel, root }) => {
        for (let i = 0; i < OUTAGE_FOLLOW_UPS; i++) {
          const before = world.postsIn(channel, root).filter((c) => c.method === 'chat.postMessage').length;
          sent += 1;
          await postEvent(bot.port, { type: 'message', channel, ts: nextTs(), thread_ts: root, text: `seq ${1024 + 256 * i}` });
          if (await waitUntil(() => world.postsIn(channel, root).filter((c) => c.method === 'chat.postMessage').length > before, 5_000)) answered += 1;
          await sleep(300);
        }
      }),
    );
    const doneAt = Date.now();
    const rate = mostInAMinute(world.callsOf('conversations.replies', outageStarted));
    await sleep(10_000);
    const after = world.callsOf('conversations.replies', doneAt).length;
    return {
      figure: `${answered}/${sent} answered, replies: at most ${rate} in a minute, ${after} call(s) in the 10 s after`,
      held: answered / sent >= 0.95 && rate <= TIER3_PER_MIN && after === 0,
    };
  },
};

const redisDownAtStart: FaultCase = {
  id: 'redis-down-at-start',
  round: 2,
  fault: 'REDIS_URL at a closed loopback port from the start; 20 slash commands',
  threshold: 'ack p99 < 3 s, all answered',
  timeoutMs: 60_000,
  async run(ctx) {
    const closed = await freePort();
    const world = await SlackWorld.start(ctx);
    const bot = await ctx.bot(world.env({ REDIS_URL: `redis://127.0.0.1:${closed}`, RATE_LIMIT_USER_BURST: '1000', RATE_LIMIT_USER_PER_MIN: '1000' }), { readyTimeoutMs: 30_000 });
    const sent: Awaited<ReturnType<typeof slash>>[] = [];
    for (let batch = 0; batch < 5; batch++) sent.push(...(await Promise.all([0, 1, 2, 3].map((i) => slash(world, bot.port, `7b lora on a100 mbs ${batch * 4 + i + 1}`)))));
    await waitUntil(() => sent.every((s) => s.answeredAt() !== null), 10_000);
    const acks = sent.map((s) => (s.ack.status === 200 ? s.ack.ms : Number.POSITIVE_INFINITY));
    const p99 = quantileOf(acks, 0.99);
    const answered = sent.filter((s) => s.answeredAt() !== null).length;
    return { figure: `ack p99 ${Number.isFinite(p99) ? ms(p99) : 'failed'}, ${answered}/${sent.length} answered`, held: p99 < 3_000 && answered === sent.length };
  },
};

export const RATE_LIMIT_CASES: FaultCase[] = [slack429, redisOutage429, redisDownAtStart];
