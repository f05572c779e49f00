import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * The model named in pieces: a family in one place and its size in another (batches b36–b39,
 * read-tokens/model-names.ts). Each reading says which words it joined, never silently.
 */
const modelId = (text: string) => read(text).scenario.model.id;

describe('one size said twice apart from its family is still one size', () => {
  // ollama/ollama#2393 (corpus c1285): the title and the body both write "LLaMA 2(70B)", and
  // "LLaMA 2" alone three more times. The rule "a series with one size said alone elsewhere" had
  // counted two sizes, refused the pair, read the series' 7B default and set both "70B" aside.
  const c1285 =
    'Inquiry on Optimal CPU and GPU Configurations for LLaMA 2(70B)\n\nI am currently exploring the capabilities of LLaMA 2 for various NLP tasks. ' +
    'Given the complexity and resource-intensive nature of LLaMA 2(70B), I am seeking advice on the most suitable CPU and GPU configurations ' +
    'for training and inference tasks with this model.';
  it('c1285: "LLaMA 2(70B)" twice is Llama-2-70B, the joining said', () => {
    const r = read(c1285);
    expect(r.scenario.model.id).toBe('llama-2-70b');
    expect(r.said).toMatch(/"llama 2" with "70b" \(said 2 times\) read as llama-2-70b/i);
  });

  // meta-llama/llama#150 (corpus c1263): "7B model" in the title and again in the body, "llama" alone between.
  it('c1263: "llama" with "7B" said twice is LLaMA-1-7B, said as a guess', () => {
    const r = read(
      'who can run on 7B model on `windows11` with `RTX3080ti` ?\n\nI can running `llama` but this is `cuda is out of memory`,\nwho can run on 7B model on `windows11` with `RTX3080ti `?',
    );
    expect(r.scenario.model.id).toBe('llama-1-7b');
    expect(r.said).toMatch(/"llama" with "7B" said apart read as llama-1-7b/i);
  });

  it.each([
    ['Llama2 (13B) on a 3090 for inference? We picked Llama2 for NLP tasks. Is the 13B ok with 24GB?', 'llama-2-13b'],
    ['inference of qwen2.5 (32b) on 2 4090s; qwen2.5 is great but the 32b is slow', 'qwen2.5-32b'],
    ['Llama 2 70B? I mean serving llama 2 at 70b on 4x A100, the 70B one', 'llama-2-70b'],
    ['模型是 Llama2（13B）推理，用一张 3090，13B 显存够吗', 'llama-2-13b'],
  ])('%s', (text, id) => {
    expect(modelId(text)).toBe(id);
  });

  it('two different sizes still do not bind: "llama 2" with 7B and 13B stays a question', () => {
    const r = read('inference of LLaMA 2 on a 3090: the 7B works, the 13B runs out of memory');
    expect(r.scenario.model.id).not.toBe('llama-2-70b');
    expect(r.said).not.toMatch(/said 2 times/);
  });
});
