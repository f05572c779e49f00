import { createServer } from 'node:net';
import { freePort } from '../load/bot-process.js';
import { getPath } from './connections.js';
import { exitWithin, sleep, type FaultCase } from './harness.js';
import { slash, SlackWorld } from './slack-world.js';

/** Round 2, "lifecycle": a failed start, SIGTERM early and under load, readiness before ready. */

const failedStart: FaultCase = {
  id: 'failed-start',
  round: 2,
  fault: 'the bot started on a port another process holds',
  threshold: 'exits non-zero within 10 s',
  async run(ctx) {
    const world = await SlackWorld.start(ctx);
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    ctx.defer(() => new Promise<void>((resolve) => holder.close(() => resolve())));
    const port = (holder.address() as { port: number }).port;
    const exit = await exitWithin(ctx.spawnBot(world.env(), port), 10_000);
    if (!exit) return { figure: 'still running after 10 s', held: false };
    return { figure: `exit ${exit.code ?? exit.signal} after ${(exit.ms / 1000).toFixed(1)} s`, held: exit.code !== null && exit.code !== 0 };
  },
};

const earlySigterm: FaultCase = {
  id: 'early-sigterm',
  round: 2,
  fault: 'SIGTERM 200 ms after spawn; SIGTERM right after 5 acked commands',
  threshold: 'exit 0; 0 acked then dropped',
  async run(ctx) {
    const world = await SlackWorld.start(ctx);
    const early = ctx.spawnBot(world.env(), await freePort());
    await sleep(200);
    early.kill('SIGTERM');
    const earlyExit = await exitWithin(early, 15_000);
    // Under load: the acked commands must still be answered (or told) before the process ends.
    const bot = await ctx.bot(world.env());
    const sent = await Promise.all([1, 2, 3, 4, 5].map((mbs) => slash(world, bot.port, `13b lora on a100 mbs ${mbs}`)));
    bot.child.kill('SIGTERM');
    const drainExit = await exitWithin(bot.child, 15_000);
    const acked = sent.filter((s) => s.ack.status === 200 && s.ack.text === '');
    const dropped = acked.filter((s) => s.answeredAt() === null).length;
    const code = (exit: typeof earlyExit) => (exit ? String(exit.code ?? exit.signal) : 'none in 15 s');
    return {
      figure: `early: exit ${code(earlyExit)}; drain: exit ${code(drainExit)}, ${dropped} of ${acked.length} acked dropped`,
      held: earlyExit?.code === 0 && drainExit?.code === 0 && dropped === 0,
    };
  },
};

const readyzBeforeReady: FaultCase = {
  id: 'readyz-before-ready',
  round: 2,
  fault: 'GET /readyz every 20 ms from spawn to the "ready" log line',
  threshold: 'no 200 before ready',
  async run(ctx) {
    const world = await SlackWorld.start(ctx);
    const port = await freePort();
    const child = ctx.spawnBot(world.env(), port);
    let readyAt: number | null = null;
    let log = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-4000);
      if (readyAt === null && log.includes('"event":"ready"')) readyAt = Date.now();
    });
    let early200 = 0;
    let polls = 0;
    const started = Date.now();
    while (readyAt === null && Date.now() - started < 15_000 && child.exitCode === null) {
      const probe = await getPath(port, '/readyz', 500);
      polls += 1;
      // The ready line and the probe's answer travel on different pipes: a 200 counts as early
      // only if no ready line follows within 100 ms.
      if (probe.status === 200 && readyAt === null) {
        await sleep(100);
        if (readyAt === null) early200 += 1;
      }
      await sleep(20);
    }
    if (readyAt === null) return { figure: 'never logged ready within 15 s', held: false };
    return { figure: `${early200} of ${polls} probes said 200 before ready (ready after ${readyAt - started} ms)`, held: early200 === 0 };
  },
};

export const LIFECYCLE_CASES: FaultCase[] = [failedStart, earlySigterm, readyzBeforeReady];
