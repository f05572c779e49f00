import { respond } from '../src/core/assistant.js';
import { compactCanonical, compactReadCount } from '../src/reply/compact.js';
import { resolveRequest } from '../src/scenario/resolve.js';
import type { Scenario } from '../src/scenario/schema.js';
import { loadCorpus } from '../test/corpus/corpus.js';
import { corpusPath } from './load/corpus-texts.js';
import { referenceCompact } from '../test/replies/compact-reference.js';

/**
 * `node dist/bench/compact.js`: the CPU one reply spends on compactCanonical (the short form its
 * buttons carry), over every scenario test/corpus/requests.jsonl resolves to (texts and readings),
 * before (every tried text read afresh, test/replies/compact-reference.ts) and after (readings
 * kept). CPU time from process.cpuUsage, not wall time: the machine is shared. Prints a table.
 */

const ROUNDS = Number(process.argv[2] ?? 3);

const corpus = loadCorpus(corpusPath());

function scenarios(): Scenario[] {
  const found: Scenario[] = [];
  for (const line of corpus) {
    for (const text of [line.text, line.reading ?? '']) {
      const outcome = text ? resolveRequest(text, null) : null;
      if (outcome?.ok && outcome.scenario) found.push(outcome.scenario);
    }
  }
  return found;
}

/** CPU milliseconds per call of `run` over every scenario, `rounds` times. */
function cpuPerCall(all: Scenario[], rounds: number, run: (s: Scenario) => string): number {
  const start = process.cpuUsage();
  for (let r = 0; r < rounds; r++) for (const s of all) run(s);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / (all.length * rounds);
}

function cpuPerAnswer(texts: string[]): number {
  const start = process.cpuUsage();
  for (const text of texts) respond(text, null);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / texts.length;
}

const all = scenarios();
// Warm-up (JIT) on the reference only, so the kept version's first pass meets its memos empty.
cpuPerCall(all, 1, referenceCompact);
const before = cpuPerCall(all, ROUNDS, referenceCompact);
const readsBefore = compactReadCount();
const firstSight = cpuPerCall(all, 1, compactCanonical);
const readsFirst = compactReadCount() - readsBefore;
const again = cpuPerCall(all, ROUNDS, compactCanonical);
const readsAgain = compactReadCount() - readsBefore - readsFirst;
// A whole answer for scale (its compact is computed only when a button or the CLI asks for it).
const answer = cpuPerAnswer(corpus.map((line, i) => `${'please '.repeat(1 + (i % 3))}${line.text}`));

const rows = [
  ['before: every tried text read afresh', before.toFixed(3), '—'],
  ['after, first sight of each scenario', firstSight.toFixed(3), (readsFirst / all.length).toFixed(2)],
  ['after, a scenario answered again', again.toFixed(3), (readsAgain / (all.length * ROUNDS)).toFixed(2)],
  ['for scale: respond() per corpus text', answer.toFixed(3), '—'],
];
const headers = ['compactCanonical per reply', 'CPU ms', 'texts read'];
const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
console.log(`compactCanonical — ${all.length} scenarios of test/corpus/requests.jsonl, ${ROUNDS} rounds, Node ${process.version}`);
console.log([line(headers), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n'));
