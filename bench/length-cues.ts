import { readInThread } from '../src/core/opening.js';
import { resolveRequest } from '../src/scenario/resolve.js';
import { saidWeak } from '../src/scenario/facts.js';
import { corpusFiles, load, judge, type Line } from './language.js';
import { parseBenchArgs, withoutHeld } from './language-batch.js';
import { countCue, cueCells, emptyCueRow, type CueRow } from './cue-table.js';

/**
 * `node dist/bench/length-cues.js --hold b30 …`: the length slot measured by its evidence (issue 22 item 2, the
 * fortieth session's rlen2; docs/reading.md "The length slot"). For every released line read to a scenario, the cue
 * that set `seq` (the `seq` fact's cue: key, keyword, unit, position, default, follow-up) and how often it agrees
 * with the corpus reading: cue → lines, right, wrong, silent (wrong and nothing said), said weak. The default rows
 * are split by whether the reader's engine and mode agree with the reading's (a default follows its engine).
 * `--lines` prints every wrong line with its cue, to read.
 */

function main(): void {
  const args = parseBenchArgs(process.argv.slice(2).filter((a) => a !== '--lines'));
  const showLines = process.argv.includes('--lines');
  const lines = withoutHeld(load(corpusFiles(args.files)), args.hold).filter((l: Line) => l.reading !== null && !l.expect && !l.pending);
  const table = new Map<string, CueRow>();
  const wrongLines: string[] = [];
  for (const line of lines) {
    const result = judge(line);
    if (!result.compared) continue;
    const actual = readInThread(line.text, null).outcome;
    if (!actual.ok || !actual.scenario) continue;
    const expected = resolveRequest(line.reading!, null);
    if (!expected.ok || !expected.scenario) continue;
    const trace = result.compared.trace;
    const seq = trace.find((f) => f.fact === 'seq');
    let cue: string = seq?.cue ?? (seq ? (seq.at === null ? 'default' : 'other') : 'none');
    const got = actual.scenario, want = expected.scenario;
    if (cue === 'default') {
      const engine = (x: typeof got) => `${x.inference?.engine ?? ''}/${x.inference?.server ?? ''}/${x.inference?.namedEngine ?? ''}`;
      const same = got.mode === want.mode && engine(got) === engine(want);
      cue = same ? 'default (same engine, mode)' : 'default (other engine or mode)';
    }
    if (line.thread) cue = `${cue} [thread]`;
    const differs = result.compared.differ.includes('seq');
    const silent = result.compared.unflagged.includes('seq');
    const weak = saidWeak(trace).some((f) => f.fact === 'seq');
    countCue(table, cue, { wrong: differs, silent, weak }, emptyCueRow);
    if (differs) wrongLines.push(`${line.id}${silent ? ' SILENT' : ''} seq ${got.seq} want ${want.seq} [${cue}${seq?.rules.length ? ': ' + seq.rules.join('>') : ''}] "${(seq?.words ?? '').slice(0, 60)}"`);
  }
  const rows = [...table.entries()].sort((a, b) => b[1].lines - a[1].lines);
  console.log(`  ${'cue that set seq'.padEnd(44)} lines right wrong silent weak`);
  for (const [cue, r] of rows) console.log(`  ${cue.padEnd(44)} ${cueCells(r)}`);
  if (showLines) console.log(['', 'wrong:', ...wrongLines].join('\n'));
}

main();
