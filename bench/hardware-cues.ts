import { readInThread } from '../src/core/opening.js';
import { resolveRequest } from '../src/scenario/resolve.js';
import { saidWeak, type FactTrace } from '../src/scenario/facts.js';
import type { Scenario } from '../src/scenario/schema.js';
import { corpusFiles, load, judge, type Line } from './language.js';
import { parseBenchArgs, withoutHeld } from './language-batch.js';

/**
 * `node dist/bench/hardware-cues.js --hold b30 …`: the hardware slot measured by its evidence (issue 22 item 2,
 * thirty-ninth session). For every released line whose reply sets the GPU count, the card or its memory, the cue
 * that set it (the rule chain of the `gpus` / `card` fact, the item grammar's own shape where no rule rewrote the
 * words) and how often each cue agrees with the corpus reading: a table cue → lines, right, wrong, said weak.
 * `--lines` prints every wrong line with its cue and words, to read.
 */

interface Slot {
  count: number | null;
  card: string | null;
  gib: number | null;
}

function slotOf(s: Scenario | undefined | null): Slot {
  if (!s) return { count: null, card: null, gib: null };
  if (s.hardware) return { count: s.hardware.count, card: s.hardware.gpuId, gib: Math.round(s.hardware.capacityBytes / 2 ** 30) };
  return { count: s.unnamedGpus ?? null, card: null, gib: null };
}

const QUIET = /^(?:normalise\.|item\.hardware$|default$)/;

/** The cue a fact was read from: its named rules (normalise and the item itself left out), else the words' shape. */
function cueOf(f: FactTrace, role: 'count' | 'card'): string {
  const named = f.rules.filter((r) => !QUIET.test(r));
  if (named.length) return named.join(' > ');
  if (f.at === null) return f.rules.join('>') || 'default';
  const w = f.words.toLowerCase();
  if (role === 'count') {
    if (/\d+\s*(?:x\b|×)|\bx\s*\d/.test(w)) return 'item: N× card';
    if (/\d+\s*(?:gpus?|cards?)\b/.test(w)) return 'item: N gpus';
    return `item: other count`;
  }
  if (/[a-z]{1,4}\s*-?\d{2,4}/.test(w.replace(/\d+\s*gb?\b/g, ''))) return 'item: card name';
  if (/\d+\s*gb?\b/.test(w)) return 'item: memory only';
  return 'item: other card';
}

interface Row {
  lines: number;
  right: number;
  wrong: number;
  weak: number;
  wrongIds: string[];
}

function main(): void {
  const args = parseBenchArgs(process.argv.slice(2).filter((a) => a !== '--lines'));
  const showLines = process.argv.includes('--lines');
  const lines = withoutHeld(load(corpusFiles(args.files)), args.hold).filter((l: Line) => l.reading !== null && !l.expect && !l.thread);
  const tables: Record<'count' | 'card' | 'memory', Map<string, Row>> = { count: new Map(), card: new Map(), memory: new Map() };
  const add = (t: Map<string, Row>, cue: string, right: boolean, weak: boolean, id: string) => {
    const row = t.get(cue) ?? { lines: 0, right: 0, wrong: 0, weak: 0, wrongIds: [] };
    row.lines++;
    if (right) row.right++;
    else {
      row.wrong++;
      row.wrongIds.push(id);
    }
    if (weak) row.weak++;
    t.set(cue, row);
  };
  const wrongLines: string[] = [];
  let silentHardware = 0;
  for (const line of lines) {
    const actual = readInThread(line.text, null).outcome;
    if (!actual.ok || !actual.scenario) continue;
    if (line.pending) continue;
    const expected = resolveRequest(line.reading!, null);
    if (!expected.ok || !expected.scenario) continue;
    const got = slotOf(actual.scenario);
    const want = slotOf(expected.scenario);
    const trace = actual.trace ?? [];
    const weakFacts = new Set(saidWeak(trace).map((f) => f.fact));
    const gpus = trace.find((f) => f.fact === 'gpus' && f.at !== null);
    const card = trace.find((f) => f.fact === 'card' && f.at !== null);
    const wantCount = want.count ?? (want.card ? 1 : null);
    if (gpus || (card && got.count !== null)) {
      const f = gpus ?? card!;
      // No count fact: a card named alone, counted one by default.
      const cue = gpus ? cueOf(f, 'count') : 'a card named alone (count 1)';
      const right = got.count === wantCount;
      add(tables.count, cue, right, weakFacts.has('gpus') || weakFacts.has('card'), line.id);
      if (!right) wrongLines.push(`${line.id} count ${got.count} want ${wantCount ?? '-'} [${cue}] "${f.words}"`);
    }
    if (card && got.card) {
      const cue = cueOf(card, 'card');
      const right = got.card === want.card;
      add(tables.card, cue, right, weakFacts.has('card'), line.id);
      if (!right) wrongLines.push(`${line.id} card ${got.card} want ${want.card ?? '-'} [${cue}] "${card.words}"`);
    }
    if (card && got.gib !== null) {
      const cue = cueOf(card, 'card');
      const right = got.gib === want.gib;
      add(tables.memory, cue, right, weakFacts.has('card'), line.id);
      if (!right) wrongLines.push(`${line.id} memory ${got.gib} want ${want.gib ?? '-'} [${cue}] "${card.words}"`);
    }
    if (judge(line).compared?.unflagged.includes('hardware')) silentHardware++;
  }
  for (const [name, t] of Object.entries(tables)) {
    const rows = [...t.entries()].sort((a, b) => b[1].lines - a[1].lines);
    const total = rows.reduce((n, [, r]) => n + r.lines, 0);
    const right = rows.reduce((n, [, r]) => n + r.right, 0);
    console.log(`\n${name} set on ${total} lines, right ${right}:`);
    console.log(`  ${'cue'.padEnd(70)} lines right wrong weak`);
    for (const [cue, r] of rows) console.log(`  ${cue.slice(0, 70).padEnd(70)} ${String(r.lines).padStart(5)} ${String(r.right).padStart(5)} ${String(r.wrong).padStart(5)} ${String(r.weak).padStart(4)}`);
  }
  console.log(`\nhardware differing with nothing said: ${silentHardware} lines`);
  if (showLines) console.log(['', 'wrong:', ...wrongLines].join('\n'));
}

main();
