import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binaryStep, countedKNumber, kNumber } from '../../src/language/numbers.js';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * Session 24, helper rseq3 (issue 22): a length keyword took a number its sentence held for another
 * thing, and a measured prompt's "k" was counted as a window's.
 */

describe("a length keyword's next number that counts something else is not the length (read-tokens/other-counts.ts)", () => {
  it.each([
    // A share: "context limit (50% the limit of …)" (ggml-org/llama.cpp, c1207).
    ['llama-3-8b inference on a 4090, the context limit is 50% of what I expected'],
    ['llama-3-8b inference on a 4090, context window (50 % lower than qwen)'],
    ['llama-3-8b inference on a 4090: long context speed is consistently 50 percent lower than llama.cpp'],
    // A card count: "70b model with large context loads with two 3090s" (c1854).
    ['llama-3-8b inference, the long context loads with 2 3090s'],
    ['llama-3-8b inference; context runs fine with two RTX 3090s'],
    // A count of the model's layers: "long-context prefill … despite only 10 KV-cache layers" (c1821).
    ['llama-3-8b inference on a 4090, long-context prefill despite only 10 kv layers'],
  ])('%s', (text) => {
    const s = read(text).scenario;
    expect([50, 2, 10]).not.toContain(s.seq);
  });

  it('the cards the number counts are read as the cards ("loads with two 3090s" is 2x RTX 3090)', () => {
    const s = read('llama-3-8b inference, the long context loads with two 3090s').scenario;
    expect(s.hardware?.count).toBe(2);
    expect(s.hardware?.gpuId).toBe('rtx-3090');
  });

  it.each([
    ['llama-3-8b inference, context 8192 on 2 3090s', 8192],
    ['llama-3-8b inference, context length 16k, 50% of the card free', 16384],
    ['llama-3-8b inference, max context 4096 tokens on two 3090s', 4096],
  ])('a length written beside its keyword is kept: %s', (text, seq) => {
    expect(read(text).scenario.seq).toBe(seq);
  });

  it('c1854 (ggml-org/llama.cpp): "70b model with large context loads with two 3090s" sets no length and counts two cards', () => {
    const s = corpusLineRead('c1854').scenario;
    expect(s.seq).not.toBe(2);
    expect(s.hardware?.count).toBe(2);
  });

  it('c1207 (ggml-org/llama.cpp): "context limit (50% the limit of Qwen 2.5 3B)" is no length of 50', () => {
    expect(corpusLineRead('c1207').scenario.seq).not.toBe(50);
  });
});

describe('a measured prompt counts its "k" in thousands unless it is a binary step (numbers.ts countedKNumber)', () => {
  it.each([
    ['54k', 54000],
    ['43k', 43000],
    ['176k', 176000],
    ['58k', 58000],
    ['3k', 3000],
    ['8k', 8192],
    ['32k', 32768],
    ['12k', 12288],
    ['40k', 40960],
    ['100k', 100000],
    ['1.5k', 1536],
  ])('%s counted is %i', (k, n) => {
    expect(countedKNumber(k)).toBe(n);
  });

  it('a binary step counts the same counted or set, and a counted k is never more than the set one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2048 }), (n) => {
        const counted = countedKNumber(`${n}k`);
        const set = kNumber(`${n}k`);
        if (binaryStep(n)) expect(counted).toBe(set);
        expect(counted).toBeLessThanOrEqual(set);
        expect(counted).toBeGreaterThanOrEqual(n * 1000);
      }),
    );
  });

  it.each([
    ['I am using a 54K long prompt to mixtral-8x7b on an a100 80gb', 54000],
    ['mixtral-8x7b on an a100 80gb, a 54k prompt crashes it', 54000],
    // "N tokens" keeps the window reading (behaviours-strangers.test.ts: "roughly 3k tokens" is 3,072).
    ['mixtral-8x7b on an a100 80gb crashes around 176K tokens', 180224],
    ['mixtral-8x7b on an a100 80gb with a 32k prompt', 32768],
    ['mixtral-8x7b on an a100 80gb with 8K tokens', 8192],
    // A "k" said as a setting stays a window's size: "context can be set to 15K" (c219).
    ['qwen2.5-72b awq vllm on one a100 80gb, context can be set to 15K', 15360],
    ['mixtral-8x7b on an a100 80gb, seq 54k', 55296],
  ])('%s', (text, seq) => {
    expect(read(text).scenario.seq).toBe(seq);
  });

  it('c1671 (ml-explore/mlx-examples): "a 54K long prompt" is seq 54000', () => {
    expect(corpusLineRead('c1671').scenario.seq).toBe(54000);
  });
});
