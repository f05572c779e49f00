import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A length read from "N tokens" in prose and nothing else (no "context", "length", "seq", 上下文 or key)
 * may be one prompt, one answer, a speed or a measurement: kept but said weak, with "seq N"
 * (src/language/reconcile/token-count-lengths.ts). A length word or a key keeps it a setting.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const weakSeq = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok) throw new Error(r.error.message);
  return { seq: r.scenario?.seq, said: r.assumptions.some((a) => /read from "[\d.,]+\s*[k]? tokens" alone/.test(a)) };
};

describe('a length from a token count alone is said weak', () => {
  // c2092 ("a prompt that is 441 tokens long, and an output of 101 tokens") is read by prose.prompt-and-answer as
  // their sum, 542 (test/language/rseq9-lengths-batches.test.ts), no longer from one token count alone.
  it.each(['c1819'])('%s: its token count is said as a guess', (id) => {
    expect(weakSeq(line(id).text).said).toBe(true);
  });

  // s47 (rlen3): a count under 64 said only with its unit is set aside and said, never used as the length (its corpus
  // reading, c1346, has no length); until then it was kept as a weak length of 50.
  it.each([line('c1346').text, 'Mistral 7B in llama.cpp on my 3060 gives 40-50 tokens when answering, but slows down later'])('too short to be a length, set aside and said: %s', (text) => {
    const r = resolveRequest(text, null);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.scenario?.seq).not.toBe(50);
    expect(r.assumptions.some((a) => /too short to be the sequence/.test(a))).toBe(true);
  });

  it.each([
    'Running llama-3-8b on a 4090, an answer of 300 tokens takes 12 seconds, is that normal?',
    'qwen2.5-7b inference on an A10G: memory went to 20GB with 512 tokens and batch 1',
  ])('%s', (text) => {
    expect(weakSeq(text).said).toBe(true);
  });

  it.each([
    'llama-3-8b inference on a 4090 with a context of 8192 tokens',
    'qwen2.5-7b lora on a 4090, max length 4096 tokens',
    'llama-3-8b inference on a 4090, 上下文长度 8192 tokens',
    'llama-3-8b lora seq 4096 on a 4090',
  ])('%s: a length word keeps it a setting', (text) => {
    expect(weakSeq(text).said).toBe(false);
  });
});
