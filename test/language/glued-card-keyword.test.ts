import { describe, expect, it } from 'vitest';
import { read, sameAs } from './reading-fixtures.js';

/**
 * Latin words run together inside Chinese text: a card number glued to the keyword after it is the
 * card and the keyword (names.ts gluedKeywordAfter). Real lines: hiyouga/LlamaFactory#3708 (c1236),
 * "4张24GB显存的4090lora微调GLM-4V-9B" (c1097).
 */
describe('a card glued to a keyword is two words', () => {
  it('c1236: "4张3090lora微调Qwen7B爆显存" is LoRA on four 3090s', () => {
    const { scenario } = read('4张3090lora微调Qwen7B爆显存');
    expect(scenario.hardware?.gpuId).toBe('rtx-3090');
    expect(scenario.hardware?.count).toBe(4);
    expect(scenario.mode).toBe('lora');
  });

  it.each<[string, string]>([
    ['两张4090qlora微调llama 3 8b', 'llama 3 8b qlora on 2x rtx-4090'],
    ['用A100full微调13b', '13b full on 1x a100-80g'],
    ['8张H100zero3训练llama 3 8b', 'llama 3 8b full zero3 on 8x h100'],
    ['llama 3 8b on 4090lora', 'llama 3 8b lora on 1x rtx-4090'],
  ])('%s', (text, reading) => sameAs(text, reading));

  it.each<[string, string]>([
    // A card's own suffixes stay the card's: Ti, a plural, a memory.
    ['7b on 3090ti', 'rtx-3090-ti'],
    ['qwen 7b on two 4090s', 'rtx-4090'],
  ])('%s keeps its card whole', (text, gpu) => {
    expect(read(text).scenario.hardware?.gpuId).toBe(gpu);
  });

  it('letters that are no keyword stay one unknown word (not a card)', () => {
    expect(() => read('13b on 3090xyz')).toThrow(/not read/);
  });
});
