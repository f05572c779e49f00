import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * The number before a "max" length noun is the length (prose.length-before-max-noun): c1629
 * (FreedomIntelligence/LLMZoo) "a large-scale batch size with 2048 max sequence length" had read the
 * question "max seq" and left 2048 over; in a short request the same words were refused.
 */
const text = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

describe('"N max sequence length" states the length N', () => {
  it('c1629: seq 2048', () => {
    expect(read(text('c1629')).scenario.seq).toBe(2048);
  });

  it.each([
    ['llama-2-7b full on 8x a100-80g with 4096 max sequence length', 4096],
    ['llama-2-7b full on 8x a100-80g with a 4096 max seq len', 4096],
    ['qwen2.5-7b lora on 1x a100-80g, 32k max context length', 32_768],
    ['qwen2.5-7b lora on 1x a100-80g, 8192-token maximum sequence length', 8192],
    ['qwen2.5-7b lora on 1x a100-80g, 8192 MAX_SEQ_LEN', 8192],
  ])('%s', (t, seq) => {
    expect(read(t).scenario.seq).toBe(seq);
  });

  it('"max seq" with no number before it stays the question', () => {
    const r = read('llama-2-7b full on 8x a100-80g, max seq?');
    expect(r.scenario.question).toEqual({ kind: 'maxSeq' });
  });
});

/** "As reported in the technical report, the bs: 256 …" (c1629) is the authors' run, not the user's. */
describe('a setting "as reported in the technical report" is the authors\'', () => {
  it.each([
    'llama-2-7b full on 8x a100-80g. As reported in the technical report, the bs: 256 is a large batch',
    'llama-2-7b full on 8x a100-80g. According to the tech report, batch size 512 was used',
  ])('%s', (t) => {
    expect([256, 512]).not.toContain(read(t).scenario.microBatch);
  });
});
