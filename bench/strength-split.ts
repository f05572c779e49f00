import { pathToFileURL } from 'node:url';
import type { FactTrace } from '../src/scenario/facts.js';
import { CALIBRATION } from '../src/scenario/fact-calibration.js';
import { FIELD_OF_FACT, corpusFiles, judge, load } from './language.js';
import { eligible, measure, type LineRec, type Row } from './fact-strength.js';
import { selectBatch, withoutHeld } from './language-batch.js';
import { withReading } from './rule-precision.js';

/**
 * `node dist/bench/strength-split.js --test b30,b45,c3717-c3776 [--hold …] [--show 0.01]`: the fact-strength mechanism
 * (src/scenario/fact-strength.ts) judged as the next stranger meets it. The classes are counted on the
 * lines before the test range (and outside --hold), then applied to the test lines, which the counts never
 * saw: how many of their silent misreadings become said, at what cost in weak facts said per reply, for each
 * way of naming an evidence class and each line (`--show` lists the classes over one line, with their counts on
 * both sides). The shipped bench (bench:strength) measures in-sample and leave-one-line-out, on lines the reader's
 * rules were fitted to; this one tests on lines no rule was written for (the held-out batches), as a stranger's.
 */

/** Ways of naming a fact's evidence class: the shipped one (the reader, the chain's last rule) and finer ones. */
const SCHEMES: Record<string, (r: Row) => string> = {
  reader: (r) => `${r.x.fact}|${r.x.reader}|${r.x.kind}|${r.x.long ? 'long' : 'short'}`,
  origin: (r) => `${r.x.fact}|${origin(r.fact)}|${r.x.kind}|${r.x.long ? 'long' : 'short'}`,
  'reader+origin': (r) => `${r.x.fact}|${origin(r.fact)}>${r.x.reader}|${r.x.kind}|${r.x.long ? 'long' : 'short'}`,
  'reader+cue': (r) => `${r.x.fact}|${r.x.reader}|${r.fact.cue ?? '-'}|${r.x.kind}|${r.x.long ? 'long' : 'short'}`,
  chain: (r) => `${r.x.fact}|${r.fact.rules.filter((id) => !id.startsWith('normalise.')).join('>')}|${r.x.kind}|${r.x.long ? 'long' : 'short'}`,
};

const origin = (f: FactTrace) => f.rules.find((id) => !id.startsWith('normalise.')) ?? f.rules[0] ?? '-';

type Rec = LineRec;
type Counts = Map<string, { facts: number; silent: number; lines: Set<string> }>;

function counted(recs: readonly Rec[], key: (r: Row) => string): { counts: Counts; facts: number; silent: number } {
  const counts: Counts = new Map();
  let facts = 0;
  let silent = 0;
  for (const rec of recs) for (const r of rec.rows.filter(eligible)) {
    const k = key(r);
    const t = counts.get(k) ?? { facts: 0, silent: 0, lines: new Set<string>() };
    counts.set(k, t);
    t.facts++;
    facts++;
    if (r.silent) {
      t.silent++;
      silent++;
      t.lines.add(rec.id);
    }
  }
  return { counts, facts, silent };
}

/** The keys over the line, smoothed toward all facts' rate by the shipped weight, silent on two lines or more. */
function weakKeys(c: ReturnType<typeof counted>, line: number): Set<string> {
  const prior = c.silent / c.facts;
  const w = CALIBRATION.weight;
  return new Set([...c.counts].filter(([, t]) => t.lines.size >= 2 && (t.silent + w * prior) / (t.facts + w) > line).map(([k]) => k));
}

function simulate(rec: Rec, key: (r: Row) => string, weak: Set<string>): { weak: number; silent: boolean } {
  const fresh = rec.rows.filter((r) => eligible(r) && weak.has(key(r)));
  const fields = new Set(fresh.flatMap((r) => FIELD_OF_FACT[r.fact.fact] ?? []));
  const left = [...rec.unflagged].filter((f) => !fields.has(f) && !((f === 'sharding' || f === 'parallel') && fields.has('hardware') && rec.differ.has('hardware')));
  return { weak: rec.weakSaid + new Set(fresh.map((r) => `${r.fact.fact}\u0000${r.fact.value}`)).size, silent: rec.verdict === 'silent' && left.length > 0 };
}

function main(): void {
  const argv = process.argv.slice(2);
  const hold: string[] = [];
  let test = '';
  let show = NaN;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--hold') hold.push(...argv[++i]!.split(','));
    else if (argv[i] === '--test') test = argv[++i]!;
    else if (argv[i] === '--show') show = Number(argv[++i]);
  }
  if (!test) throw new Error('usage: strength-split --test cNNN-cNNN [--hold …]');
  CALIBRATION.classes = {};
  const all = load(corpusFiles([])).filter(withReading);
  const testLines = test.split(',').flatMap((spec) => selectBatch(all, spec));
  const testIds = new Set(testLines.map((l) => l.id));
  const train = withoutHeld(all, hold).filter((l) => !testIds.has(l.id));
  const trainRecs = measure(train.map(judge));
  const testRecs = measure(testLines.map(judge));
  const count = (recs: Rec[], v: string) => recs.filter((r) => r.verdict === v).length;
  console.log(`train ${trainRecs.length} lines (silent ${count(trainRecs, 'silent')}), test ${test}: ${testRecs.length} lines (right ${count(testRecs, 'right')}, silent ${count(testRecs, 'silent')})`);
  console.log('scheme           line   classes  train silent  test silent  test weak/reply right  test weak/reply all');
  for (const [name, key] of Object.entries(SCHEMES)) {
    const c = counted(trainRecs, key);
    for (const line of [1, 0.03, 0.02, 0.015, 0.01, 0.0085, 0.007]) {
      const weak = weakKeys(c, line);
      const tr = trainRecs.map((r) => simulate(r, key, weak));
      const te = testRecs.map((r) => ({ r, s: simulate(r, key, weak) }));
      const mean = (xs: typeof te) => (xs.reduce((a, { s }) => a + s.weak, 0) / (xs.length || 1)).toFixed(3);
      const right = te.filter(({ r }) => r.verdict === 'right');
      const scored = te.filter(({ r }) => r.verdict !== 'refused');
      if (show === line) for (const k of weak) { const t = c.counts.get(k)!; const tc = counted(testRecs, key).counts.get(k); console.log(`    ${k}: train ${t.facts}/${t.silent}, test ${tc?.facts ?? 0}/${tc?.silent ?? 0}`); }
      console.log(`${name.padEnd(15)}  ${line.toFixed(3)}  ${String(weak.size).padStart(7)}  ${String(tr.filter((s) => s.silent).length).padStart(12)}  ${String(te.filter(({ s }) => s.silent).length).padStart(11)}  ${mean(right).padStart(21)}  ${mean(scored).padStart(19)}`);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
