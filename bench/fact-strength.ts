import { pathToFileURL } from 'node:url';
import { saidWeak, type FactTrace } from '../src/scenario/facts.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { CALIBRATION, type Calibration } from '../src/scenario/fact-calibration.js';
import { evidenceClass, featuresOf, measured, silentRate, type StrengthFeatures } from '../src/scenario/fact-strength.js';
import { FIELD_OF_FACT, corpusFiles, judge, load, type Result } from './language.js';
import { withoutHeld } from './language-batch.js';
import { withReading } from './rule-precision.js';

/**
 * `npm run bench:strength -- --hold … [--line 0.8] [--write]`: how strong a fact is, measured (issue 22 item 5,
 * docs/reading.md "How strong a fact is"). Every released line with a reading is read with the strength
 * mechanism off (its classes emptied, here only); each fact read from the user's words is one row:
 * its properties (rules, segment, corroborated, contradicted, a clause about another run) and whether its
 * field was wrong, and wrong with nothing said (silent). Prints precision by property, then for each line
 * the silent lines left, the weak facts said per reply on the lines read right and on all — in-sample and
 * with each line's own facts left out of its rules' counts (leave-one-line-out: what a line never seen would
 * get). `--write` writes src/scenario/fact-calibration.ts with the chosen line.
 */

export interface Row {
  line: string;
  fact: FactTrace;
  x: StrengthFeatures;
  wrong: boolean;
  silent: boolean;
  /** Already weak by a rule of the reader (said or not): the mechanism leaves it. */
  weak: boolean;
  /** Another fact of the reading says the same value on a strong cue: saidWeak would not say it. */
  covered: boolean;
}

export interface LineRec {
  id: string;
  verdict: string;
  unflagged: Set<string>;
  differ: Set<string>;
  weakSaid: number;
  rows: Row[];
  statesRecompute: boolean;
}

export function measure(results: readonly Result[]): LineRec[] {
  return results.map((r) => {
    const c = r.compared;
    const rec: LineRec = { id: r.line.id, verdict: r.verdict, unflagged: new Set(c?.unflagged), differ: new Set(c?.differ), weakSaid: 0, rows: [], statesRecompute: /\b(?:gc|recompute|checkpointing)\b/.test(r.line.reading ?? '') };
    if (!c) return rec;
    rec.weakSaid = new Set(saidWeak(c.trace)).size;
    const here = c.trace.filter((f) => f.at !== null);
    for (const f of here) {
      const fields = FIELD_OF_FACT[f.fact] ?? [];
      rec.rows.push({
        line: r.line.id,
        fact: f,
        x: featuresOf(f, c.trace, r.line.text),
        wrong: fields.some((x) => rec.differ.has(x)),
        silent: fields.some((x) => rec.unflagged.has(x)),
        weak: f.weak,
        covered: here.some((g) => g !== f && !g.weak && g.fact === f.fact && g.value === f.value),
      });
    }
    return rec;
  });
}

type Counts = Map<string, { facts: number; silent: number; lines: Set<string> }>;

/** The rows the classes are measured on: facts no rule made weak and no other span corroborates with a strong cue. */
export const eligible = (r: Row) => !r.weak && !r.covered && measured(r.fact, r.x);

function counted(rows: readonly Row[]): Counts {
  const counts: Counts = new Map();
  for (const r of rows.filter(eligible)) {
    const k = evidenceClass(r.x);
    const t = counts.get(k) ?? { facts: 0, silent: 0, lines: new Set<string>() };
    counts.set(k, t);
    t.facts++;
    if (r.silent) {
      t.silent++;
      t.lines.add(r.line);
    }
  }
  return counts;
}

/** The calibration these counts give at this line: the classes over it, with silent misreadings on two lines or more. */
function calibrate(counts: Counts, line: number, leaveOut?: LineRec): Calibration {
  const own = leaveOut ? counted(leaveOut.rows) : new Map() as Counts;
  let facts = 0;
  let silent = 0;
  for (const [k, t] of counts) {
    facts += t.facts - (own.get(k)?.facts ?? 0);
    silent += t.silent - (own.get(k)?.silent ?? 0);
  }
  const c: Calibration = { measuredOn: '', prior: { facts, silent }, weight: CALIBRATION.weight, classes: {}, line };
  for (const [k, t] of counts) {
    const o = own.get(k);
    const n = t.facts - (o?.facts ?? 0);
    const s = t.silent - (o?.silent ?? 0);
    const lines = [...t.lines].filter((l) => l !== leaveOut?.id).length;
    if (lines >= 2 && (s + c.weight * (silent / facts)) / (n + c.weight) > line) c.classes[k] = [n, s];
  }
  return c;
}

/** What a line's reply would say and how it is judged with the mechanism at this calibration. */
function simulate(rec: LineRec, c: Calibration): { weak: number; silent: boolean } {
  const fresh = Object.keys(c.classes).length ? rec.rows.filter((r) => eligible(r) && silentRate(r.x, c) > c.line) : [];
  const fields = new Set(fresh.flatMap((r) => FIELD_OF_FACT[r.fact.fact] ?? []));
  const left = [...rec.unflagged].filter((f) => {
    if (fields.has(f)) return false;
    if ((f === 'sharding' || f === 'parallel') && fields.has('hardware') && rec.differ.has('hardware')) return false;
    if (f === 'recompute' && !rec.statesRecompute && (fields.has('mode') || fields.has('lora')) && (rec.differ.has('mode') || rec.differ.has('lora'))) return false;
    return true;
  });
  return { weak: rec.weakSaid + new Set(fresh.map((r) => `${r.fact.fact}\u0000${r.fact.value}`)).size, silent: rec.verdict === 'silent' && left.length > 0 };
}

const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(0)}%` : '–');

function table(title: string, rows: readonly Row[], key: (r: Row) => string): string[] {
  const groups = new Map<string, Row[]>();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return [
    title,
    `  ${'value'.padEnd(26)} ${'facts'.padStart(6)} ${'wrong'.padStart(6)} ${'silent'.padStart(6)} ${'prec'.padStart(5)}`,
    ...[...groups]
      .sort((a, b) => b[1].length - a[1].length)
      .map(([k, g]) => `  ${k.padEnd(26)} ${String(g.length).padStart(6)} ${String(g.filter((r) => r.wrong).length).padStart(6)} ${String(g.filter((r) => r.silent).length).padStart(6)} ${pct(g.filter((r) => !r.wrong).length, g.length).padStart(5)}`),
    '',
  ];
}

function sweep(recs: readonly LineRec[], counts: Counts, loo: boolean): string[] {
  const out = [`Line sweep (${loo ? "leave-one-line-out: each line's own facts out of the counts" : 'in-sample'}):`, '  line    silent  weak/reply right  weak/reply all  share≥1 all  share≥1 right'];
  for (const line of [1, 0.04, 0.03, 0.02, 0.015, 0.01]) {
    const whole = calibrate(counts, line);
    const sims = recs.map((r) => ({ r, s: simulate(r, loo ? calibrate(counts, line, r) : whole) }));
    const right = sims.filter(({ r }) => r.verdict === 'right');
    const scored = sims.filter(({ r }) => r.verdict !== 'refused');
    const mean = (xs: typeof sims) => (xs.reduce((a, { s }) => a + s.weak, 0) / (xs.length || 1)).toFixed(3);
    const share = (xs: typeof sims) => pct(xs.filter(({ s }) => s.weak > 0).length, xs.length);
    out.push(`  ${line.toFixed(3)}  ${String(sims.filter(({ s }) => s.silent).length).padStart(6)}  ${mean(right).padStart(16)}  ${mean(scored).padStart(14)}  ${share(scored).padStart(11)}  ${share(right).padStart(13)}`);
  }
  return [...out, ''];
}

function written(c: Calibration, on: string): string {
  const classes = Object.entries(c.classes)
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([k, [facts, silent]]) => `    ${JSON.stringify(k)}: [${facts}, ${silent}],`);
  return [
    `export const CALIBRATION: Calibration = {`,
    `  measuredOn: ${JSON.stringify(on)},`,
    `  prior: { facts: ${c.prior.facts}, silent: ${c.prior.silent} },`,
    `  weight: ${c.weight},`,
    `  classes: {`,
    ...classes,
    `  },`,
    `  line: ${c.line},`,
    `};`,
  ].join('\n');
}

/** Each fact's weakest rule by the rules' measured precision (facts set, wrong), smoothed toward all facts': measured, not used. */
function rulePrecisionBucket(rows: readonly Row[]): (r: Row) => string {
  const all = new Map<string, [number, number]>();
  for (const r of rows) for (const id of new Set(r.fact.rules)) {
    const t = all.get(id) ?? [0, 0];
    all.set(id, t);
    t[0]++;
    if (r.wrong) t[1]++;
  }
  const p0 = 1 - rows.filter((r) => r.wrong).length / rows.length;
  return (r) => {
    const p = Math.min(p0, ...[...new Set(r.fact.rules)].map((id) => { const [n, w] = all.get(id)!; return (n - w + 10 * p0) / (n + 10); }));
    return p < 0.7 ? '<0.70' : p < 0.8 ? '0.70-0.80' : p < 0.85 ? '0.80-0.85' : '≥0.85';
  };
}

function main(): void {
  const argv = process.argv.slice(2);
  const hold: string[] = [];
  let line = CALIBRATION.line;
  let write = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--hold') hold.push(...argv[++i]!.split(','));
    else if (argv[i] === '--line') line = Number(argv[++i]);
    else if (argv[i] === '--write') write = true;
    else if (argv[i] === '--dump') i++;
  }
  // Measured with the mechanism off: the bench alone empties the classes (the reader never changes them).
  const shipped = { ...CALIBRATION };
  CALIBRATION.classes = {};
  const lines = withoutHeld(load(corpusFiles([])), hold).filter(withReading);
  const recs = measure(lines.map(judge));
  const rows = recs.flatMap((r) => r.rows);
  const counts = counted(rows);
  const c = calibrate(counts, line);
  const count = (v: string) => recs.filter((r) => r.verdict === v).length;
  const on = `${lines.length} released corpus lines with a reading (held out: ${hold.join(' ') || 'none'}), ${new Date().toISOString().slice(0, 10)}`;
  const out = [
    `headroom fact strength — ${on}: right ${count('right')}, flagged ${count('flagged')}, silent ${count('silent')}, refused ${count('refused')} (mechanism off; shipped: ${Object.keys(shipped.classes).length} classes, line ${shipped.line})`,
    `${rows.length} facts read from the words; ${rows.filter((r) => r.wrong).length} wrong (${pct(rows.filter((r) => r.wrong).length, rows.length)}), ${rows.filter((r) => r.silent).length} silent; ${rows.filter((r) => r.weak).length} weak by a rule; ${c.prior.facts} neither weak nor corroborated on a strong cue, ${c.prior.silent} of them silent`,
    '',
    ...table('By fact:', rows, (r) => r.fact.fact),
    ...table('By segment:', rows, (r) => r.x.kind),
    ...table(`Message of ${'≥'}200 characters (long) or a one-line request (short):`, rows, (r) => (r.x.long ? 'long' : 'short')),
    ...table('Weakest rule by its measured precision (not used: measured only):', rows, rulePrecisionBucket(rows)),
    ...table('Corroborated (same value on another span):', rows, (r) => String(r.x.corroborated)),
    ...table('Contradicted (another value on another span):', rows, (r) => String(r.x.contradicted)),
    ...table('Sentence about another run / comparison / tried:', rows, (r) => String(r.x.otherRun)),
    ...table('Weak by a rule already:', rows, (r) => String(r.weak)),
    ...table(`Evidence classes over the line ${line} (facts no rule made weak):`, rows.filter((r) => eligible(r) && c.classes[evidenceClass(r.x)]), (r) => evidenceClass(r.x)),
    ...sweep(recs, counts, false),
    ...sweep(recs, counts, true),
    'Silent lines left at the chosen line (in-sample):',
    ...recs.filter((r) => simulate(r, c).silent).map((r) => `  ${r.id}: unflagged ${[...r.unflagged].join(', ')}`),
  ];
  console.log(out.join('\n'));
  const dump = argv.indexOf('--dump');
  if (dump >= 0)
    writeFileSync(
      argv[dump + 1]!,
      JSON.stringify(recs.map((r) => ({ id: r.id, verdict: r.verdict, unflagged: [...r.unflagged], differ: [...r.differ], weakSaid: r.weakSaid, statesRecompute: r.statesRecompute, length: lines.find((l) => l.id === r.id)!.text.length, rows: r.rows.map((x) => ({ value: x.fact.value, words: x.fact.words, rules: x.fact.rules, ...x.x, wrong: x.wrong, silent: x.silent, weak: x.weak, covered: x.covered })) }))),
    );
  if (write) {
    const path = new URL('../../src/scenario/fact-calibration.ts', import.meta.url);
    const old = readFileSync(path, 'utf8');
    const head = old.slice(0, old.indexOf('export const CALIBRATION')).trimEnd();
    writeFileSync(path, `${head}\n\n${written(c, on)}\n`);
    console.log(`\nwrote ${path.pathname}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
