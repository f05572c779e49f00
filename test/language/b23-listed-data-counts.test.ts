import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * c854 (THUDM/GLM-4): "When we did DP and had 2-2-3 data examples in `test.jsonl`, `train.jsonl`, and
 * `val.jsonl`" — counts of data listed with dashes. training.data-count set aside only the last ("3"), the
 * first "2" was taken by "DP" as dp 2 and the request refused: "dp 2 × 1 GPUs per model replica … is 2,
 * not the 8 GPUs asked". Every count of the list is the data's.
 */
const text = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

describe('counts of data listed with dashes or slashes are no setting', () => {
  it('c854: read, eight A100 80GB, no dp 2', () => {
    expect(parseRequest(text('c854')).ok).toBe(true);
    const s = read(text('c854')).scenario;
    expect(s.hardware?.count).toBe(8);
  });

  it.each([
    'glm-4-9b lora on 8x a100. When we did DP and had 2-2-3 data examples, it ran out of memory',
    'glm-4-9b lora on 8x a100, dp with 4/1/1 samples in train/val/test',
    'llama-3-8b lora on 4x 4090 with tp and 100-20-20 examples',
  ])('%s: read (no dp from the list to refuse against the cards), every card kept', (t) => {
    const s = read(t).scenario;
    expect(s.hardware?.count).toBe(Number(/(\d)x/.exec(t)![1]));
    expect([2, 4, 100]).not.toContain(s.parallel.tp);
  });

  it('a single count before its noun is still set aside ("330 data")', () => {
    expect(read('llama-3-8b lora on 4x 4090, 330 data with each data being around 16000 tokens').scenario.seq).not.toBe(330);
  });
});
