/**
 * Which corpus lines a `bench:language` run scores, from its command line (issue 22). A batch is
 * named by the lines' `batch` field ("b6") or by an id range ("c316-c345"), so that batches
 * collected before the field existed can still be scored on their own.
 */

export interface BenchArgs {
  /** Corpus files to read; empty: test/corpus/*.jsonl. */
  files: string[];
  verbose: boolean;
  /** Score only one batch, as it reads before any fix for it: the figure recorded in test/corpus/first-sight.md. */
  firstSight: boolean;
  /** The batch's name or id range; required with firstSight. */
  batch: string | null;
  /** Batches (names or id ranges) left out of the whole report, so that a fixer never sees a held-out line. */
  hold: string[];
}

const USAGE = 'usage: bench:language [--verbose] [--hold <name | cNNN-cNNN>]… [--first-sight --batch <name | cNNN-cNNN>] [files…]';

/** The arguments after the script name; an unknown flag or a flag without its value throws with the usage. */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = { files: [], verbose: false, firstSight: false, batch: null, hold: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--verbose') args.verbose = true;
    else if (arg === '--first-sight') args.firstSight = true;
    else if (arg === '--batch' || arg.startsWith('--batch=')) {
      const value = arg === '--batch' ? argv[++i] : arg.slice('--batch='.length);
      if (!value || value.startsWith('--')) throw new Error(`--batch needs a batch name or an id range\n${USAGE}`);
      args.batch = value;
    } else if (arg === '--hold' || arg.startsWith('--hold=')) {
      const value = arg === '--hold' ? argv[++i] : arg.slice('--hold='.length);
      if (!value || value.startsWith('--')) throw new Error(`--hold needs a batch name or an id range\n${USAGE}`);
      args.hold.push(value);
    } else if (arg.startsWith('--')) throw new Error(`unknown flag ${arg}\n${USAGE}`);
    else args.files.push(arg);
  }
  if (args.firstSight && args.batch === null) throw new Error(`--first-sight scores one batch: name it with --batch\n${USAGE}`);
  if (!args.firstSight && args.batch !== null) throw new Error(`--batch selects the lines of --first-sight\n${USAGE}`);
  if (args.batch !== null && args.hold.some((held) => held === args.batch))
    throw new Error(`--batch ${args.batch} is also held out with --hold\n${USAGE}`);
  return args;
}

/** "c316-c345" (or "c316–c345", "c316-345") as inclusive id numbers; null for a batch name. */
export function idRange(spec: string): { from: number; to: number } | null {
  const range = /^c(\d+)\s*[-–]\s*c?(\d+)$/i.exec(spec.trim());
  if (!range) return null;
  const [from, to] = [Number(range[1]), Number(range[2])];
  return from <= to ? { from, to } : { from: to, to: from };
}

/** The lines of one batch, in corpus order: those whose id lies in the range, or whose `batch` is the name. */
export function selectBatch<T extends { id: string; batch?: string }>(lines: readonly T[], spec: string): T[] {
  const range = idRange(spec);
  if (!range) return lines.filter((line) => line.batch === spec);
  return lines.filter((line) => {
    const n = Number(/^c(\d+)$/.exec(line.id)?.[1] ?? NaN);
    return n >= range.from && n <= range.to;
  });
}

/** The lines that belong to none of the held-out batches, in corpus order. */
export function withoutHeld<T extends { id: string; batch?: string }>(lines: readonly T[], hold: readonly string[]): T[] {
  const held = new Set(hold.flatMap((spec) => selectBatch(lines, spec)));
  return lines.filter((line) => !held.has(line));
}
