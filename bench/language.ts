import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseRequest } from '../src/language/parse.js';
import { readInThread, type ThreadState } from '../src/core/opening.js';
import { canonicalText } from '../src/scenario/canonical.js';
import { resolveRequest } from '../src/scenario/resolve.js';
import { saidWeak, type FactTrace } from '../src/scenario/facts.js';
import type { Scenario } from '../src/scenario/schema.js';
import { parseBenchArgs, selectBatch, withoutHeld, type BenchArgs } from './language-batch.js';
import { onTheWords, wordsCells, wordsCounts, wordsSummary, type Verdict } from './language-words.js';

/**
 * `npm run bench:language [files…]`: how well real users' lines are read (issue 11). Each
 * corpus line ({"id","text","source","reading","intent","note","pending"?,"expect"?}) is read
 * as the user wrote it and compared with its "reading" (a request in the item language):
 * - read right: it resolves, and its scenario equals the reading's;
 * - flagged misreading: a different scenario, but every differing field is one the reply
 *   states as an assumption or a note, or a fact it says as weak on its first screen (the user
 *   sees what was assumed);
 * - silent misreading: a different scenario with a differing field nothing in the reply flags;
 * - refusal: an error reply (right, when the line says "expect": "refuse").
 * - a question: "expect": "ask" (two readings of one phrase) is right when the reply asks which
 *   was meant ("which did you mean"), or refuses naming both.
 * Lines marked "pending": "model" name a model the catalog does not have yet: counted apart,
 * compared without the model. A line with "thread" is a reply in a thread whose opening words
 * (the issue title or the post's first lines) are read first, as a chat thread would hold them.
 * Default corpus: test/corpus/requests.jsonl.
 *
 * `--first-sight --batch <name | cNNN-cNNN>` scores one batch alone (issue 22): a fresh batch is
 * scored so before any rule is written for it, and the developer records that figure, with its
 * date, in test/corpus/first-sight.md. Nothing is written by the bench.
 *
 * Beside the four verdicts, each report prints them "on the words" (bench/language-words.ts): a flagged
 * line whose every differing field is in its `beyond` (facts the collector took from outside the
 * words) is "assumed where the words are silent", and right + assumed is "right on the words".
 */

export interface Line {
  id: string;
  text: string;
  source: string;
  reading: string | null;
  intent: 'stated' | 'assumed';
  pending?: string;
  expect?: string;
  /** The thread's opening words (an issue title, the post's first lines): read first; the line is a follow-up in it. */
  thread?: string;
  /** The collection the line came in ("b6"): scored on its own by --first-sight. */
  batch?: string;
  /** Compared fields whose expected value the words (text and thread) do not carry: see bench/language-words.ts. */
  beyond?: string[];
}

export type { Verdict };

/** The request corpus; other .jsonl files beside it (a verdict corpus) hold other kinds of lines and are not read. */
export function corpusFiles(args: string[]): string[] {
  if (args.length) return args;
  const file = join(process.cwd(), 'test/corpus/requests.jsonl');
  return existsSync(file) ? [file] : [];
}

export function load(files: string[]): Line[] {
  return files.flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Line),
  );
}

/** A pending model in a reading stands as its size ("qwen3-8b" → "8b"), as the corpus checker does. */
const SIZELESS: Record<string, string> = { 'deepseek-v3': '671b', 'deepseek-r1': '671b', 'deepseek-v2': '236b' };
function sizeOfPendingModel(token: string): string {
  if (SIZELESS[token]) return SIZELESS[token]!;
  if (!/^[a-z][^\s]*-/i.test(token)) return token;
  const size = token.match(/(?:^|[-_.])(\d+x\d+(?:\.\d+)?b|\d+(?:\.\d+)?[bm])(?=$|[-_.])/i);
  return size ? size[1]! : token;
}

/**
 * Fields compared, each with the words that flag it in a reply's assumptions; "your setup's <slot>"
 * is the note for a second saying of a setting that prose set aside (src/scenario/patch.ts), or for
 * one of two setups the message mentions (language/reconcile/mentions.ts, asked-run.ts). A note flags
 * only the field it names: a bare "as your setup" had flagged the cards for a note about the model
 * (c1758, c2161); a framework's preset note flags only the fields it names ("LLaMA-Factory preset:
 * gradient checkpointing on" says nothing of the precision or the sharding). Together these had hidden
 * 30 silent misreadings (40 → 70 over 1918 lines on 2026-12-05, twenty-fifth session).
 */
const FIELDS: [string, (s: Scenario) => unknown, RegExp][] = [
  // By shape: "vicuna-7b" read as Llama-2-7B's shape is the model its reading names.
  ['model', (s) => JSON.stringify(s.model.arch), /don't know the model|names no size|shape for|read as a|your setup's (?:model)\b/],
  // A method taken from the weights ("LoRA: training on int8 weights trains adapters (say "full" …)", resolve-mode.ts) is said with its switch.
  ['mode', (s) => [s.mode, s.pretrain], /\(assumed: no train|no train\/run word|no train or run word|a training setting with no train word|fine-tune: "|trains adapters \(say "full"|a training word is said too|names no training \(say "train"|your setup's (?:mode)\b/],
  // LoRA alpha scales the update and changes no memory: not compared.
  ['lora', (s) => (s.lora ? { ...s.lora, alpha: undefined } : null), /LoRA|your setup's (?:mode)\b/],
  ['precision', (s) => [s.recipe, s.compute], /precision|master weights|preset:[^|]*(?:bf16|fp16|fp32|pure)|your setup's (?:precision recipe|compute precision)\b/],
  ['weights', (s) => s.weights, /weights|GGUF|quantis|NF4|your setup's (?:weight format)\b/],
  ['optimizer', (s) => [s.optimizer, s.optimizerImpl], /AdamW|optimizer|preset:[^|]*(?:[Aa]dam|SGD|Lion)|your setup's (?:optimizer)\b/],
  ['sharding', (s) => s.sharding, /DDP|replica|ZeRO|FSDP|preset:[^|]*shard|your setup's (?:sharding)\b/],
  ['offload', (s) => s.offload, /offload|your setup's (?:offload)\b/],
  // A served model's default replica per GPU is said with its switch ("one full replica per GPU (default; say tp 4 to split the model)", resolve-sharding.ts).
  ['parallel', (s) => s.parallel, /parallel|split over|DDP across|full replica per GPU \(default|replicas of tp \d+[^|]*\(default\)|your setup's (?:tp|pp|dp|cp|ep|sp)\b/],
  // A named program's own default length is said with its switch ("seq 1024 — TRL's … default; say seq N if yours differs", catalog/program-seq.ts).
  ['seq', (s) => s.seq, /seq \d+ \(default\)|seq \d+ — [^|]*default[^|]*; say seq N if yours differs|sequence \d+ read from|kept from the thread: [^|]*\bseq\b|your setup's (?:sequence length)\b/],
  ['microBatch', (s) => s.microBatch, /micro-batch 1 \(default\)|1 sequence at a time \(default\)|your setup's (?:micro-batch)\b/],
  ['gradAccum', (s) => s.gradAccum, /gradient accumulation \(default\)|gradient accumulation \d+ from global batch|your setup's (?:gradient accumulation|global batch)\b/],
  ['recompute', (s) => s.recompute, /recompute \(default\)|preset:[^|]*checkpointing|gradient checkpointing on by default|your setup's (?:recompute setting)\b/],
  ['attention', (s) => s.attention, /attention \(default\)|preset:[^|]*attention|your setup's (?:attention kernel)\b/],
  ['loss', (s) => s.loss, /cross-entropy(?:, logits upcast to fp32)? \(default\)|preset:[^|]*(?:cross-entropy|loss)|your setup's (?:loss)\b/],
  ['framework', (s) => s.framework, /conventions \(default\)|no framework named|is its format|your setup's (?:framework)\b/],
  // A count with no card ("I have 8 GPUs") is compared as that count alone.
  ['hardware', (s) => (s.hardware ? [s.hardware.gpuId, s.hardware.count, Math.round(s.hardware.capacityBytes / 2 ** 30)] : (s.unnamedGpus ?? null)), /no GPU named|no card named|don't know the GPU|GPUs in all|as your own sum|if yours has \d+ GB|your setup's (?:cards|GPU type|GPU count|node count)\b/],
  // An engine named and counted with vLLM's layout (namedEngine: TensorRT-LLM, mistral.rs) changes the reply's words, not
  // what is counted; the corpus writes such engines as vllm, the stand-in its README names.
  ['inference', (s) => (s.mode === 'inference' ? { ...s.inference, namedEngine: undefined, clientLoad: undefined } : null), /engine|prefill|gpu_memory_utilization|kept from the thread|generated after a \d[\d,]*-token prompt|your setup's (?:inference engine|generated tokens|KV-cache dtype|GPU memory utilization)\b/],
  // Help topics ("OOM" in a bug report) add troubleshooting text and change no number: not compared.
  // A comparison's sides by what they mean, in either order ("8-bit" is "int8", "Llama 3 8b" "llama-3-8b").
  // A reply that says it set another run aside ("the other run the message contrasts") has said the comparison is not made.
  ['question', (s) => [s.question.kind === 'compare' ? [s.question.a, s.question.b].map(sideMeaning).sort() : s.question, s.chart], /other run the message contrasts|your setup's (?:question)\b/],
];

/** The compared fields, in the order the bench lists them. */
export const COMPARED_FIELDS: readonly string[] = FIELDS.map(([name]) => name);

/** A compare side as the items it reads as (kind and value, no spans). */
function sideMeaning(side: string): string {
  const read = parseRequest(side);
  if (!read.ok) return side.replace(/[\s_]+/g, '-');
  return JSON.stringify(read.items.map(({ at: _at, end: _end, text: _text, ...meaning }) => meaning));
}

/**
 * The compared field each traced fact belongs to (scenario/facts.ts): a fact the reply says as weak
 * on its first screen ("framework deepspeed — from …? say …") flags that field as a stated doubt.
 */
export const FIELD_OF_FACT: Record<string, string[]> = {
  model: ['model'],
  method: ['mode', 'lora', 'inference'],
  lora: ['lora'],
  precision: ['precision', 'weights'],
  weights: ['weights'],
  optimizer: ['optimizer'],
  sharding: ['sharding'],
  offload: ['offload'],
  tp: ['parallel'], pp: ['parallel'], dp: ['parallel'], cp: ['parallel'], ep: ['parallel'], sp: ['parallel'],
  seq: ['seq'],
  batch: ['microBatch'],
  'grad accum': ['gradAccum'],
  'global batch': ['gradAccum'],
  recompute: ['recompute'],
  attention: ['attention'],
  loss: ['loss'],
  framework: ['framework'],
  card: ['hardware'], gpus: ['hardware'], nodes: ['hardware'],
  question: ['question'], howMany: ['question'],
  'kv cache': ['inference'], util: ['inference'], gen: ['inference'],
};

/** The fields a weak fact of the reply flags: one said on the first screen with its words (or its own hardware note). */
function weakFields(trace: readonly FactTrace[] | undefined): Set<string> {
  const doubts = (trace ?? []).filter((f) => f.weak && f.doubt);
  return new Set([...saidWeak(trace ?? []), ...doubts].flatMap((f) => FIELD_OF_FACT[f.fact] ?? []));
}

/**
 * Fields that change no number of a served model: a preset's leftover recompute or optimizer on an
 * inference reading ("llama-factory serve" keeps LLaMA-Factory's training preset) is not a misreading.
 */
const TRAINING_ONLY_FIELDS = new Set(['optimizer', 'recompute', 'loss', 'gradAccum']);

/**
 * A served model keeps no fp32 master copy, so its precision is its compute dtype alone: "pure fp16" (a
 * `torch_dtype=torch.float16` load) and "mixed fp16" give it the same estimate and the same reading.
 */
const SERVED_VALUE: Record<string, (s: Scenario) => unknown> = { precision: (s) => s.compute };

export function differing(a: Scenario, b: Scenario, withModel: boolean): { field: string; flag: RegExp }[] {
  const bothServed = a.mode === 'inference' && b.mode === 'inference';
  return FIELDS.filter(([name]) => withModel || name !== 'model')
    .filter(([name]) => !(bothServed && TRAINING_ONLY_FIELDS.has(name)))
    .filter(([name, get]) => {
      const value = (bothServed && SERVED_VALUE[name]) || get;
      return JSON.stringify(value(a)) !== JSON.stringify(value(b));
    })
    .map(([field, , flag]) => ({ field, flag }));
}

export interface Result {
  line: Line;
  verdict: Verdict;
  detail: string;
  /** Where the line was read to a scenario and compared (bench/rule-precision.ts weighs the rules with it). */
  compared?: Compared;
}

/** A compared line's facts and fields: the trace of its reply (and its thread's first reply), the fields that differ, those nothing flagged. */
export interface Compared {
  trace: FactTrace[];
  threadTrace: FactTrace[];
  differ: string[];
  unflagged: string[];
}

/**
 * The state a thread's opening words leave, as the chat keeps it for follow-ups (the core's own
 * readInThread, so a refused opening waits for its model here as in a chat), and what the
 * thread's first reply said about it (the defaults it assumed stay said in the thread).
 */
function threadState(line: Line): { state: ThreadState | null; said: string[]; trace: FactTrace[] } {
  if (!line.thread) return { state: null, said: [], trace: [] };
  const opened = readInThread(line.thread, null);
  if (opened.outcome.ok && opened.outcome.scenario) return { state: { scenario: opened.outcome.scenario, history: [] }, said: opened.outcome.assumptions, trace: opened.outcome.trace ?? [] };
  return { state: opened.waiting, said: [], trace: [] };
}

export function judge(line: Line): Result {
  const thread = threadState(line);
  const actual = readInThread(line.text, thread.state).outcome;
  // Two readings of one phrase (a card with a memory it never had): asked in the reply, or refused naming both.
  if (line.expect === 'ask') {
    const asked = actual.ok && actual.notices.some((n) => /which did you mean/i.test(n));
    return asked || !actual.ok
      ? { line, verdict: 'right', detail: asked ? 'asked, as expected' : 'refused, naming both' }
      : { line, verdict: 'silent', detail: `expected a question, read as: ${actual.scenario ? canonicalText(actual.scenario) : 'help'}` };
  }
  if (line.reading === null || line.expect === 'refuse') {
    return actual.ok
      ? { line, verdict: 'silent', detail: `expected a refusal, read as: ${actual.scenario ? canonicalText(actual.scenario) : 'help'}` }
      : { line, verdict: 'right', detail: 'refused, as expected' };
  }
  if (!actual.ok) return { line, verdict: 'refused', detail: actual.error.message.split('\n')[0]! };
  const pending = line.pending === 'model';
  const reading = pending ? line.reading.split(' ').map(sizeOfPendingModel).join(' ') : line.reading;
  const expected = resolveRequest(reading, null);
  if (!expected.ok || !expected.scenario) return { line, verdict: 'refused', detail: `the corpus reading does not resolve: ${expected.ok ? 'no scenario' : expected.error.message}` };
  if (!actual.scenario) return { line, verdict: 'silent', detail: 'read as help only' };
  const diffs = differing(actual.scenario, expected.scenario, !pending);
  const compared = (unflagged: string[]): Compared => ({ trace: actual.trace ?? [], threadTrace: thread.trace, differ: diffs.map((d) => d.field), unflagged });
  if (diffs.length === 0) return { line, verdict: 'right', detail: '', compared: compared([]) };
  const said = [...thread.said, ...actual.assumptions].join(' | ');
  // An assumed intent explains what follows from it: the mode's LoRA, weights and engine.
  const intentAssumed = FIELDS.find(([f]) => f === 'mode')![2].test(said);
  const followsIntent = new Set(['mode', 'lora', 'weights', 'inference', 'parallel', 'sharding']);
  // A GPU not read (and said so) explains how the model is spread over GPUs; so does a count said as weak on the first
  // screen ("8 GPUs — from …? say "on 1 GPU" if not"), whose correction re-splits the model with it.
  const hardwareWeak = weakFields(actual.trace).has('hardware');
  const hardwareFlagged = diffs.some((d) => d.field === 'hardware') && (hardwareWeak || FIELDS.find(([f]) => f === 'hardware')![2].test(said));
  const followsHardware = new Set(['sharding', 'parallel']);
  // The thread's first reply said its weak facts too; one this message does not set again stays said.
  const setHere = new Set((actual.trace ?? []).filter((f) => f.at !== null).flatMap((f) => FIELD_OF_FACT[f.fact] ?? []));
  const weak = new Set([...weakFields(actual.trace), ...[...weakFields(thread.trace)].filter((field) => !setHere.has(field))]);
  // A method read otherwise, and said (LoRA for the QLoRA a thread's repository runs, c404; running the model
  // for a LoRA fine-tune, c359), explains the recompute that method turns on by itself (PEFT's
  // prepare_model_for_kbit_training: use_gradient_checkpointing=True, peft utils/other.py), where the line
  // states no recompute of its own: the recompute follows the flagged method, as the engine follows the intent.
  const methodFlagged = diffs.some((d) => (d.field === 'lora' || d.field === 'mode') && (d.flag.test(said) || weak.has(d.field)));
  const statesRecompute = /\b(?:gc|recompute|checkpointing)\b/.test(reading);
  const unflagged = diffs.filter(
    (d) =>
      !d.flag.test(said) &&
      !weak.has(d.field) &&
      !(intentAssumed && followsIntent.has(d.field) && diffs.some((x) => x.field === 'mode')) &&
      !(hardwareFlagged && followsHardware.has(d.field)) &&
      !(methodFlagged && !statesRecompute && d.field === 'recompute'),
  );
  const detail = `differs in ${diffs.map((d) => d.field).join(', ')}${unflagged.length ? ` (unflagged: ${unflagged.map((d) => d.field).join(', ')})` : ''}\n      got:  ${canonicalText(actual.scenario)}\n      want: ${canonicalText(expected.scenario)}`;
  return { line, verdict: unflagged.length ? 'silent' : 'flagged', detail, compared: compared(unflagged.map((d) => d.field)) };
}

const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : '–');

function table(title: string, results: Result[], key: (r: Result) => string): string[] {
  const groups = new Map<string, Result[]>();
  for (const r of results) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  const rows = [...groups.entries()].sort((a, b) => b[1].length - a[1].length);
  const out = [`${title}:`];
  for (const [name, rs] of rows) {
    const count = (v: Verdict) => rs.filter((r) => r.verdict === v).length;
    out.push(`  ${name.padEnd(34)} ${String(rs.length).padStart(4)}  right ${pct(count('right'), rs.length).padStart(6)}  flagged ${count('flagged')}  silent ${count('silent')}  refused ${count('refused')}`);
  }
  return out;
}

function style(line: Line): string {
  if (/```|^\s*[a-z_]+\s*:\s*\S/m.test(line.text) || /\n\s*--?[a-z]/.test(line.text)) return 'config / command';
  if (/--[a-z]|[a-z_]+=\S/.test(line.text)) return 'prose with flags';
  return 'prose';
}

function summary(label: string, results: Result[]): string[] {
  const n = results.length;
  const count = (v: Verdict) => results.filter((r) => r.verdict === v).length;
  return [
    `${label}: ${n} lines — read right ${count('right')} (${pct(count('right'), n)}), flagged misreadings ${count('flagged')}, silent misreadings ${count('silent')}, refusals ${count('refused')} (${pct(count('refused'), n)})`,
    `  ${wordsSummary(label, results)}`,
  ];
}

/** A flagged line assumed (or a refusal asking for the model) where the words are silent stays in its list, tagged with the fields beyond its words. */
function tag(r: Result): string {
  const words = onTheWords(r);
  if (words === 'assumed') return ` [assumed where the words are silent: ${r.line.beyond!.join(', ')}]`;
  return words === 'asked' ? ' [asked for the model the words do not name]' : '';
}

/** One batch's figures, as test/corpus/first-sight.md records them, and each line that was not read right. */
function firstSight(spec: string, results: Result[]): string[] {
  const n = results.length;
  const count = (v: Verdict) => results.filter((r) => r.verdict === v).length;
  const cell = (v: Verdict) => `${count(v)} (${pct(count(v), n)})`;
  const ids = `${results[0]!.line.id}–${results[n - 1]!.line.id}`;
  const pending = results.filter((r) => r.line.pending).length;
  const lines = (v: Verdict, title: string) => {
    const these = results.filter((r) => r.verdict === v);
    return these.length ? ['', `${title}:`, ...these.map((r) => `  ${r.line.id}${r.line.pending ? ' (pending)' : ''}${tag(r)}: ${r.detail}`)] : [];
  };
  const words = wordsCounts(results);
  const [assumedCell, rightOnWordsCell] = wordsCells(results);
  return [
    `headroom language bench — first sight of batch ${spec} (${ids}): ${n} lines${pending ? `, ${pending} pending a model or card (compared without it)` : ''}`,
    `read right ${cell('right')} · flagged misreadings ${cell('flagged')} · silent misreadings ${cell('silent')} · refused ${cell('refused')}`,
    `on the words: assumed or asked where the words are silent ${assumedCell} · right on the words ${rightOnWordsCell} · flagged misreadings not assumed ${words.flagged} (${pct(words.flagged, n)}) · refusals not asked ${words.refused} (${pct(words.refused, n)})`,
    '',
    'Row for test/corpus/first-sight.md (the bench writes nothing; record it yourself; the last two columns are assumed or asked where the words are silent, and right on the words):',
    `| ${spec} | ${new Date().toISOString().slice(0, 10)} | ${n} | ${cell('right')} | ${cell('flagged')} | ${cell('silent')} | ${cell('refused')} | ${assumedCell} | ${rightOnWordsCell} |`,
    ...lines('silent', 'Silent misreadings'),
    ...lines('flagged', 'Flagged misreadings'),
    ...lines('refused', 'Refusals'),
  ];
}

function report(args: BenchArgs, files: string[], lines: Line[]): string[] {
  const results = lines.map(judge);
  const settled = results.filter((r) => r.line.pending !== 'model');
  const pending = results.filter((r) => r.line.pending === 'model');
  const out = [
    `headroom language bench — ${lines.length} lines from ${files.length} file(s)`,
    ...summary('Excluding pending models', settled),
    ...summary('Pending models (compared without the model)', pending),
    ...summary('All', results),
    '',
    ...table('By source (excluding pending)', settled, (r) => r.line.source.replace(/#.*$/, '').replace(/^https?:\/\/(www\.)?/, '').split('/').slice(0, 2).join('/')),
    '',
    ...table('By style (excluding pending)', settled, (r) => `${style(r.line)}, intent ${r.line.intent}`),
    '',
    'Silent misreadings:',
    ...results.filter((r) => r.verdict === 'silent').map((r) => `  ${r.line.id}${r.line.pending ? ' (pending)' : ''}: ${r.detail}`),
  ];
  if (args.verbose) {
    out.push('', 'Refusals:', ...results.filter((r) => r.verdict === 'refused').map((r) => `  ${r.line.id}: ${r.detail}`));
    out.push('', 'Flagged misreadings:', ...results.filter((r) => r.verdict === 'flagged').map((r) => `  ${r.line.id}${tag(r)}: ${r.detail}`));
  }
  return out;
}

function main(): void {
  let args: BenchArgs;
  try {
    args = parseBenchArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 2;
    return;
  }
  const files = corpusFiles(args.files);
  const loaded = load(files);
  const lines = withoutHeld(loaded, args.hold);
  if (args.hold.length) console.log(`${loaded.length - lines.length} line(s) held out (${args.hold.join(', ')}): not scored, not shown.`);
  if (lines.length === 0) {
    console.log('No corpus lines found (test/corpus/requests.jsonl, or pass files).');
    return;
  }
  if (!args.firstSight) {
    console.log(report(args, files, lines).join('\n'));
    return;
  }
  const batch = selectBatch(lines, args.batch!);
  if (batch.length === 0) {
    console.error(`No corpus lines in batch "${args.batch}": name a batch field value (e.g. b6) or an id range (e.g. c316-c345).`);
    process.exitCode = 1;
    return;
  }
  console.log(firstSight(args.batch!, batch.map(judge)).join('\n'));
}

// Run as a script; imported (bench/variations.ts reuses its judge), it only defines.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
