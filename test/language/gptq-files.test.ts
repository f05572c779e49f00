import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A single weights file named for its 4-bit width is a GPTQ file (prose/rules/gptq-files.ts): the model
 * before it still reads as its model; a folder or Hub id named "-4bit" keeps its own reading.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('a 4-bit weights file', () => {
  it('c574: llama13b-4bit.pt is GPTQ', () => {
    const { scenario } = read(line('c574').text);
    expect(scenario.weights).toBe('gptq');
    expect(scenario.model.id).toMatch(/13b/i);
  });

  it.each([
    'I downloaded llama-7b-4bit.pt and it runs out of memory on my 6GB card',
    'loading vicuna-13b-4bit.safetensors on a 3060 12gb gives CUDA OOM',
    'text-generation-webui: llama-30b_4bit.pth on a 4090 runs out of memory',
    'alpaca-7b-int4.safetensors 在 8G 显卡上跑不动',
  ])('%s', (text) => {
    expect(read(text).scenario.weights).toBe('gptq');
  });

  it('a name without a file extension is not changed by this rule', () => {
    expect(read('run llama-13b 4bit on a 3090').scenario.weights).toBe('nf4');
    expect(read('unsloth/llama-3-8b-bnb-4bit on a 3090').scenario.weights).not.toBe('gptq');
  });
});
