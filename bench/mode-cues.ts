import { readInThread, type ThreadState } from '../src/core/opening.js';
import { resolveRequest } from '../src/scenario/resolve.js';
import { saidWeak, type FactTrace } from '../src/scenario/facts.js';
import type { Scenario } from '../src/scenario/schema.js';
import { corpusFiles, load, judge, type Line } from './language.js';
import { parseBenchArgs, withoutHeld } from './language-batch.js';
import { countCue, cueCells, emptyCueRow, type CueRow } from './cue-table.js';

/**
 * `node dist/bench/mode-cues.js --hold b30 …`: the mode slot measured by its evidence (issue 22 item 7, fortieth
 * session). For every released line read to a scenario, the cue that set the mode — the rule chain of the first
 * `method` fact the words set (normalise and the bare item left out, the item's own word kept), or `default` where
 * no word did — and how often each cue agrees with the corpus reading's mode (inference, full, pretrain, lora,
 * qlora), how often it is wrong with nothing said (silent) and how often it is said weak. Then the confusions
 * (read → reading). `--lines` prints every wrong line with its cue and words, to read.
 */

const modeOf = (s: Scenario): string => (s.mode === 'full' && s.pretrain ? 'pretrain' : s.mode);

const QUIET = /^(?:normalise\.|item\.mode$|item\.lora$|item\.serve$|default$)/;

/** The cue a mode fact was read from: its named rules, else the item's own word (lower case, cut). */
function cueOf(f: FactTrace | undefined): string {
  if (!f) return 'default';
  const named = f.rules.filter((r) => !QUIET.test(r));
  if (named.length) return named.slice(-2).join(' > ');
  return `word "${f.words.toLowerCase().trim().slice(0, 24)}"`;
}

function threadState(line: Line): ThreadState | null {
  if (!line.thread) return null;
  const opened = readInThread(line.thread, null);
  if (opened.outcome.ok && opened.outcome.scenario) return { scenario: opened.outcome.scenario, history: [] };
  return opened.waiting;
}

function main(): void {
  const args = parseBenchArgs(process.argv.slice(2).filter((a) => a !== '--lines'));
  const showLines = process.argv.includes('--lines');
  const lines = withoutHeld(load(corpusFiles(args.files)), args.hold).filter((l: Line) => l.reading !== null && !l.expect);
  const rows = new Map<string, CueRow>();
  const confusions = new Map<string, string[]>();
  const wrongLines: string[] = [];
  for (const line of lines) {
    const actual = readInThread(line.text, threadState(line)).outcome;
    if (!actual.ok || !actual.scenario) continue;
    const expected = resolveRequest(line.reading!, null);
    if (!expected.ok || !expected.scenario) continue;
    const got = modeOf(actual.scenario);
    const want = modeOf(expected.scenario);
    const trace = actual.trace ?? [];
    const fact = trace.find((f) => f.fact === 'method' && f.at !== null);
    const cue = `${line.intent === 'assumed' ? '(assumed) ' : ''}${cueOf(fact)}`;
    const weak = saidWeak(trace).some((f) => f.fact === 'method');
    const silent = got !== want && (judge(line).compared?.unflagged.includes('mode') ?? false);
    countCue(rows, cue, { wrong: got !== want, silent, weak }, emptyCueRow);
    if (got !== want) {
      const pair = `${got} → ${want}`;
      confusions.set(pair, [...(confusions.get(pair) ?? []), `${line.id}${silent ? '!' : ''}`]);
      wrongLines.push(`${line.id}${silent ? ' SILENT' : ''} ${pair} [${cue}] "${fact?.words.slice(0, 60) ?? ''}"`);
    }
  }
  const sorted = [...rows.entries()].sort((a, b) => b[1].lines - a[1].lines);
  const total = sorted.reduce((n, [, r]) => n + r.lines, 0);
  const right = sorted.reduce((n, [, r]) => n + r.right, 0);
  const silent = sorted.reduce((n, [, r]) => n + r.silent, 0);
  console.log(`mode read on ${total} lines: right ${right}, wrong ${total - right}, wrong and silent ${silent}`);
  console.log(`  ${'cue (first method fact; "(assumed)": the corpus says no intent word)'.padEnd(72)} lines right wrong silent weak`);
  for (const [cue, r] of sorted) {
    if (r.lines < 3 && r.wrong === 0) continue;
    console.log(`  ${cue.slice(0, 72).padEnd(72)} ${cueCells(r)}`);
  }
  console.log('\nconfusions (read → reading; ! silent):');
  for (const [pair, ids] of [...confusions.entries()].sort((a, b) => b[1].length - a[1].length)) console.log(`  ${pair.padEnd(22)} ${String(ids.length).padStart(3)}  ${ids.join(' ')}`);
  if (showLines) console.log(['', 'wrong:', ...wrongLines].join('\n'));
}

main();
