import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactCanonical, compactReadCount } from '../../src/reply/compact.js';
import { canonicalParts } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';
import { freshResolution } from '../corpus/fresh.js';
import { readAfresh, referenceCompact } from './compact-reference.js';

/** Issue 25: compactCanonical keeps what it read, and answers exactly as the version that read everything afresh. */

const corpusDir = join(dirname(fileURLToPath(import.meta.url)), '../corpus');

function scenarioOf(text: string, previous: Scenario | null = null): Scenario | null {
  const outcome = resolveRequest(text, previous);
  return outcome.ok ? outcome.scenario : null;
}

function verdictRequests(file: string): string[] {
  return readFileSync(join(corpusDir, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => (JSON.parse(line) as { request: string }).request);
}

const corpusTexts = loadCorpus().flatMap((line) => [line.text, line.reading ?? ''].filter(Boolean));
const verdictFiles = readdirSync(corpusDir).filter((f) => /^verdicts(-vb\d+)?\.jsonl$/.test(f));
const requests = [...corpusTexts, ...verdictFiles.flatMap(verdictRequests)];

const MODELS = ['7b', '13b', '70b', 'llama-3-8b', 'llama-3.1-70b', 'mixtral-8x7b', 'qwen2.5-14b', 'gemma-2-9b', 'phi-3-mini', 'llama-2-7b layers 40'];
const ITEMS = ['lora', 'qlora r64 alpha 128', 'full', 'pretrain', 'serve', 'serve int4', 'vllm ctx 32k', 'infer', 'fp16', 'pure bf16', 'fp32', 'zero2', 'zero3', 'fsdp', 'ddp', 'gc', 'no gc', 'chunked ce', 'adam8bit', 'sgd', 'offload optimizer', 'seq 8192', 'mbs 4 ga 8', 'tp 2', 'pp 2', 'eager', 'packed', 'kv fp8', 'gen 512'];
const CARDS = ['', 'on v100', 'on 2x v100-16g', 'on h100', 'on 4xa100-80g', 'on a 4090', 'on 2x l40s', 'on t4', 'on 8xh200', 'on a 3090'];
const QUESTIONS = ['', 'max batch', 'max seq', 'how many h100', 'which gpu'];
const request = fc.tuple(fc.constantFrom(...MODELS), fc.subarray(ITEMS, { maxLength: 5 }), fc.constantFrom(...CARDS), fc.constantFrom(...QUESTIONS)).map(([m, items, card, q]) => [m, ...items, card, q].join(' '));

/** Each corpus and verdict request resolved once in this worker (other files read the same lines): the cases and their count below share it. */
function resolvedOnce(text: string): Scenario | null {
  const outcome = freshResolution(text);
  return outcome.ok ? outcome.scenario : null;
}

/**
 * The read-everything version's answers, each worked out once in this file. It reads nothing of a
 * scenario but its canonical items, so scenarios with the same items share one answer (122 of the
 * corpus's ~1,400 do); and it reads a tried text as a new request, which depends on the text alone,
 * so each text is read once here (~2,400 of its ~13,000 tries repeat one). Both are plain maps
 * keyed by the whole items or text, apart from compactCanonical's own bounded caches (keyed by
 * JSON, evicted least recently used) that the sameness cases hold to account.
 */
const readBacks = new Map<string, string[] | null>();
function readOnce(text: string): string[] | null {
  if (!readBacks.has(text)) readBacks.set(text, readAfresh(text));
  return readBacks.get(text)!;
}
const referenceOf = new Map<string, string>();
function reference(s: Scenario): string {
  const key = JSON.stringify(canonicalParts(s));
  let compact = referenceOf.get(key);
  if (compact === undefined) referenceOf.set(key, (compact = referenceCompact(s, readOnce)));
  return compact;
}

describe('compactCanonical with its readings kept', () => {
  // One case per request, each with its own budget: two full readings of ~900 scenarios in one
  // test took 100–190 s on a loaded 2-core machine.
  it.each(requests.map((text, i) => [i, text.replace(/\s+/g, ' ').slice(0, 60), text] as const))(
    'request %i (%s): gives the very string the read-everything version gives',
    (_i, _title, text) => {
      const s = resolvedOnce(text);
      // A request that resolves to no scenario has no compact to compare; the count below bounds how many do.
      if (!s) return;
      expect(compactCanonical(s), text).toBe(reference(s));
    },
  );

  it('compares hundreds of scenarios in the cases above, from every corpus line, reading and verdict request', () => {
    // The corpus resolves to hundreds of scenarios: a broken loader must not pass by comparing none.
    expect(requests.filter((text) => resolvedOnce(text) !== null).length).toBeGreaterThan(400);
  });

  it('gives the very same string on generated requests and their follow-ups, asked twice (property)', () => {
    fc.assert(
      fc.property(request, fc.subarray(ITEMS, { minLength: 1, maxLength: 2 }), (text, followUp) => {
        const first = scenarioOf(text);
        if (!first) return;
        const next = scenarioOf(followUp.join(' '), first);
        for (const s of next ? [first, next, first] : [first, first]) expect(compactCanonical(s), text).toBe(reference(s));
      }),
      { numRuns: 120 },
    );
  });

  it('keeps the pinned V100 compact (its fp16 implied by the card) without reading it twice', () => {
    const s = scenarioOf('7b lora on a v100')!;
    const pinned = referenceCompact(s);
    expect(compactCanonical(s)).toBe(pinned);
    const before = compactReadCount();
    expect(compactCanonical(s)).toBe(pinned);
    expect(compactReadCount()).toBe(before);
  });
});
