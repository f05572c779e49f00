import { pathToFileURL } from 'node:url';
import { readInThread, type ThreadState } from '../src/core/opening.js';
import { listedApart } from '../src/reply/not-used.js';
import type { Scenario } from '../src/scenario/schema.js';
import { corpusFiles, load, type Line } from './language.js';

/**
 * `node dist/bench/said-again.js [--held-out b30] [--list]`: issue 22 §4 — each setup word accounted
 * once. Counts, over the corpus (the held-out batch left out), the replies whose "not used" list holds
 * a word the reading already has: the model said again ("Llama 3.1 8B" beside `base_model:
 * meta-llama/Llama-3.1-8B`, its "3.1" and "8B"), the card's memory, the sequence length or the
 * micro-batch. And the "did you mean" suggestions beside the words not read, each listed so a reader
 * can tell a real near-miss of a setting word from an ordinary word.
 */

export type Again = 'model' | 'card' | 'length' | 'batch';

/** A number as listed ("8B", "4k", "max_length 2048"): its value, and the unit glued on. */
function valueOf(words: string): { value: number; unit: string } | null {
  const m = /(\d+(?:\.\d+)?)\s?([a-z]*)\s*$/i.exec(words);
  if (!m) return null;
  const unit = m[2]!.toLowerCase();
  const value = Number(m[1]) * (unit === 'k' ? 1024 : 1);
  return { value, unit };
}

/** Which fact of `s` a listed word says again, if any. */
export function saidAgain(words: string, s: Scenario): Again | null {
  const v = valueOf(words);
  if (!v) return null;
  // A keyed number ("HIDDEN_SIZE=2048", "memory: 39.38GB") is that key's value: a fact's only when the key names the fact.
  const key = /^\s*-*([A-Za-z_.]+)\s*[:=]?\s*\d/.exec(words)?.[1]?.toLowerCase().split('.').at(-1) ?? null;
  if (key !== null) {
    if (/len|seq|ctx|context|cutoff|block_size/.test(key) && v.value === s.seq) return 'length';
    if (/^(?:bs|batch_size|micro_?batch_size|per_device_train_batch_size|train_micro_batch_size_per_gpu)$/.test(key) && v.value === s.microBatch) return 'batch';
    return null;
  }
  const name = `${s.model.id ?? ''} ${s.model.name}`.toLowerCase();
  if (v.unit === 'b' || v.unit === 'm') {
    const sizes = [...name.matchAll(/(\d+(?:\.\d+)?)([bm])\b/g)].map((m) => `${Number(m[1])}${m[2]}`);
    if (sizes.includes(`${v.value}${v.unit}`)) return 'model';
  }
  if (v.unit === '' && /^\d+\.\d+$/.test(words.trim()) && new RegExp(`(?:^|[-\\s])${words.trim().replace('.', '\\.')}(?:$|[-\\s])`).test(name)) return 'model';
  if (s.hardware && /^(?:gb|gib|g|go|gigs?)$/.test(v.unit)) {
    const gib = Math.round(s.hardware.capacityBytes / 2 ** 30);
    if (Math.abs(v.value - gib) <= 1 || Math.abs(v.value - gib * s.hardware.count) <= 1) return 'card';
  }
  if ((v.unit === '' || v.unit === 'k') && v.value === s.seq && v.value >= 128) return 'length';
  return null;
}

function threadState(line: Line): ThreadState | null {
  if (!line.thread) return null;
  const opened = readInThread(line.thread, null);
  return opened.outcome.ok && opened.outcome.scenario ? { scenario: opened.outcome.scenario, history: [] } : opened.waiting;
}

export interface Found {
  id: string;
  again: { words: string; fact: Again }[];
  suggested: { word: string; suggestion: string }[];
}

export function scan(lines: Line[]): Found[] {
  return lines.map((line) => {
    const out = readInThread(line.text, threadState(line)).outcome;
    if (!out.ok || !out.scenario) return { id: line.id, again: [], suggested: [] };
    const listed = out.notUsed ? listedApart(out.notUsed, out.notices) : [];
    const again = listed.flatMap((words) => {
      const fact = saidAgain(words, out.scenario!);
      return fact ? [{ words, fact }] : [];
    });
    const suggested = out.notices.flatMap((n) => [...n.matchAll(/"([^"]+)" \(did you mean "([^"]+)"\?\)/g)].map((m) => ({ word: m[1]!, suggestion: m[2]! })));
    return { id: line.id, again, suggested };
  });
}

function main(): void {
  const args = process.argv.slice(2);
  const heldOut = args.includes('--held-out') ? args[args.indexOf('--held-out') + 1]! : 'b30';
  const lines = load(corpusFiles([])).filter((l) => l.batch !== heldOut);
  const found = scan(lines);
  const withAgain = found.filter((f) => f.again.length);
  const by = (fact: Again) => found.filter((f) => f.again.some((a) => a.fact === fact)).length;
  console.log(`said again — ${lines.length} lines (batch ${heldOut} left out)`);
  console.log(`lines listing as not used a word the reading has: ${withAgain.length} (model ${by('model')}, card ${by('card')}, length ${by('length')}, batch ${by('batch')})`);
  const suggestions = found.flatMap((f) => f.suggested.map((s) => ({ id: f.id, ...s })));
  console.log(`"did you mean" suggestions: ${suggestions.length} on ${found.filter((f) => f.suggested.length).length} lines`);
  if (args.includes('--list')) {
    for (const f of withAgain) console.log(`  ${f.id}: ${f.again.map((a) => `${a.words} (${a.fact})`).join(', ')}`);
    for (const s of suggestions) console.log(`  ${s.id}: "${s.word}" → "${s.suggestion}"`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
