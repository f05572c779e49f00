import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { read } from './reading-fixtures.js';

/**
 * s32: words of several before a card, in a sentence that asks whether it can be done, ask how many of that card
 * (prose/rules/question-several-asked.ts). b69 at first sight: "inference LLama2-70B in multiple A10 vms?"
 * (skypilot-org/skypilot#2782, c2429) read one A10 in silence. Invented variations, first sight 2 of 7 right;
 * after, 7 of 7.
 */
const canonical = (text: string) => canonicalText(read(text).scenario);

describe('several cards asked about is the count question', () => {
  it.each([
    ['Does skypilot support to inference Llama2-70B in multiple A10 vms? Thanks.', 'how many a10'],
    ['can I serve llama-3-70b with vllm on multiple 4090s?', 'how many rtx-4090'],
    ['Is it possible to fine-tune qwen2.5-32b with lora across several A100 40GB cards?', 'how many a100-40g'],
    ['qwen2-72b 推理能不能用多张 3090 跑？', 'how many rtx-3090'],
    ['llama-2-70b 를 여러 대의 A10G로 서빙할 수 있나요?', 'how many a10g'],
  ])('%s', (text, question) => {
    expect(` ${canonical(text)} `).toContain(` ${question} `);
  });

  it('said with no asking words, several cards stay a weak count, not a question', () => {
    expect(canonical('I run llama-3-8b on multiple 4090s with vllm and it is slow')).not.toMatch(/how many/);
  });
});
