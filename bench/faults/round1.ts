import { spawnSync, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { freePort } from '../load/bot-process.js';
import { runOutage } from '../load/outage.js';
import { slackSignature } from '../../test/slack/standin/sign.js';
import { InteractionSigner, postInteraction } from '../../test/discord/standin/signer.js';
import { discordStandIn } from './file-servers.js';
import { killHard, MAIN_JS, mb, NotRun, sampleMemory, SIGNING_SECRET, sleep, waitUntil, type FaultCase } from './harness.js';
import { newChannel, postToBot, slash, slashBody, SlackWorld } from './slack-world.js';

/** Round 1 (issue 15): faults fixed last round, replayed so a regression shows. */

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Any method and path, on a fresh connection; the status, or 0 when the connection failed. */
function send(port: number, method: string, path: string, body = ''): Promise<number> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent: false, timeout: 5_000, headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/** A request line Node's URL parser would refuse, written on a raw socket; resolves when the bot answers or closes. */
function malformed(port: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write('GET http://x/%%zz HTTP/1.1\r\nHost: x\r\n\r\n'));
    socket.setTimeout(3_000, () => socket.destroy());
    socket.on('data', () => socket.end());
    socket.on('close', () => resolve());
    socket.on('error', () => undefined);
  });
}

const unknownPaths: FaultCase = {
  id: 'r1-unknown-paths',
  round: 1,
  fault: 'GET /, /favicon.ico, HEAD /, POST /slack/events/, a malformed URL',
  threshold: 'alive, next command answered',
  async run(ctx) {
    const world = await SlackWorld.start(ctx);
    const bot = await ctx.bot(world.env());
    const statuses = [await send(bot.port, 'GET', '/'), await send(bot.port, 'GET', '/favicon.ico'), await send(bot.port, 'HEAD', '/'), await send(bot.port, 'POST', '/slack/events/', '{}')];
    await malformed(bot.port);
    await sleep(200);
    const after = await slash(world, bot.port, '7b lora on a100');
    await waitUntil(() => after.answeredAt() !== null, 10_000);
    return { figure: `statuses ${statuses.join(' ')}; ${alive(bot.child) ? 'alive' : 'DEAD'}, next command ${after.answeredAt() ? 'answered' : 'unanswered'}`, held: alive(bot.child) && after.answeredAt() !== null };
  },
};

const nullBody: FaultCase = {
  id: 'r1-null-body',
  round: 1,
  fault: 'a correctly signed JSON body "null"',
  threshold: '400 and alive',
  async run(ctx) {
    const world = await SlackWorld.start(ctx);
    const bot = await ctx.bot(world.env());
    const sent = await postToBot(bot.port, 'null', 'application/json');
    await sleep(200);
    return { figure: `status ${sent.status || sent.error}, ${alive(bot.child) ? 'alive' : 'DEAD'}`, held: sent.status === 400 && alive(bot.child) };
  },
};

const SLOW = 300;

const slowUploads: FaultCase = {
  id: 'r1-slow-uploads',
  round: 1,
  fault: `${SLOW} signed uploads dribbling 1 KB every 200 ms for 3 s`,
  threshold: 'RSS growth < 100 MB',
  async run(ctx) {
    const world = await SlackWorld.start(ctx);
    const bot = await ctx.bot(world.env());
    const memory = sampleMemory(bot.child.pid!);
    const sockets: Socket[] = [];
    ctx.defer(() => sockets.forEach((s) => s.destroy()));
    const timestamp = Math.floor(Date.now() / 1000);
    for (let i = 0; i < SLOW; i++) {
      const socket = connect({ host: '127.0.0.1', port: bot.port }, () =>
        socket.write(
          `POST /slack/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n` +
            `X-Slack-Request-Timestamp: ${timestamp}\r\nX-Slack-Signature: ${slackSignature(SIGNING_SECRET, timestamp, String(i))}\r\n\r\n`,
        ),
      );
      socket.on('error', () => undefined);
      sockets.push(socket);
    }
    const chunk = Buffer.alloc(1024, 'a');
    for (let tick = 0; tick < 15; tick++) {
      await sleep(200);
      for (const socket of sockets) if (!socket.destroyed) socket.write(chunk);
    }
    const { growthMb } = memory.stop();
    sockets.forEach((s) => s.destroy());
    return { figure: `RSS +${mb(growthMb)}, ${alive(bot.child) ? 'alive' : 'DEAD'}`, held: growthMb < 100 && alive(bot.child) };
  },
};

const replay: FaultCase = {
  id: 'r1-replay',
  round: 1,
  fault: 'one signed slash command sent twice within 5 min',
  threshold: 'answered once',
  async run(ctx) {
    const world = await SlackWorld.start(ctx);
    const bot = await ctx.bot(world.env());
    const channel = newChannel();
    const responseUrl = world.responseUrl();
    const body = slashBody('7b lora on a100', responseUrl, { channel });
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = slackSignature(SIGNING_SECRET, timestamp, body);
    await postToBot(bot.port, body, 'application/x-www-form-urlencoded', { timestamp, signature });
    await sleep(300);
    await postToBot(bot.port, body, 'application/x-www-form-urlencoded', { timestamp, signature });
    await sleep(3_000);
    const id = responseUrl.slice(responseUrl.lastIndexOf('/') + 1);
    const answers = world.responses.filter((r) => r.id === id).length + world.postsIn(channel).length;
    return { figure: `${answers} answer(s)`, held: answers === 1 };
  },
};

const staleSignature: FaultCase = {
  id: 'r1-stale-signature',
  round: 1,
  fault: 'a slash command signed 10 minutes ago',
  threshold: 'refused (401), not answered',
  async run(ctx) {
    const world = await SlackWorld.start(ctx);
    const bot = await ctx.bot(world.env());
    const channel = newChannel();
    const responseUrl = world.responseUrl();
    const sent = await postToBot(bot.port, slashBody('7b lora on a100', responseUrl, { channel }), 'application/x-www-form-urlencoded', { timestamp: Math.floor(Date.now() / 1000) - 600 });
    await sleep(1_500);
    const answered = world.answeredAt(responseUrl, channel) !== null;
    return { figure: `status ${sent.status || sent.error}, ${answered ? 'answered' : 'not answered'}`, held: sent.status === 401 && !answered };
  },
};

const DEPTH = 1_000;

const discordNested: FaultCase = {
  id: 'r1-discord-nested',
  round: 1,
  fault: `Discord interaction with options nested ${DEPTH.toLocaleString('en')} deep`,
  threshold: '400 and alive',
  async run(ctx) {
    const { standin, env } = await discordStandIn(ctx);
    const signer = new InteractionSigner();
    const httpPort = await freePort();
    const bot = await ctx.bot({ ...env, DISCORD_PUBLIC_KEY: signer.publicKeyHex, DISCORD_HTTP_PORT: String(httpPort), DISCORD_GATEWAY: 'off' });
    let options: object[] = [{ name: 'request', type: 3, value: '7b lora on a100' }];
    for (let i = 0; i < DEPTH; i++) options = [{ name: `group${i}`, type: 2, options }];
    const payload = standin.interactionPayload(2, { id: '1', name: 'headroom', type: 1, options });
    const result = await postInteraction(`http://127.0.0.1:${httpPort}/discord/interactions`, payload, signer).catch(() => ({ status: 0 }));
    await sleep(200);
    return { figure: `status ${result.status}, ${alive(bot.child) ? 'alive' : 'DEAD'}`, held: result.status === 400 && alive(bot.child) };
  },
};

const outage: FaultCase = {
  id: 'r1-redis-outage',
  round: 1,
  fault: 'bench:load --outage, shortened: Redis down 10 s under 12 threads',
  threshold: '0 threads back in time',
  timeoutMs: 90_000,
  async run(ctx) {
    const probe = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
    if (probe.error || probe.status !== 0) throw new NotRun('redis-server not installed');
    const result = await runOutage(MAIN_JS, ctx.dir, SIGNING_SECRET, { threads: 12, beforeMs: 5_000, outageMs: 10_000, afterMs: 5_000, track: (child) => ctx.defer(() => killHard(child)) });
    return { figure: `${result.threadsBack} of ${result.threads} threads back in time, ${result.answers} answers, ${result.unanswered} unanswered`, held: result.threadsBack === 0 };
  },
};

export const ROUND1_CASES: FaultCase[] = [unknownPaths, nullBody, slowUploads, replay, staleSignature, discordNested, outage];
