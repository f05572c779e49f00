import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A quantised checkpoint of the model named as one more try, the fallback weighed, or the variant that
 * works, after the model itself, is not the run (reconcile/variant-tried.ts): the weights are the model's
 * own, and the reply says which words it set aside.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const QUANTISED = ['nf4', 'nf4-dq', 'int8', 'gptq', 'awq', 'fp8'];

describe('a quantised variant said as another try', () => {
  it.each(['c1943', 'c1182', 'c1197'])('%s: the model runs in its own weights, and the reply says why', (id) => {
    const { scenario, said } = read(line(id).text);
    expect(QUANTISED).not.toContain(scenario.weights);
    expect(said).toMatch(/set aside as your setup's weight format/);
  });

  it.each([
    // one more try, in Chinese and English
    'Qwen-7B-Chat 在 12G 显卡上推理显存不够。又试了Qwen-7B-Chat-Int4，也很慢。',
    'Running Llama-2-13B on my 16GB card runs out of memory. I also tried the llama-2-13b-GPTQ version and it was slow.',
    // the fallback weighed
    'Fine-tuning Qwen-VL-Chat with LoRA on 2x T4 runs out of memory. If that does not work, could I use qwen-vl-chat-int4 instead?',
    'Qwen-7B-Chat lora微调 24G 显存不够，请问最少要多少显存？否则是不是可以用qwen-7b-chat-int4微调？',
    // the variant that works
    'LLaVA 13B inference runs out of memory on my RTX 4090. When I use the 4-bit version of LLaVA, it works fine.',
  ])('%s', (text) => {
    const { scenario, said } = read(text);
    expect(QUANTISED).not.toContain(scenario.weights);
    expect(said).toMatch(/set aside as your setup's weight format/);
  });

  it('a quantised model said alone, or asked about first, is the run', () => {
    expect(read('I tried Qwen-7B-Chat-Int4 on a 12GB card and it runs out of memory').scenario.weights).toBe('gptq');
    expect(read('Can I run llama-2-70b-gptq on a 48gb card?').scenario.weights).toBe('gptq');
    expect(read('Llama-2-13B: can I use the llama-2-13b-awq checkpoint on a 12gb card?').scenario.weights).toBe('awq');
  });
});
