import { describe, expect, it } from 'vitest';
import { corpusText } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A length's number in the notations people write it (prose/rules/lengths.ts): thousands grouped by a
 * space ("context length 40 000", lmstudio-ai/lmstudio-bug-tracker#1192, c1669), and a prompt's and an
 * answer's lengths each in parentheses after its label ("input (64), output (1024)", vllm-project/vllm#1039,
 * c1939). The variations are invented.
 */
describe('thousands grouped by a space are one number', () => {
  it.each([
    ['qwen2.5-7b inference on a 4090 with a context length of 32 768 tokens', 32768],
    ['llama-3-8b lora on a 3090, max seq len 2 048', 2048],
    ['mistral-7b on a 4090, context length 40 000', 40000],
    ['serve qwen2.5-14b on one L40S, max model len = 16 384', 16384],
  ])('%s', (text, seq) => expect(read(text).scenario.seq).toBe(seq));

  it('a number of steps before a length stays no length of its own', () => {
    expect(read('llama-3-8b lora on a 3090, 2 000 steps at seq 512').scenario.seq).toBe(512);
  });
});

describe("a prompt's and an answer's lengths in parentheses after their labels", () => {
  it('c1939: input (64), output (1024) is seq 1088 with 1024 generated', () => {
    const { scenario } = read(corpusText('c1939'));
    expect(scenario.seq).toBe(1088);
    expect(scenario.inference?.newTokens).toBe(1024);
  });

  it.each([
    ['llama-2-13b with vllm on one A100 80GB, input (512), output (256)', 768],
    ['qwen2.5-7b on a 4090: prompt length (2048) and output length (512)', 2560],
    ['mistral-7b inference on an L4, input(1000) output(200)', 1200],
  ])('%s', (text, seq) => expect(read(text).scenario.seq).toBe(seq));
});
