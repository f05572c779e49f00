import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * rserve13 (thirty-fourth session): a prompt's length and the answer's, said in the orders and words people use, are
 * the sequence the model holds (their sum) and the tokens it generates (intel/ipex-llm#9590, c2905: "2048 token
 * input" … "output 1024 token" had read gen 1024 at the default 2,048-token sequence). Invented variations, written
 * and scored before the fix (figures in the commit message).
 */
describe("a prompt's length and its answer's are the sequence and the generated tokens", () => {
  it.each<[string, number, number]>([
    ['qwen-7b on a 4090\ninput: 2048 tokens\noutput: 1024 tokens', 3072, 1024],
    ['2048-token input, 1024 output tokens, mistral-7b on a 3090', 3072, 1024],
    ['qwen-7b, 2048 input tokens and 1024 output tokens, A770 16GB', 3072, 1024],
    ['llama-2-13b on an A10G with 3000 input tokens and 500 output tokens', 3500, 500],
    ['llama-3-8b on a 4090, input length 8192 and output length 1024', 9216, 1024],
    ['qwen2.5-7b 在 4090 上推理，输入 2048 tokens，输出 512 tokens', 2560, 512],
    // Three more, scored with these before the fix, still fail on other causes (left for the lead):
    // "llama-2-7b doesn't support 2048 token input on a T4, output 512 tokens" (the card between the two lengths),
    // "mistral-7b on an L4: prompt length 4096, generation length 512" (prose.generation-noun takes the answer's
    // length first, and the prompt's alone is read as the sequence), and "Qwen-7B-Chat 2048 token input on A770\n
    // input prompt: 2048 tokens\noutput 1024 token" (the title's 2048 is kept as the sequence over the body's sum).
  ])('%s → seq %i, gen %i', (text, seq, gen) => {
    const s = read(text).scenario;
    expect([s.seq, s.inference.newTokens]).toEqual([seq, gen]);
  });
});
