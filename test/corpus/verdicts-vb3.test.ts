import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { loadVerdictCorpus, type VerdictLine } from '../../bench/verdicts/corpus.js';

/**
 * The third batch of reported outcomes (test/corpus/verdicts-vb3.jsonl, v089–v112), kept apart
 * from verdicts.jsonl and verdicts-vb2.jsonl until the lead scores it at first sight. This file checks only that each line
 * is a valid verdict-corpus line and that each request is read whole; it never looks at a verdict
 * (no fit, headroom or status is read or printed here).
 */

const here = dirname(fileURLToPath(import.meta.url));
const BATCH = 'vb3';

/** The lines of a batch file, by the verdict corpus's own loader (the bench reads them so), each marked with this batch. */
function loadBatch(path: string): VerdictLine[] {
  const lines = loadVerdictCorpus(path);
  lines.forEach((line, n) => {
    if (line.batch !== BATCH) throw new Error(`line ${n + 1}: batch is ${JSON.stringify(line.batch)}, not "${BATCH}"`);
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

/** What the reader left unread in a request: numbers and keys no fact uses, and words it says it did not read. */
function unreadIn(request: string): string[] | 'refused' {
  const { reply } = respond(request, null);
  if (reply.kind !== 'estimate') return 'refused';
  const words = reply.notUsed ? reply.notUsed.map((n) => n.words) : reply.ignored;
  const said = reply.notices.filter((n) => /^not read\b|do not read|don't know the GPU/i.test(n));
  return [...words, ...said];
}

const path = join(here, 'verdicts-vb3.jsonl');
const lines = loadBatch(path);

describe('the third verdict batch (test/corpus/verdicts-vb3.jsonl)', () => {
  it('holds 24 outcomes v089…v112 in order, each valid by the verdict schema (the bench\'s own loader) and marked batch vb3', () => {
    expect(lines.map((l) => l.id)).toEqual(Array.from({ length: 24 }, (_, i) => `v${String(89 + i).padStart(3, '0')}`));
  });

  it('takes no id and no thread that another corpus file holds (verdicts.jsonl, every other verdicts-vb*.jsonl, requests.jsonl): a thread serves one corpus', () => {
    const others = [
      'verdicts.jsonl',
      'requests.jsonl',
      ...readdirSync(here).filter((f) => /^verdicts-vb\d+\.jsonl$/.test(f) && f !== 'verdicts-vb3.jsonl'),
    ];
    // vb2 must be among them: a renamed file must not make this check compare against nothing.
    expect(others).toContain('verdicts-vb2.jsonl');
    const earlierIds = new Set(
      others
        .filter((f) => f.startsWith('verdicts'))
        .flatMap((f) => readFileSync(join(here, f), 'utf8').split('\n').filter((l) => l.trim()).map((l) => (JSON.parse(l) as { id: string }).id)),
    );
    expect(lines.filter((l) => earlierIds.has(l.id)).map((l) => l.id)).toEqual([]);
    const earlier = new Set(others.flatMap((f) => [...threadsIn(join(here, f))]));
    expect(earlier.size).toBeGreaterThan(0);
    const ours = threadsIn(path);
    expect(ours.size).toBeGreaterThan(0);
    expect([...ours].filter((t) => earlier.has(t))).toEqual([]);
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
  it('find a word the reader leaves unread, and a request it refuses', () => {
    expect(unreadIn(`${lines[0]!.request} frobnicated`)).toContain('frobnicated');
    expect(unreadIn('out of memory please')).toBe('refused');
  });

  it('refuse a line of another batch, a line the verdict schema refuses, and a batch name that is not a verdict batch', () => {
    const dir = mkdtempSync(join(tmpdir(), 'verdicts-vb3-'));
    const otherBatch = join(dir, 'other.jsonl');
    writeFileSync(otherBatch, `${JSON.stringify({ ...lines[0]!, batch: 'vb2' })}\n`);
    expect(() => loadBatch(otherBatch)).toThrow(/line 1: batch/);
    const badOutcome = join(dir, 'bad.jsonl');
    writeFileSync(badOutcome, `${JSON.stringify({ ...lines[0]!, outcome: 'maybe' })}\n`);
    expect(() => loadBatch(badOutcome)).toThrow(/line 1: outcome/);
    const misnamed = join(dir, 'misnamed.jsonl');
    writeFileSync(misnamed, `${JSON.stringify({ ...lines[0]!, batch: 'b6' })}\n`);
    expect(() => loadBatch(misnamed)).toThrow(/line 1: batch/);
  });
});
