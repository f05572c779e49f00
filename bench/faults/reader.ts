import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { ASSISTANT_JS, exitWithin, ms, quantileOf, sleep, waitUntil, type FaultCase } from './harness.js';
import { slash, SlackWorld } from './slack-world.js';

/** Round 2, "bounded work per message": the reader's CPU per message, and whether one user's heavy messages stall others. */

/** "6 KB": just under the reader's 6,000-character cap, so the whole message is read. */
const SIZE = 5_900;
const filled = (prefix: string, item: string) => (prefix + item.repeat(Math.ceil(SIZE / item.length))).slice(0, SIZE).trim();

/** The issue's "r8 r8 …" after a request it belongs to, and other options repeated the same way. */
const REPEATED: Record<string, string> = {
  r8: filled('7b lora ', 'r8 '),
  r16: filled('7b lora ', 'r16 '),
  bf16: filled('7b ', 'bf16 '),
  zero3: filled('7b ', 'zero3 '),
};

/**
 * CPU of `respond` (the core: reader, scenario, memory, reply) per message, in a child process so
 * a reader that loops for seconds cannot stall the bench; the child is killed at its deadline.
 */
const MEASURE = `
const { respond } = await import(process.env.ASSISTANT_URL);
const texts = JSON.parse(process.env.TEXTS);
respond('7b lora on a100', null); // JIT and lazy tables, not charged to the first item
const out = {};
for (const [name, text] of Object.entries(texts)) {
  const before = process.cpuUsage();
  try { respond(text, null); } catch {}
  const used = process.cpuUsage(before);
  out[name] = (used.user + used.system) / 1000;
  process.stdout.write(JSON.stringify(out) + '\\n');
}
`;

const readerCpu: FaultCase = {
  id: 'reader-repeat',
  round: 2,
  fault: '5.9 KB of one repeated option ("7b lora r8 r8 …", 3 more) read by the core',
  threshold: '≤ 100 ms CPU per message',
  timeoutMs: 40_000,
  async run(ctx) {
    const child = ctx.own(spawn(process.execPath, ['--input-type=module', '-e', MEASURE], { env: { ASSISTANT_URL: pathToFileURL(ASSISTANT_JS).href, TEXTS: JSON.stringify(REPEATED) }, stdio: ['ignore', 'pipe', 'pipe'] }));
    let last: Record<string, number> = {};
    child.stdout!.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) last = JSON.parse(line) as Record<string, number>;
    });
    const exit = await exitWithin(child, 30_000);
    const measured = Object.entries(last);
    const unfinished = Object.keys(REPEATED).filter((name) => !(name in last));
    const worst = Math.max(...measured.map(([, cpu]) => cpu));
    const figure = `${measured.map(([name, cpu]) => `${name} ${ms(cpu)}`).join(', ')}${unfinished.length ? `; unfinished after 30 s: ${unfinished.join(', ')}` : ''}`;
    return { figure, held: exit !== null && unfinished.length === 0 && worst <= 100 };
  },
};

const VICTIM_REQUESTS = 10;

const readerStall: FaultCase = {
  id: 'reader-stall',
  round: 2,
  fault: 'six 5.9 KB "r8 r8 …" slash commands from one user, 10 others ask meanwhile',
  threshold: 'others answered, p99 ≤ 1 s',
  timeoutMs: 60_000,
  async run(ctx) {
    const world = await SlackWorld.start(ctx);
    const bot = await ctx.bot(world.env());
    const attack = Array.from({ length: 6 }, () => slash(world, bot.port, REPEATED['r8']!, { user: 'U0HEAVY' }));
    await sleep(100);
    const victims = [];
    for (let i = 0; i < VICTIM_REQUESTS; i++) {
      victims.push(slash(world, bot.port, '7b lora on a100', { user: `U0OTHER${i}` }));
      await sleep(300);
    }
    const sent = await Promise.all(victims);
    await waitUntil(() => sent.every((s) => s.answeredAt() !== null), 15_000);
    await Promise.all(attack);
    const latencies = sent.map((s) => (s.answeredAt() ?? Number.POSITIVE_INFINITY) - s.sentAt);
    const answered = latencies.filter(Number.isFinite).length;
    const p99 = quantileOf(latencies, 0.99);
    return { figure: `others' p99 to answer ${Number.isFinite(p99) ? ms(p99) : '> 15 s'}, ${answered}/${VICTIM_REQUESTS} answered`, held: answered === VICTIM_REQUESTS && p99 <= 1_000 };
  },
};

/** U+202E (right-to-left override) and U+200B (zero-width space) inside a word the reader does not know. */
const BIDI = '\u202E';
const ZERO_WIDTH = '\u200B';

const bidiEcho: FaultCase = {
  id: 'bidi-echo',
  round: 2,
  fault: `unknown word with U+202E and U+200B in a slash command`,
  threshold: 'reply contains neither',
  async run(ctx) {
    const world = await SlackWorld.start(ctx);
    const bot = await ctx.bot(world.env());
    const texts = [`7b lora on a100 zq${BIDI}xv${ZERO_WIDTH}kw`, `fr${ZERO_WIDTH}obnicate${BIDI}gpt 7b`];
    const sent = await Promise.all(texts.map((text) => slash(world, bot.port, text)));
    await waitUntil(() => sent.every((s) => s.answeredAt() !== null), 10_000);
    const replies = sent.map((s) => world.answerTextOf(s.responseUrl, s.channel));
    const answered = replies.filter((r) => r.length > 0).length;
    const echoed = replies.filter((r) => r.includes(BIDI) || r.includes(ZERO_WIDTH)).length;
    return { figure: `${echoed} of ${answered} replies echo them (${texts.length} sent)`, held: answered === texts.length && echoed === 0 };
  },
};

export const READER_CASES: FaultCase[] = [readerCpu, readerStall, bidiEcho];
