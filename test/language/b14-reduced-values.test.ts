import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDUCED_RULES } from '../../src/language/prose/rules/reduced.js';
import { loadCorpus } from '../corpus/corpus.js';
import { readNoticed as read } from './reading-fixtures.js';

/**
 * A value the user reduced from is a try that failed (b14, databrickslabs/dolly#140, c562: "I
 * wasn't able to use a batch size of 3. I had to reduce to 1."): the value after the reduction
 * word is the run's, the earlier one is set aside and said.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('the value after a reduction word is the run\'s', () => {
  it('c562: batch 1, the 3 said as reduced from', () => {
    const { s, said } = read(line('c562').text);
    expect(s.microBatch).toBe(1);
    expect(said).toMatch(/"batch size of 3" read as a value you reduced from; the run's is 1/);
  });

  it.each([
    ['llama-2-7b lora on a 4090, batch size 8 ran out of memory so I lowered it to 2', 'batch', 2],
    ['llama-2-7b lora on a 4090. Batch size of 6 OOMs; I dropped the batch size to 3.', 'batch', 3],
    ['mistral-7b qlora on a 3090, bs 16 did not fit, had to bring it down to 4', 'batch', 4],
    ['qwen2-7b full fine-tune on 8 a100, batch size 4 显存不够，降到1', 'batch', 1],
    ['qwen2-7b lora 单卡 a100，batch size 8 爆显存，改成2', 'batch', 2],
    ['mistral-7b qlora on a 3090: seq len 4096 OOMs even at 1024', 'seq', 1024],
    ['llama-3-8b lora on a 4090, context length 8192 was too much, reduced to 2048', 'seq', 2048],
  ])('%s', (text, fact, value) => {
    const { s, said } = read(text);
    expect(fact === 'batch' ? s.microBatch : s.seq).toBe(value);
    expect(said).toMatch(new RegExp(`read as a value you reduced from; the run's is ${value}`));
  });

  it('a reduction of any other setting, or a number between the two, leaves the stated value', () => {
    expect(read('llama-3-8b lora on a 4090, batch size 2 works, lr reduced to 1e-5').s.microBatch).toBe(2);
    // Which value was reduced is not said: the batch stays as written.
    expect(read('llama-3-8b lora batch size 3 on 8 GPUs, had to reduce to 1').s.microBatch).toBe(3);
  });

  it('any two batch sizes, the smaller one after "had to reduce to", read as the smaller', () => {
    const rule = REDUCED_RULES[0]!;
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 64 }), fc.integer({ min: 1, max: 63 }), fc.constantFrom('reduce to', 'lower it to', 'drop to', 'reduce it down to'), (was, now, verb) => {
        fc.pre(now < was);
        const text = `llama-2-7b lora on a 4090, a batch size of ${was} did not fit. I had to ${verb} ${now}.`;
        expect(read(text).s.microBatch).toBe(now);
        rule.pattern.lastIndex = 0;
        expect(rule.pattern.test(text.toLowerCase())).toBe(true);
      }),
      { numRuns: 25 },
    );
  });
});
