import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { freePort } from '../load/bot-process.js';
import { InteractionSigner, postInteraction } from '../../test/discord/standin/signer.js';
import { discordStandIn } from './file-servers.js';
import { ms, quantileOf, sleep, waitUntil, type FaultCase } from './harness.js';
import { eventBody, nextTs, postToBot, slash, SlackWorld, type Sent } from './slack-world.js';

/** Round 2, "connections", plus the burst and logging faults of the HTTP receivers. */

const NO_LIMITS = { RATE_LIMIT_USER_BURST: '1000000', RATE_LIMIT_USER_PER_MIN: '1000000', RATE_LIMIT_CHANNEL_BURST: '1000000', RATE_LIMIT_CHANNEL_PER_MIN: '1000000' };

/** GET a path on a fresh connection: status (0 on failure) and time. */
export function getPath(port: number, path: string, timeoutMs: number): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path, agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
  });
}

/** `count` TCP connections that connect and then say nothing; all destroyed at the end of the case. */
async function idleConnections(port: number, count: number, onClose: (destroy: () => void) => void): Promise<number> {
  const sockets: Socket[] = [];
  onClose(() => sockets.forEach((s) => s.destroy()));
  let connected = 0;
  for (let i = 0; i < count; i++) {
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('connect', () => void (connected += 1));
    socket.on('error', () => undefined);
    sockets.push(socket);
    if (i % 100 === 99) await sleep(10);
  }
  await waitUntil(() => connected >= count, 5_000);
  return connected;
}

const IDLE = 1_100;

const slackIdleFlood: FaultCase = {
  id: 'slack-idle-flood',
  round: 2,
  fault: `${IDLE} idle TCP connections to the Slack port, then a slash command and /healthz`,
  threshold: 'both succeed within 2 s',
  async run(ctx) {
    const world = await SlackWorld.start(ctx);
    const bot = await ctx.bot(world.env());
    const connected = await idleConnections(bot.port, IDLE, (destroy) => ctx.defer(destroy));
    await sleep(200);
    const [command, health] = await Promise.all([slash(world, bot.port, '7b lora on a100'), getPath(bot.port, '/healthz', 2_000)]);
    const commandOk = command.ack.status === 200 && command.ack.ms <= 2_000;
    const healthOk = health.status === 200 && health.ms <= 2_000;
    return {
      figure: `${connected} idle open; slash ${command.ack.status || command.ack.error} in ${ms(command.ack.ms)}, /healthz ${health.status || 'failed'} in ${ms(health.ms)}`,
      held: commandOk && healthOk,
    };
  },
};

/** Channel chatter the bot acks and ignores: what a busy workspace's event subscription sends. */
function chatter(n: number): string {
  return eventBody({ type: 'message', channel: `C0BURST${n % 20}`, ts: nextTs(), text: `lunch at ${n % 12}?`, user: `U0CHAT${n % 50}` });
}

async function burst(port: number, count: number): Promise<Sent[]> {
  return Promise.all(Array.from({ length: count }, (_, n) => postToBot(port, chatter(n), 'application/json', { timeoutMs: 20_000 })));
}

const slackEventBurst: FaultCase = {
  id: 'slack-event-burst',
  round: 2,
  fault: '1,000 signed events at once, then 2,000',
  threshold: '1,000: ack p99 < 3 s, 0 resets; 2,000: 0 resets',
  timeoutMs: 90_000,
  async run(ctx) {
    const world = await SlackWorld.start(ctx);
    const bot = await ctx.bot(world.env());
    const first = await burst(bot.port, 1_000);
    await sleep(1_000);
    const second = await burst(bot.port, 2_000);
    const failures = (sent: Sent[]) => sent.filter((s) => s.status !== 200).length;
    const p99 = quantileOf(first.map((s) => (s.status === 200 ? s.ms : Number.POSITIVE_INFINITY)), 0.99);
    const firstFailed = failures(first);
    const secondFailed = failures(second);
    return {
      figure: `1,000: p99 ${Number.isFinite(p99) ? ms(p99) : 'n/a'}, ${firstFailed} failed; 2,000: ${secondFailed} failed`,
      held: p99 < 3_000 && firstFailed === 0 && secondFailed === 0,
    };
  },
};

const REJECTED = 1_000;

const rejectedLogSampled: FaultCase = {
  id: 'rejected-log-sampled',
  round: 2,
  fault: `${REJECTED.toLocaleString('en')} badly signed requests to /slack/events`,
  threshold: '≤ 50 log lines for them',
  async run(ctx) {
    const world = await SlackWorld.start(ctx);
    const bot = await ctx.bot(world.env());
    let lines = 0;
    let tail = '';
    bot.child.stdout!.on('data', (chunk: Buffer) => {
      const text = tail + chunk.toString();
      const parts = text.split('\n');
      tail = parts.pop() ?? '';
      lines += parts.filter((line) => line.includes('rejected')).length;
    });
    for (let batch = 0; batch < REJECTED / 50; batch++) {
      await Promise.all(Array.from({ length: 50 }, (_, i) => postToBot(bot.port, chatter(batch * 50 + i), 'application/json', { signature: `v0=${'0'.repeat(64)}` })));
    }
    await sleep(500);
    return { figure: `${lines} "rejected" log lines`, held: lines <= 50 };
  },
};

const INTERACTIONS = 500;

const discordHttpRate: FaultCase = {
  id: 'discord-http-rate',
  round: 2,
  fault: `${INTERACTIONS} signed Discord HTTP interactions over 5 s`,
  threshold: '≥ 95% answered (not busy)',
  timeoutMs: 60_000,
  async run(ctx) {
    const { standin, env } = await discordStandIn(ctx);
    const signer = new InteractionSigner();
    const httpPort = await freePort();
    // Default rate limits: the traffic is many people (one request each) in 50 channels.
    await ctx.bot({ ...env, DISCORD_PUBLIC_KEY: signer.publicKeyHex, DISCORD_HTTP_PORT: String(httpPort), DISCORD_GATEWAY: 'off' });
    const url = `http://127.0.0.1:${httpPort}/discord/interactions`;
    const outcomes: Promise<{ token: string; status: number; json: any }>[] = [];
    for (let i = 0; i < INTERACTIONS; i++) {
      const base = standin.slashCommandPayload(`7b lora on a100 mbs ${1 + (i % 8)}`, `81000000000000${String(i % 50).padStart(4, '0')}`);
      const payload = { ...base, member: { ...base.member, user: { ...base.member.user, id: `82000000000000${String(i).padStart(4, '0')}` } } };
      outcomes.push(postInteraction(url, payload, signer).then((r) => ({ token: payload.token, ...r }), () => ({ token: payload.token, status: 0, json: null })));
      if (i % 10 === 9) await sleep(100);
    }
    const results = await Promise.all(outcomes);
    const refused = (body: unknown) => /try again|a lot of requests/i.test(JSON.stringify(body ?? ''));
    const edits = () => new Set(standin.requests.filter((r) => r.method === 'PATCH' && r.status < 400 && !refused(r.body)).map((r) => /webhooks\/\d+\/([^/]+)\//.exec(r.path)?.[1]));
    const deferred = results.filter((r) => r.status === 200 && r.json?.type === 5);
    await waitUntil(() => deferred.every((r) => edits().has(r.token)), 15_000);
    const done = edits();
    const answered = results.filter((r) => r.status === 200 && ((r.json?.type === 4 && !refused(r.json)) || (r.json?.type === 5 && done.has(r.token)))).length;
    const busy = results.filter((r) => /a lot of requests/i.test(JSON.stringify(r.json ?? ''))).length;
    const failed = results.filter((r) => r.status !== 200).length;
    const neverEdited = deferred.filter((r) => !done.has(r.token)).length;
    const otherRefusals = results.length - answered - busy - failed - neverEdited;
    return {
      figure: `${answered}/${INTERACTIONS} answered; ${busy} told busy, ${otherRefusals} other refusals, ${neverEdited} deferred never edited, ${failed} HTTP failures`,
      held: answered / INTERACTIONS >= 0.95,
    };
  },
};

export const CONNECTION_CASES: FaultCase[] = [slackIdleFlood, slackEventBurst, rejectedLogSampled, discordHttpRate];
