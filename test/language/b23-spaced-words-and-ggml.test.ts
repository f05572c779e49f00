import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * c837 (marella/ctransformers#96): "It is taking long time to answer in google colab T4 GPU … 
 * from_pretrained("TheBloke/Llama-2-70B-Chat-GGML")" was read as GPTQ weights on no card, an unknown model of
 * Llama-3-70B's shape.
 * - names.ts: a space the text puts inside what every spelling writes as one run of letters parts two words:
 *   "in T4" is "in" and the T4, never "int4" (only where a spelling parts the run, "fine tune", may it join);
 * - model-name.ts: "-GGML" is llama.cpp's file format before GGUF, a format suffix as "-GGUF" is.
 */
const corpus = loadCorpus();
const text = (id: string) => corpus.find((l) => l.id === id)!.text;

describe('"in T4" is a card, not int4', () => {
  it('c837: the T4 of Colab, Llama-2-70B, no GPTQ', () => {
    const s = read(text('c837')).scenario;
    expect(s.hardware?.gpuId).toBe('t4');
    expect(s.weights).not.toBe('gptq');
    expect(s.model.id).toBe('llama-2-70b');
  });

  it.each(['serve llama-2-7b in T4 GPU', 'serve llama-2-7b in t4', 'llama-2-7b inference in T4 on colab', 'qlora llama-2-7b in T4 16GB'])('%s', (t) => {
    const s = read(t).scenario;
    expect(s.hardware?.gpuId).toBe('t4');
    expect(s.weights).not.toBe('gptq');
  });

  it.each(['serve llama-2-7b in int4 on a t4', 'serve llama-2-7b int 4 on a t4', 'serve llama-2-7b int-4 on a t4'])('%s: int4 written as one word (or parted by a digit) stays GPTQ', (t) => {
    expect(read(t).scenario.weights).toBe('gptq');
  });

  it.each([
    ['llama-2-7b fine tune on a 4090', 'lora'],
    ['llama-2-7b q lora on a 4090', 'qlora'],
  ])('%s: words a spelling parts still join', (t) => {
    expect(read(t).scenario.mode).not.toBe('inference');
  });
});

describe('a GGML repository names its model', () => {
  it.each(['run TheBloke/Llama-2-70B-Chat-GGML on a t4', 'run TheBloke/Llama-2-13B-chat-GGML on a 4090', 'run llama-2-7b-chat.ggml on a t4'])('%s', (t) => {
    expect(read(t).scenario.model.id).toMatch(/^llama-2-(?:70b|13b|7b)$/);
  });
});
