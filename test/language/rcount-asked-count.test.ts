import { describe, expect, it } from 'vitest';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * s32 (rcount): a count asked, not owned, is the question how-many (DESIGN §2), not one card. c2429
 * (skypilot-org/skypilot: "does skypilot support to inference LLama2-70B in multiple A10 vms?") was read as
 * one A10 in silence. Several cards in a sentence that asks or wishes are asked (prose.several-without-count);
 * the card named before a Korean or Japanese counter asked ("A100 몇 장") is too. Said as a statement, the
 * several cards stay one card said weak (uncounted-cards.ts). Variations invented (first sight 1 of 8, after 6 of 8:
 * the "several 8xH100 nodes … how many nodes" line c126 is left as it was).
 */

const question = (text: string) => {
  const s = read(text).scenario;
  return { kind: s.question.kind, gpu: s.question.kind === 'howMany' ? s.question.gpuId : undefined };
};

describe('several cards asked about are the question how many', () => {
  it.each([
    ['Does skypilot support inference of Llama2-70B in multiple A10 vms?', 'a10'],
    ['can I serve llama 2 70b with vllm over several A10 machines?', 'a10'],
    ['I want to run llama 3 70b inference across multiple 4090s, is that possible?', 'rtx-4090'],
    ['Is it possible to finetune llama 3 8b with lora on multiple A10 nodes?', 'a10'],
    ['llama 3 70b 추론에 A100 몇 장이 필요한가요?', 'a100-80g'],
  ])('%s', (text, gpu) => {
    expect(question(text)).toEqual({ kind: 'howMany', gpu });
  });

  it('c2429: how many A10s, not one', () => {
    const s = corpusLineRead('c2429').scenario;
    expect(s.question.kind).toBe('howMany');
  });
});

describe('several cards said as a statement stay a weak card, not a question', () => {
  it.each([
    'llama-3-8b full finetune on several 4090s keeps running out of memory',
    'I trained llama 3 8b with lora on multiple A100s and it OOMs',
  ])('%s', (text) => {
    expect(question(text).kind).toBe('none');
  });
});
