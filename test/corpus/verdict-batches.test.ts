import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { loadVerdictCorpus, type VerdictLine } from '../../bench/verdicts/corpus.js';

/**
 * Every later batch of reported outcomes (test/corpus/verdicts-vbN.jsonl), kept apart from
 * verdicts.jsonl so that each is scored once at first sight. This file checks only that each line
 * is a valid verdict-corpus line, that a batch's ids follow the batch before it, that no thread
 * serves two corpus files, and that each request is read whole; it never looks at a verdict (no
 * fit, headroom or status is read or printed here).
 */

const here = dirname(fileURLToPath(import.meta.url));
const batchNumber = (file: string) => Number(/^verdicts-vb(\d+)\.jsonl$/.exec(file)![1]);
const BATCH_FILES = readdirSync(here)
  .filter((f) => /^verdicts-vb\d+\.jsonl$/.test(f))
  .sort((a, b) => batchNumber(a) - batchNumber(b));

/** The lines of a batch file, by the verdict corpus's own loader (the bench reads them so), each marked with its batch. */
function loadBatch(path: string, batch: string): VerdictLine[] {
  const lines = loadVerdictCorpus(path);
  lines.forEach((line, n) => {
    if (line.batch !== batch) throw new Error(`line ${n + 1}: batch is ${JSON.stringify(line.batch)}, not "${batch}"`);
  });
  return lines;
}

/** "owner/repo#N", lower-cased: the thread a corpus line comes from, whatever the file's source format. */
function threadsIn(path: string): Set<string> {
  const threads = new Set<string>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const source = (JSON.parse(line) as { source?: unknown }).source;
    const m = typeof source === 'string' ? /^([\w.-]+\/[\w.-]+)#(\d+)/.exec(source) : null;
    if (m) threads.add(`${m[1]!.toLowerCase()}#${m[2]}`);
  }
  return threads;
}

const idsIn = (file: string) => readFileSync(join(here, file), 'utf8').split('\n').filter((l) => l.trim()).map((l) => (JSON.parse(l) as { id: string }).id);
const idNumber = (id: string) => Number(id.slice(1));

/** What the reader left unread in a request: numbers and keys no fact uses, and words it says it did not read. */
function unreadIn(request: string): string[] | 'refused' {
  const { reply } = respond(request, null);
  if (reply.kind !== 'estimate') return 'refused';
  const words = reply.notUsed ? reply.notUsed.map((n) => n.words) : reply.ignored;
  const said = reply.notices.filter((n) => /^not read\b|do not read|don't know the GPU/i.test(n));
  return [...words, ...said];
}

it('finds the batches (a renamed file must not make these checks run on nothing)', () => {
  expect(BATCH_FILES).toEqual(expect.arrayContaining(['verdicts-vb2.jsonl', 'verdicts-vb3.jsonl']));
});

describe.each(BATCH_FILES)('verdict batch %s', (file) => {
  const batch = `vb${batchNumber(file)}`;
  const path = join(here, file);
  const lines = loadBatch(path, batch);

  it('holds consecutive ids that follow the batch before it, each valid by the verdict schema and marked with its batch', () => {
    // The batch file before this one in number order (a lost batch leaves a gap: vb49 was never committed, and vb50 follows vb48).
    const index = BATCH_FILES.indexOf(file);
    const previous = index === 0 ? 'verdicts.jsonl' : BATCH_FILES[index - 1]!;
    const first = Math.max(...idsIn(previous).map(idNumber)) + 1;
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.map((l) => l.id)).toEqual(Array.from({ length: lines.length }, (_, i) => `v${String(first + i).padStart(3, '0')}`));
  });

  it('takes no id and no thread that another corpus file holds: a thread serves one corpus', () => {
    const others = ['verdicts.jsonl', 'requests.jsonl', ...BATCH_FILES.filter((f) => f !== file)];
    const otherIds = new Set(others.filter((f) => f.startsWith('verdicts')).flatMap(idsIn));
    expect(lines.filter((l) => otherIds.has(l.id)).map((l) => l.id)).toEqual([]);
    const otherThreads = new Set(others.flatMap((f) => [...threadsIn(join(here, f))]));
    expect(otherThreads.size).toBeGreaterThan(0);
    const ours = threadsIn(path);
    expect(ours.size).toBeGreaterThan(0);
    expect([...ours].filter((t) => otherThreads.has(t))).toEqual([]);
  });

  it('keeps training and serving each between a third and two thirds of the batch, each with outcomes that ran and that went out of memory', () => {
    for (const kind of ['training', 'serving'] as const) {
      const ofKind = lines.filter((l) => l.kind === kind);
      expect(ofKind.length, kind).toBeGreaterThanOrEqual(lines.length / 3);
      expect(ofKind.length, kind).toBeLessThanOrEqual((2 * lines.length) / 3);
      expect(ofKind.some((l) => l.outcome === 'ran'), kind).toBe(true);
      expect(ofKind.some((l) => l.outcome === 'oom'), kind).toBe(true);
    }
  });

  it('writes every request so that the reader reads all of it: no refusal, no unread word', () => {
    const unread = lines.flatMap((l) => {
      const found = unreadIn(l.request);
      return found === 'refused' ? [`${l.id}: refused`] : found.length ? [`${l.id}: ${found.join(', ')}`] : [];
    });
    expect(unread).toEqual([]);
  });

  it('reads every request on a named card and as what its thread ran (serving as inference, training as training)', () => {
    const misread: string[] = [];
    for (const line of lines) {
      const { reply } = respond(line.request, null);
      if (reply.kind !== 'estimate') continue;
      if (reply.verdict.capacityBytes === null) misread.push(`${line.id}: no card`);
      if ((reply.scenario.mode === 'inference') !== (line.kind === 'serving')) misread.push(`${line.id} (${line.kind}) read as ${reply.scenario.mode}`);
    }
    expect(misread).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const lines = loadBatch(join(here, 'verdicts-vb2.jsonl'), 'vb2');

  it('find a word the reader leaves unread, and a request it refuses', () => {
    expect(unreadIn(`${lines[0]!.request} frobnicated`)).toContain('frobnicated');
    expect(unreadIn('out of memory please')).toBe('refused');
  });

  it('refuse a line of another batch, a line the verdict schema refuses, and a batch name that is not a verdict batch', () => {
    const dir = mkdtempSync(join(tmpdir(), 'verdict-batches-'));
    const otherBatch = join(dir, 'other.jsonl');
    writeFileSync(otherBatch, `${JSON.stringify({ ...lines[0]!, batch: 'vb3' })}\n`);
    expect(() => loadBatch(otherBatch, 'vb2')).toThrow(/line 1: batch/);
    const badOutcome = join(dir, 'bad.jsonl');
    writeFileSync(badOutcome, `${JSON.stringify({ ...lines[0]!, outcome: 'maybe' })}\n`);
    expect(() => loadBatch(badOutcome, 'vb2')).toThrow(/line 1: outcome/);
    const misnamed = join(dir, 'misnamed.jsonl');
    writeFileSync(misnamed, `${JSON.stringify({ ...lines[0]!, batch: 'b6' })}\n`);
    expect(() => loadBatch(misnamed, 'b6')).toThrow(/line 1: batch/);
  });

  it('find a thread two files share', () => {
    const dir = mkdtempSync(join(tmpdir(), 'verdict-batches-'));
    const copy = join(dir, 'copy.jsonl');
    writeFileSync(copy, `${JSON.stringify(lines[0]!)}\n`);
    const shared = [...threadsIn(copy)].filter((t) => threadsIn(join(here, 'verdicts-vb2.jsonl')).has(t));
    expect(shared.length).toBe(1);
  });
});
