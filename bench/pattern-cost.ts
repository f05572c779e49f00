import { respond } from '../src/core/assistant.js';
import { hubIdsIn, noHubModels } from '../src/hub/prefetch.js';
import { MappedText } from '../src/language/mapped-text.js';
import { corpusLines, distinctText } from './load/corpus-texts.js';

/**
 * `node dist/bench/pattern-cost.js [--top=N]`: every pattern the reader rewrites a text with
 * (`MappedText.replace` and `replaceEach`: normalising, segments, config keys, code, prose, …),
 * by the CPU it took on the real corpus, each text answered once as the compute worker answers
 * it (bench/worker-cost.ts), after a warm-up pass. A pattern's cost includes its rewrites and the
 * new text built from them. The `worst` column is the most one text cost it: a pattern that
 * backtracks over a long blank (a log set aside keeps its length in spaces) shows there.
 * Asserts nothing; measures by wrapping replaceEach, so the totals carry a little overhead.
 * process.cpuUsage is the whole process's: V8's background threads (concurrent compilation,
 * GC helpers) land in whichever call is running. The first rewrite of each text (normalise's
 * chat markup) takes most of that (~0.5 ms a message on average, in bursts; the pattern alone
 * scans a message in ~1 µs): read it as noise, and a worst figure as a hint to time apart.
 */

const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice('--top='.length) ?? 30);
const cpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

interface PatternCost {
  us: number;
  calls: number;
  worstUs: number;
}
const costs = new Map<string, PatternCost>();
let counting = false;
const replaceEach = MappedText.prototype.replaceEach;
MappedText.prototype.replaceEach = function (this: MappedText, pattern: RegExp, rewrite: Parameters<typeof replaceEach>[1]) {
  if (!counting) return replaceEach.call(this, pattern, rewrite);
  let name: string | undefined;
  const named: typeof rewrite = (m) => {
    const read = rewrite(m);
    const rule = read?.rule;
    name ??= typeof rule === 'string' ? rule : rule?.id;
    return read;
  };
  const started = cpuUs();
  const result = replaceEach.call(this, pattern, named);
  const us = cpuUs() - started;
  const key = `${name ?? '?'}  /${pattern.source.slice(0, 50)}/`;
  const c = costs.get(key) ?? { us: 0, calls: 0, worstUs: 0 };
  c.us += us;
  c.calls++;
  c.worstUs = Math.max(c.worstUs, us);
  costs.set(key, c);
  return result;
};

function answer(text: string): void {
  hubIdsIn(text);
  respond(text, null, noHubModels());
}

const lines = corpusLines();
for (let n = lines.length; n < 2 * lines.length; n++) answer(distinctText(lines, n));
counting = true;
const started = cpuUs();
for (let n = 2 * lines.length; n < 3 * lines.length; n++) answer(distinctText(lines, n));
const allUs = cpuUs() - started;

const total = [...costs.values()].reduce((a, c) => a + c.us, 0);
console.log(`headroom pattern cost — ${lines.length} corpus texts answered once each; CPU per message: all ${(allUs / lines.length).toFixed(0)} µs, of which MappedText rewrites ${(total / lines.length).toFixed(0)} µs`);
console.log(`${'µs/msg'.padStart(8)} ${'calls/msg'.padStart(9)} ${'worst µs'.padStart(9)}  rule (first to write) and pattern`);
const byWorst = process.argv.includes('--by-worst');
for (const [key, c] of [...costs].sort((a, b) => (byWorst ? b[1].worstUs - a[1].worstUs : b[1].us - a[1].us)).slice(0, top)) {
  console.log(`${(c.us / lines.length).toFixed(2).padStart(8)} ${(c.calls / lines.length).toFixed(2).padStart(9)} ${c.worstUs.toFixed(0).padStart(9)}  ${key}`);
}
