import { pathToFileURL } from 'node:url';
import { corpusFiles, judge, load, type Result } from './language.js';
import { parseBenchArgs, withoutHeld } from './language-batch.js';

/**
 * `node dist/bench/weights-cues.js --hold …`: the weights and precision slots' cues measured on the released lines
 * (docs/reading.md, "The weights and precision slots"). For each slot, the cue that set it — the last rule of its
 * traced fact before `item.*` (a config key, a Hub id's suffix, a prose rule), or `default` where no fact was traced
 * — and how often the line's field is then right, wrong but said, or wrong in silence.
 */

const SLOTS = [
  { field: 'weights', facts: ['weights'] },
  { field: 'precision', facts: ['precision'] },
] as const;

function cueOf(r: Result, facts: readonly string[]): string {
  const fact = (r.compared?.trace ?? []).find((f) => facts.includes(f.fact) && f.at !== null);
  if (!fact) return 'default';
  const rules = fact.rules.filter((id) => !id.startsWith('item.') && !id.startsWith('normalise.'));
  return rules.at(-1) ?? 'item (a word the lexer reads)';
}

function main(): void {
  const args = parseBenchArgs(process.argv.slice(2));
  const lines = withoutHeld(load(corpusFiles(args.files)), args.hold).filter((l) => l.reading !== null && l.expect !== 'refuse' && l.expect !== 'ask');
  const results = lines.map(judge).filter((r) => r.compared);
  for (const { field, facts } of SLOTS) {
    const rows = new Map<string, { n: number; right: number; said: number; silent: number; ids: string[] }>();
    for (const r of results) {
      const cue = cueOf(r, facts);
      const row = rows.get(cue) ?? { n: 0, right: 0, said: 0, silent: 0, ids: [] };
      row.n++;
      if (!r.compared!.differ.includes(field)) row.right++;
      else if (r.compared!.unflagged.includes(field)) {
        row.silent++;
        row.ids.push(r.line.id);
      } else row.said++;
      rows.set(cue, row);
    }
    console.log(`\n${field}: cue | lines | right | wrong, said | wrong, silent (ids)`);
    for (const [cue, row] of [...rows].sort((a, b) => b[1].n - a[1].n)) {
      console.log(`  ${cue.padEnd(44)} ${String(row.n).padStart(5)} ${String(row.right).padStart(5)} ${String(row.said).padStart(5)} ${String(row.silent).padStart(5)}  ${row.ids.slice(0, 8).join(' ')}`);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
