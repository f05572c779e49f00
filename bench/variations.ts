import { corpusFiles, judge, load, type Line, type Result } from './language.js';
import { SHAPE_TRANSFORMS } from './variations/shapes.js';
import { REWORDINGS } from './variations/rewordings.js';
import { TRANSFORMS, type Transform } from './variations/transforms.js';

/**
 * `npm run bench:variations [--verbose] [--only <id,…>] [files…]`: does a right reading survive the
 * small changes people make to a line (issue 22)? Every corpus line that bench:language reads right
 * is rewritten by each transform in bench/variations/transforms.ts (a space before "(", "80GB A100"
 * for "A100 80GB", a key without its colon, …) and judged again with bench:language's own judge.
 * A variant whose verdict is still "read right" is stable; any other verdict is a change (a
 * refusal, a flagged or a silent misreading). Nothing is written by the bench.
 *
 * Two families are printed apart: the small transforms (a space, a unit, a key's colon) and the shapes
 * strangers' messages arrive in (bench/variations/shapes.ts: prose around the setup, a log after it,
 * a fenced config, Hub ids and product names, counts in words, "4k" for 4096); a third, the rewordings
 * (bench/variations/rewordings.ts: "A100-80G x4", "4 A100s (80 GB)", "4096 tokens", "max_seq_len=4096",
 * "bs 2", "per_device_train_batch_size=2", "with"/"using" for "on", the cards moved to the front, lower
 * case). The last line is the survival of every variant of every family together.
 */

interface Tally {
  transform: Transform;
  tried: number;
  failures: { line: Line; variant: string; result: Result }[];
}

function parseArgs(argv: readonly string[]): { verbose: boolean; only: Set<string> | null; files: string[] } {
  const args = { verbose: false, only: null as Set<string> | null, files: [] as string[] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--verbose') args.verbose = true;
    else if (arg === '--only' && argv[i + 1]) args.only = new Set(argv[++i]!.split(','));
    else if (arg.startsWith('--')) throw new Error(`unknown flag ${arg}\nusage: bench:variations [--verbose] [--only <transform,…>] [files…]`);
    else args.files.push(arg);
  }
  return args;
}

const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : '–');

/** The first differing stretch of two texts, with a little context: what the rewrite did to this line. */
function changeShown(before: string, after: string): string {
  let start = 0;
  while (start < before.length && before[start] === after[start]) start++;
  let tail = 0;
  while (tail < before.length - start && tail < after.length - start && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  const from = Math.max(0, start - 12);
  const show = (s: string, end: number) => JSON.stringify(s.slice(from, Math.min(s.length, end + 12)));
  return `${show(before, before.length - tail)} → ${show(after, after.length - tail)}`;
}

function tally(transform: Transform, rightLines: readonly Line[]): Tally {
  const out: Tally = { transform, tried: 0, failures: [] };
  for (const line of rightLines) {
    const variant = transform.apply(line.text);
    if (variant === null) continue;
    out.tried++;
    const result = judge({ ...line, text: variant });
    if (result.verdict !== 'right') out.failures.push({ line, variant, result });
  }
  return out;
}

function report(title: string, tallies: readonly Tally[], verbose: boolean): string[] {
  const count = (t: Tally, v: Result['verdict']) => t.failures.filter((f) => f.result.verdict === v).length;
  const row = (name: string, tried: number, failed: number, refused: number, flagged: number, silent: number) =>
    `  ${name.padEnd(24)} ${String(tried).padStart(5)} ${String(tried - failed).padStart(11)} ${String(failed).padStart(8)} ${String(refused).padStart(8)} ${String(flagged).padStart(8)} ${String(silent).padStart(7)} ${pct(tried - failed, tried).padStart(9)}`;
  const sum = (f: (t: Tally) => number) => tallies.reduce((n, t) => n + f(t), 0);
  const out = [
    `${title} — ${tallies.length} transforms`,
    '',
    `  ${'transform'.padEnd(24)} ${'tried'.padStart(5)} ${'still right'.padStart(11)} ${'changed'.padStart(8)} ${'refused'.padStart(8)} ${'flagged'.padStart(8)} ${'silent'.padStart(7)} ${'survival'.padStart(9)}`,
    ...tallies.map((t) => row(t.transform.id, t.tried, t.failures.length, count(t, 'refused'), count(t, 'flagged'), count(t, 'silent'))),
    row('all', sum((t) => t.tried), sum((t) => t.failures.length), sum((t) => count(t, 'refused')), sum((t) => count(t, 'flagged')), sum((t) => count(t, 'silent'))),
    '',
    `${title}: survival ${pct(sum((t) => t.tried - t.failures.length), sum((t) => t.tried))} of ${sum((t) => t.tried)} variants read as their line did.`,
  ];
  for (const t of tallies.filter((x) => x.failures.length)) {
    out.push('', `${t.transform.id} — ${t.transform.description} (seen: ${t.transform.seen}):`);
    for (const f of verbose ? t.failures : t.failures.slice(0, 3)) {
      out.push(`  ${f.line.id} ${f.result.verdict}: ${changeShown(f.line.text, f.variant)}`, `      ${f.result.detail}`);
    }
    if (!verbose && t.failures.length > 3) out.push(`  … ${t.failures.length - 3} more (--verbose)`);
  }
  return out;
}

function main(): void {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 2;
    return;
  }
  const lines = load(corpusFiles(args.files));
  const all = [...TRANSFORMS, ...SHAPE_TRANSFORMS, ...REWORDINGS];
  const unknown = [...(args.only ?? [])].filter((id) => !all.some((t) => t.id === id));
  if (unknown.length) {
    console.error(`unknown transform ${unknown.join(', ')}; transforms: ${all.map((t) => t.id).join(', ')}`);
    process.exitCode = 2;
    return;
  }
  // Lines to refuse or to ask about are right by refusing: a rewrite of them says nothing about a reading.
  const right = lines.filter((l) => l.reading !== null && !l.expect && judge(l).verdict === 'right');
  const chosen = (family: readonly Transform[]) => family.filter((t) => !args.only || args.only.has(t.id));
  const out = [`headroom variations bench — ${right.length} of ${lines.length} corpus lines read right today, each rewritten by every transform`];
  const families = [
    ['Small transforms', chosen(TRANSFORMS)],
    ['Shapes of a stranger\'s message', chosen(SHAPE_TRANSFORMS)],
    ['Rewordings', chosen(REWORDINGS)],
  ] as const;
  let tried = 0;
  let survived = 0;
  for (const [title, family] of families) {
    if (!family.length) continue;
    const tallies = family.map((t) => tally(t, right));
    tried += tallies.reduce((n, t) => n + t.tried, 0);
    survived += tallies.reduce((n, t) => n + t.tried - t.failures.length, 0);
    out.push('', ...report(title, tallies, args.verbose));
  }
  out.push('', `Overall survival: ${pct(survived, tried)} — ${survived} of ${tried} variants still read right.`);
  console.log(out.join('\n'));
}

main();
