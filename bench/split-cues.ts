import { readInThread } from '../src/core/opening.js';
import { resolveRequest } from '../src/scenario/resolve.js';
import { saidWeak, type FactTrace } from '../src/scenario/facts.js';
import { gpuCountOf } from '../src/scenario/gpus.js';
import type { Scenario } from '../src/scenario/schema.js';
import { corpusFiles, load, type Line } from './language.js';
import { parseBenchArgs, withoutHeld } from './language-batch.js';
import { countCue, cueCells, emptyCueRow, type CueRow } from './cue-table.js';

/**
 * `node dist/bench/split-cues.js --hold c3417-c9999 --hold b30 --hold b45 [--lines]`: the parallel and sharding slots
 * measured by their evidence (issue 22 item 2, fortieth session, rpar1). For every released line read to a scenario
 * (no thread, no pending model), the cue that set `parallel` (tp/pp/dp/cp/ep) and `sharding` — the named rules of the
 * facts that set it, or, where no rule did, the default that filled it, by mode, engine and GPU count — and how often
 * each agrees with the corpus reading: cue → lines, right, wrong, wrong and not said (silent), said weak.
 */

const QUIET = /^(?:normalise\.|default$)/;
const PAR_FACTS = new Set(['tp', 'pp', 'dp', 'cp', 'ep', 'sp']);

const parOf = (s: Scenario) => {
  const p = s.parallel;
  return `tp${p.tp} pp${p.pp} cp${p.cp} ep${p.ep}`;
};
const shardOf = (s: Scenario) => (s.sharding.kind === 'zero' || s.sharding.kind === 'fsdp' ? `${s.sharding.kind}${s.sharding.stage}` : s.sharding.kind);

/** What fills a slot no rule of the message set: the default, named by what it follows. */
function defaultCue(s: Scenario, slot: 'parallel' | 'sharding'): string {
  const n = gpuCountOf(s);
  const gpus = n > 1 ? 'several GPUs' : n === 1 ? 'one GPU' : 'no GPU';
  const where = s.mode === 'inference' ? `inference/${s.inference.engine}${s.framework === 'llamacpp' ? '(llama.cpp)' : ''}` : `training/${s.framework}`;
  return `default ${slot}: ${where}, ${gpus}`;
}

function cueOf(facts: FactTrace[]): string | null {
  const named = [...new Set(facts.flatMap((f) => f.rules.filter((r) => !QUIET.test(r))))];
  if (named.length) return named.slice(0, 3).join(' > ');
  if (facts.length) return `item: ${facts[0]!.fact}`;
  return null;
}

interface Row extends CueRow {
  wrongIds: string[];
}

function main(): void {
  const args = parseBenchArgs(process.argv.slice(2).filter((a) => a !== '--lines'));
  const showLines = process.argv.includes('--lines');
  const lines = withoutHeld(load(corpusFiles(args.files)), args.hold).filter((l: Line) => l.reading !== null && !l.expect && !l.thread && !l.pending);
  const tables = { parallel: new Map<string, Row>(), sharding: new Map<string, Row>() };
  const wrongLines: string[] = [];
  for (const line of lines) {
    const actual = readInThread(line.text, null).outcome;
    if (!actual.ok || !actual.scenario) continue;
    const expected = resolveRequest(line.reading!, null);
    if (!expected.ok || !expected.scenario) continue;
    const trace = (actual.trace ?? []).filter((f) => f.at !== null);
    const weakSaid = new Set(saidWeak(actual.trace ?? []));
    const said = actual.assumptions.join(' | ');
    for (const slot of ['parallel', 'sharding'] as const) {
      const facts = trace.filter((f) => (slot === 'parallel' ? PAR_FACTS.has(f.fact) : f.fact === 'sharding'));
      const get = slot === 'parallel' ? parOf : shardOf;
      const got = get(actual.scenario);
      const want = get(expected.scenario);
      const cue = cueOf(facts) ?? defaultCue(actual.scenario, slot);
      const weak = facts.some((f) => weakSaid.has(f) || (f.weak && f.doubt !== undefined));
      const flagged = weak || (slot === 'parallel' ? /parallel|split over|replica|DDP across/ : /DDP|replica|ZeRO|FSDP|shard/).test(said);
      const t = tables[slot];
      const row = countCue(t, cue, { wrong: got !== want, silent: got !== want && !flagged, weak }, () => ({ ...emptyCueRow(), wrongIds: [] }));
      if (got !== want) {
        row.wrongIds.push(line.id);
        wrongLines.push(`${line.id} ${slot} [${cue}] got ${got} want ${want}${flagged ? '' : ' (silent)'} | ${line.text.replace(/\s+/g, ' ').slice(0, 140)}`);
      }
    }
  }
  for (const slot of ['parallel', 'sharding'] as const) {
    console.log(`\n${slot}: cue → lines, right, wrong, silent (wrong, nothing said), said weak`);
    const rows = [...tables[slot].entries()].sort((a, b) => b[1].wrong - a[1].wrong || b[1].lines - a[1].lines);
    for (const [cue, r] of rows) {
      if (!r.wrong && r.lines < 5) continue;
      console.log(`  ${cue.slice(0, 70).padEnd(70)} ${cueCells(r, [5, 5, 4, 4, 4])}  ${r.wrongIds.slice(0, 6).join(' ')}`);
    }
  }
  if (showLines) console.log(`\n${wrongLines.join('\n')}`);
}

main();
