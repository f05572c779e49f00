import { pathToFileURL } from 'node:url';
import { saidWeak, type FactTrace } from '../src/scenario/facts.js';
import { COMPARED_FIELDS, FIELD_OF_FACT, corpusFiles, judge, load, type Line, type Result } from './language.js';
import { selectBatch, withoutHeld } from './language-batch.js';

/**
 * `npm run bench:rules [--batch b24,b25,…] [--rows N] [files…]`: how strong each rule's evidence is
 * (issue 22). Every corpus line with a reading is read and compared as bench:language compares it
 * (its own judge); every field of the scenario that differs from the reading is laid on the facts
 * of the reply's trace that set that field — their rule ids — or on "default" where no rule did
 * (a default of the reading, or a setting nothing traces), or on the thread's opening words
 * ("thread:<rule>") for a follow-up that kept it. Per rule id: the facts it set, those wrong, those
 * wrong and not flagged (silent), those said as weak, and the lines; per field: wrong from a rule
 * against wrong from a default. Nothing is written.
 */

interface Tally {
  set: number;
  wrong: number;
  silent: number;
  weak: number;
  weakWrong: number;
  lines: Set<string>;
  silentLines: Set<string>;
}

const tally = (): Tally => ({ set: 0, wrong: 0, silent: 0, weak: 0, weakWrong: 0, lines: new Set(), silentLines: new Set() });

/** The facts of a field: the traced facts whose fact names it (FIELD_OF_FACT), set by this message's words. */
const setsField = (f: FactTrace, field: string) => (FIELD_OF_FACT[f.fact] ?? []).includes(field);

/** The rule ids a fact stands on: the chain's named rewrites and its reader, each once. */
const rulesOf = (f: FactTrace): string[] => [...new Set(f.rules)];

export interface Weighed {
  rules: Map<string, Tally>;
  /** field → where its wrong values came from: a rule, a default, the thread; and how many of them were silent. */
  fields: Map<string, { rule: number; ruleSilent: number; default: number; defaultSilent: number; thread: number; threadSilent: number }>;
  /** Weak facts said per reply (the first screen's weak notices), over the lines read to a scenario. */
  weakPerReply: number[];
  verdicts: Record<string, number>;
}

export function weigh(results: readonly Result[]): Weighed {
  const rules = new Map<string, Tally>();
  const fields = new Map<string, { rule: number; ruleSilent: number; default: number; defaultSilent: number; thread: number; threadSilent: number }>();
  const weakPerReply: number[] = [];
  const verdicts: Record<string, number> = {};
  const ruleTally = (id: string) => rules.get(id) ?? (rules.set(id, tally()), rules.get(id)!);
  for (const r of results) {
    verdicts[r.verdict] = (verdicts[r.verdict] ?? 0) + 1;
    const c = r.compared;
    if (!c) continue;
    const weakSaid = new Set(saidWeak(c.trace));
    weakPerReply.push(weakSaid.size);
    const differ = new Set(c.differ);
    const unflagged = new Set(c.unflagged);
    const here = c.trace.filter((f) => f.at !== null);
    // Each fact the message's words set: counted once per rule of its chain.
    for (const f of here) {
      const wrongFields = (FIELD_OF_FACT[f.fact] ?? []).filter((field) => differ.has(field));
      const silent = wrongFields.some((field) => unflagged.has(field));
      const weak = weakSaid.has(f) || (f.weak && f.doubt !== undefined);
      for (const id of rulesOf(f)) {
        const t = ruleTally(id);
        t.set++;
        if (weak) t.weak++;
        if (wrongFields.length) {
          t.wrong++;
          if (weak) t.weakWrong++;
          t.lines.add(r.line.id);
        }
        if (silent) {
          t.silent++;
          t.silentLines.add(r.line.id);
        }
      }
    }
    // Each differing field: the rules that set it, else the thread's, else a default.
    for (const field of differ) {
      const silent = unflagged.has(field);
      const row = fields.get(field) ?? { rule: 0, ruleSilent: 0, default: 0, defaultSilent: 0, thread: 0, threadSilent: 0 };
      fields.set(field, row);
      if (here.some((f) => setsField(f, field))) {
        row.rule++;
        if (silent) row.ruleSilent++;
        continue;
      }
      const fromThread = c.threadTrace.filter((f) => f.at !== null && setsField(f, field));
      const key = fromThread.length ? 'thread' : 'default';
      row[key]++;
      if (silent) row[`${key}Silent`]++;
      const ids = fromThread.length ? [...new Set(fromThread.flatMap(rulesOf))].map((id) => `thread:${id}`) : [`default:${field}`];
      for (const id of ids) {
        const t = ruleTally(id);
        t.set++;
        t.wrong++;
        t.lines.add(r.line.id);
        if (silent) {
          t.silent++;
          t.silentLines.add(r.line.id);
        }
      }
    }
  }
  return { rules, fields, weakPerReply, verdicts };
}

const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(0)}%` : '–');

/** A list of line ids, cut after a few. */
function ids(set: Set<string>, max = 8): string {
  const all = [...set];
  return all.length <= max ? all.join(' ') : `${all.slice(0, max).join(' ')} …+${all.length - max}`;
}

export function report(w: Weighed, label: string, rows: number): string[] {
  const n = Object.values(w.verdicts).reduce((a, b) => a + b, 0);
  const v = (k: string) => w.verdicts[k] ?? 0;
  const replies = w.weakPerReply.length;
  const weakSum = w.weakPerReply.reduce((a, b) => a + b, 0);
  const withWeak = w.weakPerReply.filter((x) => x > 0).length;
  const ranked = [...w.rules.entries()].sort((a, b) => b[1].silent - a[1].silent || b[1].wrong - a[1].wrong || b[1].set - a[1].set);
  const out = [
    `headroom rule precision — ${label}: ${n} lines with a reading — right ${v('right')}, flagged ${v('flagged')}, silent ${v('silent')}, refused ${v('refused')}`,
    `weak facts said per reply: ${(weakSum / (replies || 1)).toFixed(3)} mean (${weakSum} over ${replies} replies read to a scenario); ${withWeak} replies (${pct(withWeak, replies)}) say at least one, max ${Math.max(0, ...w.weakPerReply)}`,
    '',
    'By rule (facts set by the message\'s words; "default:<field>" and "thread:<rule>" count the wrong fields no rule of the message set), worst first:',
    `  ${'rule'.padEnd(40)} ${'set'.padStart(5)} ${'wrong'.padStart(6)} ${'silent'.padStart(6)} ${'weak'.padStart(5)} ${'wk+wr'.padStart(5)} ${'prec'.padStart(5)}  lines (silent first)`,
  ];
  for (const [id, t] of ranked.filter(([, t]) => t.wrong > 0).slice(0, rows)) {
    const lines = [...t.silentLines].map((l) => `${l}*`);
    const flaggedOnly = new Set([...t.lines].filter((l) => !t.silentLines.has(l)));
    out.push(`  ${id.padEnd(40)} ${String(t.set).padStart(5)} ${String(t.wrong).padStart(6)} ${String(t.silent).padStart(6)} ${String(t.weak).padStart(5)} ${String(t.weakWrong).padStart(5)} ${pct(t.set - t.wrong, t.set).padStart(5)}  ${[lines.join(' '), ids(flaggedOnly)].filter(Boolean).join(' ')}`);
  }
  const never = ranked.filter(([, t]) => t.wrong === 0).length;
  out.push(`  (${never} more rule ids set facts that were never wrong)`);
  out.push('', 'By field (wrong fields: set by a rule of the message, a default, or the thread; silent in brackets):');
  for (const field of COMPARED_FIELDS) {
    const row = w.fields.get(field);
    if (!row) continue;
    out.push(`  ${field.padEnd(12)} rule ${String(row.rule).padStart(3)} [${row.ruleSilent}]   default ${String(row.default).padStart(3)} [${row.defaultSilent}]   thread ${String(row.thread).padStart(3)} [${row.threadSilent}]`);
  }
  return out;
}

interface Args {
  batches: string[];
  /** Batches left out, as bench:language's --hold: a fixer never sees a held-out line. */
  hold: string[];
  rows: number;
  files: string[];
}

const USAGE = 'usage: bench:rules [--batch b24,b25,… | cNNN-cNNN] [--hold b30,… | cNNN-cNNN]… [--rows N] [files…]';

export function parseArgs(argv: readonly string[]): Args {
  const args: Args = { batches: [], hold: [], rows: 40, files: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = (name: string) => {
      const v = arg === name ? argv[++i] : arg.slice(name.length + 1);
      if (!v || v.startsWith('--')) throw new Error(`${name} needs a value\n${USAGE}`);
      return v;
    };
    if (arg === '--batch' || arg.startsWith('--batch=')) args.batches.push(...value('--batch').split(',').map((b) => b.trim()).filter(Boolean));
    else if (arg === '--hold' || arg.startsWith('--hold=')) args.hold.push(...value('--hold').split(',').map((b) => b.trim()).filter(Boolean));
    else if (arg === '--rows' || arg.startsWith('--rows=')) args.rows = Number(value('--rows'));
    else if (arg.startsWith('--')) throw new Error(`unknown flag ${arg}\n${USAGE}`);
    else args.files.push(arg);
  }
  if (!Number.isInteger(args.rows) || args.rows < 0) throw new Error(`--rows takes a whole number\n${USAGE}`);
  return args;
}

/** The lines with a reading to compare: not a refusal or a question expected of the reader. */
export const withReading = (line: Line) => line.reading !== null && line.expect !== 'refuse' && line.expect !== 'ask';

function main(): void {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 2;
    return;
  }
  const all = withoutHeld(load(corpusFiles(args.files)), args.hold);
  const chosen = args.batches.length ? args.batches.flatMap((b) => selectBatch(all, b)) : all;
  const lines = chosen.filter(withReading);
  if (!lines.length) {
    console.error(args.batches.length ? `No corpus lines with a reading in ${args.batches.join(', ')}.` : 'No corpus lines found.');
    process.exitCode = 1;
    return;
  }
  console.log(report(weigh(lines.map(judge)), args.batches.length ? args.batches.join(', ') : 'whole corpus', args.rows).join('\n'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
