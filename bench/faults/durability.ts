import { killHard, sleep, waitUntil, type CaseContext, type FaultCase } from './harness.js';
import { BOT_USER, canonicalOf, newChannel, nextTs, postEvent, SlackWorld, type SeenCall } from './slack-world.js';

/**
 * Round 2, "durability": follow-ups in several threads against the SQLite store, `kill -9` in the
 * middle, restart from the same file, three times. Then every thread gets one more follow-up that
 * changes neither seq nor mbs: its answer shows what the store holds, which must be the last
 * answer shown in the thread (or a follow-up acked after it), never an older one.
 */

const THREADS = 6;
const ROUNDS = 3;
const RUN_MS = 2_000;
const SETTLE_MS = 3_000;
/** A person's pause between an answer and their next follow-up. */
const THINK_MS = 50;
const NO_LIMITS = { RATE_LIMIT_USER_BURST: '1000000', RATE_LIMIT_USER_PER_MIN: '1000000', RATE_LIMIT_CHANNEL_BURST: '1000000', RATE_LIMIT_CHANNEL_PER_MIN: '1000000' };

interface Thread {
  channel: string;
  root: string;
  /** Follow-ups the bot acknowledged (HTTP 200), in order, with the state each asks for. */
  acked: { at: number; seq?: number; mbs?: number }[];
}

interface State {
  seq: number | null;
  mbs: number | null;
}

/** seq and micro-batch of an answer; null for one the reading leaves out because it was never stated (issue 23's envelope). */
function stateOf(canonical: string | null): State | null {
  if (canonical === null) return null;
  const said = (item: string) => {
    const value = new RegExp(`\\b${item} (\\d+)`).exec(canonical)?.[1];
    return value === undefined ? null : Number(value);
  };
  return { seq: said('seq'), mbs: said('mbs') };
}

const answersIn = (world: SlackWorld, t: Thread): SeenCall[] => world.postsIn(t.channel, t.root).filter((c) => c.method === 'chat.postMessage' && canonicalOf(c.args) !== null);

/** Follow-ups in every thread until `deadline`, each waiting (bounded) for its answer. */
async function converse(world: SlackWorld, port: () => number, threads: Thread[], deadline: number, alive: () => boolean): Promise<void> {
  let turn = 0;
  await Promise.all(
    threads.map(async (t) => {
      while (Date.now() < deadline && alive()) {
        turn += 1;
        const change = turn % 2 === 0 ? { seq: 1024 + 128 * (turn % 40) } : { mbs: 1 + (turn % 16) };
        const before = world.postsIn(t.channel, t.root).length;
        const sent = await postEvent(port(), { type: 'message', channel: t.channel, ts: nextTs(), thread_ts: t.root, text: 'seq' in change ? `seq ${change.seq}` : `mbs ${change.mbs}` });
        if (sent.status !== 200) return;
        t.acked.push({ at: Date.now(), ...change });
        await waitUntil(() => world.postsIn(t.channel, t.root).length > before || !alive(), 3_000);
        await sleep(THINK_MS);
      }
    }),
  );
}

async function startBot(ctx: CaseContext, world: SlackWorld) {
  return ctx.bot(world.env(NO_LIMITS));
}

const kill9Sqlite: FaultCase = {
  id: 'kill9-sqlite',
  round: 2,
  fault: `${THREADS} threads of follow-ups, kill -9 mid-run ×${ROUNDS}, restart (SQLite)`,
  threshold: 'acked all answered/told, 0 reverted',
  timeoutMs: 90_000,
  async run(ctx) {
    const world = await SlackWorld.start(ctx);
    let bot = await startBot(ctx, world);
    const threads: Thread[] = Array.from({ length: THREADS }, () => ({ channel: newChannel(), root: nextTs(), acked: [] }));
    for (const t of threads) await postEvent(bot.port, { type: 'app_mention', channel: t.channel, ts: t.root, text: `<@${BOT_USER}> 7b lora on a100` });
    await waitUntil(() => threads.every((t) => answersIn(world, t).length > 0), 10_000);
    const mentionsAnswered = threads.filter((t) => answersIn(world, t).length > 0).length;
    for (let round = 0; round < ROUNDS; round++) {
      const current = bot;
      const talking = converse(world, () => current.port, threads, Date.now() + RUN_MS + 1_000, () => current.child.exitCode === null && current.child.signalCode === null);
      await sleep(RUN_MS);
      await killHard(current.child);
      await talking;
      bot = await startBot(ctx, world);
      await sleep(SETTLE_MS);
    }
    // Acknowledged follow-ups that nothing in their thread ever answered (an answer or a notice).
    const unanswered = threads.reduce((sum, t) => sum + Math.max(0, t.acked.length - (world.postsIn(t.channel, t.root).length - 1)), 0);
    // What each thread may hold: the last answer shown, or that plus a follow-up acked after it.
    let reverted = 0;
    let checked = 0;
    for (const t of threads) {
      const shown = answersIn(world, t);
      const last = shown.at(-1);
      const lastState = stateOf(last ? canonicalOf(last.args) : null);
      if (!last || !lastState) continue;
      // Follow-ups acked after the last answer was posted were never answered; the store may hold them.
      const allowed = [lastState];
      for (const a of t.acked.filter((x) => x.at > last.at)) allowed.push({ seq: a.seq ?? allowed.at(-1)!.seq, mbs: a.mbs ?? allowed.at(-1)!.mbs });
      const before = shown.length;
      await postEvent(bot.port, { type: 'message', channel: t.channel, ts: nextTs(), thread_ts: t.root, text: 'on h100' });
      if (!(await waitUntil(() => answersIn(world, t).length > before, 5_000))) continue;
      const now = stateOf(canonicalOf(answersIn(world, t).at(-1)!.args));
      checked += 1;
      if (!now || !allowed.some((s) => s.seq === now.seq && s.mbs === now.mbs)) reverted += 1;
    }
    const acked = threads.reduce((sum, t) => sum + t.acked.length, 0);
    return {
      figure: `${acked} acked, ${unanswered} never answered; ${reverted} of ${checked} threads reverted (${mentionsAnswered}/${THREADS} opened)`,
      held: unanswered === 0 && reverted === 0 && checked === THREADS,
    };
  },
};

export const DURABILITY_CASES: FaultCase[] = [kill9Sqlite];
