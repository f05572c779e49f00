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

describe('"set it to N" after a length is named sets that length, weak', () => {
  it('c1824 (ollama/ollama#7198): num_ctx of 40000 … "when I set it to 128000" reads 128000', () => {
    expect(read(corpusText('c1824')).scenario.seq).toBe(128000);
  });

  it.each([
    ['qwen2.5-7b in ollama on a 3060 12GB. The default context length works. When I increase it to 32768 it falls back to the CPU', 32768],
    ['llama-3-8b lora on a 4090, max seq len was 4096 but OOM, so I reduced it to 1024 and it trains', 1024],
    ['mistral-7b with vllm on an L4: the max model len was too big, so I set it to 8192.', 8192],
  ])('%s', (text, seq) => {
    const { scenario, said } = read(text);
    expect(scenario.seq).toBe(seq);
    expect(said).toBeDefined();
  });

  it('with no length named before, "set it to N" is no length', () => {
    expect(read('llama-3-8b lora on a 4090 seq 2048. The learning rate was too high so I set it to 2 and it diverged').scenario.seq).toBe(2048);
  });
});
