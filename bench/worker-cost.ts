import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { respond } from '../src/core/assistant.js';
import { hubIdsIn, noHubModels } from '../src/hub/prefetch.js';
import { corpusLines, distinctText } from './load/corpus-texts.js';
import { cpuPerAnswer, readCpu } from './load/cpu.js';

/**
 * `node dist/bench/worker-cost.js`: the compute worker's CPU per answer on the real corpus,
 * each text read once through the worker's own steps (src/adapters/compute/respond-worker.ts:
 * the Hub-id search, then respond() with no Hub models). One pass of the corpus warms the
 * process (with a sign-off, as bench:load's second pass: the texts stay new to the parser's
 * cache), then each line is timed once with another sign-off. CPU of this process
 * (process.cpuUsage: GC helpers included), per text; prints median, p90, p99, mean, the
 * CPU per answer of this thread and of the whole process over the timed passes (/proc), and the
 * slowest lines. Asserts nothing. `--profile=FILE` writes a V8 CPU profile of the timed passes
 * alone (bench/cpu-profile-top.ts prints its top functions).
 */

function answer(text: string): void {
  hubIdsIn(text);
  respond(text, null, noHubModels());
}

const lines = corpusLines();
const passes = Number(process.argv.find((a) => a.startsWith('--passes='))?.slice('--passes='.length) ?? 1);
for (let n = lines.length; n < 2 * lines.length; n++) answer(distinctText(lines, n));

const profileTo = process.argv.find((a) => a.startsWith('--profile='))?.slice('--profile='.length);
const session = new Session();
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
if (profileTo) {
  session.connect();
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
}

const costs: { line: number; ms: number }[] = [];
const threadsBefore = readCpu(process.pid);
for (let pass = 2; pass < 2 + passes; pass++) {
  for (let i = 0; i < lines.length; i++) {
    const text = distinctText(lines, pass * lines.length + i);
    const before = process.cpuUsage();
    answer(text);
    const used = process.cpuUsage(before);
    costs.push({ line: i, ms: (used.user + used.system) / 1000 });
  }
}

const threads = cpuPerAnswer(process.pid, threadsBefore, readCpu(process.pid), costs.length);
if (profileTo) writeFileSync(profileTo, JSON.stringify(((await post('Profiler.stop')) as { profile: unknown }).profile));

const sorted = costs.map((c) => c.ms).sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const total = sorted.reduce((a, b) => a + b, 0);
console.log(`headroom compute worker cost — ${lines.length} corpus lines × ${passes}, each new to the parser's cache, Node ${process.version}`);
console.log(`CPU ms per answer: median ${at(0.5).toFixed(3)}  p90 ${at(0.9).toFixed(3)}  p99 ${at(0.99).toFixed(3)}  max ${sorted.at(-1)!.toFixed(3)}  mean ${(total / sorted.length).toFixed(3)}  (total ${total.toFixed(0)} ms)`);
// From /proc (10 ms ticks, Linux): this thread, and V8's helpers (GC, compilers) beside it.
if (!Number.isNaN(threads.mainMs)) console.log(`by thread (/proc): this thread ${threads.mainMs.toFixed(3)} ms per answer, busiest other ${threads.busiestOtherMs.toFixed(3)}, whole process ${threads.processMs.toFixed(3)}`);
const slowest = [...costs].sort((a, b) => b.ms - a.ms).slice(0, 8);
for (const { line, ms } of slowest) console.log(`  line ${String(line + 1).padStart(4)}  ${ms.toFixed(2).padStart(7)} ms  ${JSON.stringify(lines[line]!.slice(0, 70))}`);
