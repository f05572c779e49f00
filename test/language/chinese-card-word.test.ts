import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * 卡 / 显卡 right after a card's name is the word "card" (prose.card-name-ka), and the digits of the
 * name are no count (prose.chinese-cards): "一张A10卡 serving" had been refused, "10卡" read as ten cards.
 */
describe('a card named with 卡 after it', () => {
  it.each([
    ['qwen-7b 一张A10卡 serving', 'a10', 1],
    ['qwen-7b vllm 用A10卡部署', 'a10', 1],
    ['qwen 14b serving 用T4卡', 't4', 1],
    ['llama-2-13b lora 两张A100显卡', 'a100-80g', 2],
    ['7b 全量微调 4张3090卡', 'rtx-3090', 4],
  ])('%s', (text, gpuId, count) => {
    expect(read(text).scenario.hardware).toMatchObject({ gpuId, count });
  });

  it('property: the card and its count, whatever the counter and the card word', () => {
    const cards = [['A10', 'a10'], ['T4', 't4'], ['L4', 'l4'], ['A100', 'a100-80g'], ['H100', 'h100-80g'], ['4090', 'rtx-4090']] as const;
    fc.assert(
      fc.property(fc.constantFrom(...cards), fc.integer({ min: 1, max: 8 }), fc.constantFrom('张', '块'), fc.constantFrom('卡', '显卡'), ([name, id], n, counter, word) => {
        const s = read(`qwen-7b lora ${n}${counter}${name}${word}`).scenario;
        expect(s.hardware).toMatchObject({ gpuId: id, count: n });
      }),
      { numRuns: 60 },
    );
  });
});

describe('a card, its memory in any unit, times a count', () => {
  it('property: "A100 40GiB*4" reads as "A100 40GB*4" does (the GiB spelling had lost the count)', () => {
    fc.assert(
      fc.property(fc.constantFrom('A100 40', 'A100 80', 'H100 80', 'V100 32'), fc.constantFrom('G', 'GB', 'GiB'), fc.constantFrom('*', ' x ', ' * '), fc.integer({ min: 2, max: 8 }), (card, unit, sign, n) => {
        const s = read(`llama-2-13b lora on ${card}${unit}${sign}${n}`).scenario;
        expect(s.hardware?.count).toBe(n);
        expect(read(`llama-2-13b lora on ${card}GB${sign}${n}`).scenario.hardware).toEqual(s.hardware);
      }),
      { numRuns: 40 },
    );
  });
});
