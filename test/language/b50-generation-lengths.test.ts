import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * b49/b50 (issue 22): the tokens a run generates, stated on its own command line, were left out, and a
 * speed was read as a generation. mlx_lm.generate's `--max-tokens 1000` beside its `--prompt` had been taken
 * for a request body's cap (ml-explore/mlx-examples#1029, c1858; #182, c1766); LongLoRA's demo `--max_gen_len
 * 1024` was an unknown key (c1860); "generate 11.30 tokens/s" had been read as 11.3 generated tokens, which
 * then cost llama.cpp's `-n 128` (ggml-org/llama.cpp#2641, c342); a llama.cpp command wrapped over lines lost
 * its `-n 1024` (#6787, c509); llama-bench's `-n 128` was not read (geerlingguy/ai-benchmarks#23, c1733).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const gen = (text: string) => read(text).scenario.inference.newTokens;

describe('a generation length on the command line', () => {
  it.each([
    ['c1858', 1000],
    ['c1766', 1024],
    ['c1860', 1024],
    ['c342', 128],
    ['c509', 1024],
    ['c1733', 128],
  ])('%s: gen %i', (id, tokens) => {
    expect(gen(line(id).text)).toBe(tokens);
  });

  it.each([
    ['mlx_lm.generate --model mlx-community/Mistral-7B-Instruct-v0.3-4bit --prompt "hello" --max-tokens 512 on an m2 max 32gb', 512],
    ['mlx_lm.generate --max_tokens=300 --prompt hi --model mlx-community/Meta-Llama-3-8B-Instruct-4bit', 300],
    ['python demo.py --base_model /models/Llama-2-13b-hf --max_gen_len 256 on a 3090', 256],
    ['torchrun example_chat_completion.py --ckpt_dir llama-2-7b-chat/ --max_seq_len 1024 --max_gen_len=512 on 1 a100', 512],
  ])('a flag of the generating program: %s', (text, tokens) => {
    expect(gen(text)).toBe(tokens);
  });

  it('a request body with a prompt is still one request’s cap', () => {
    expect(gen('qwen2.5-7b on an a10 with vllm\n```json\n{"prompt": "hello", "max_tokens": 512, "temperature": 0}\n```')).toBe(0);
  });

  it.each([
    ['./llama-cli -m models/llama-2-7b.Q4_K_M.gguf -p "hi there"\n-n 256 -ngl 33 on a 3060', 256],
    ['./main -m models/llama-2-13b.Q4_K_M.gguf -c 2048 \\\n  -n 300 \\\n  -ngl 40 on a 4090', 300],
    ['llama-bench -m models/qwen2.5-7b-instruct-q4_k_m.gguf -n 64 -p 512 -ngl 99 on a 4090', 64],
    ['./build/bin/llama-bench -m models/llama-3-8b.Q4_K_M.gguf -p 1024 -n 256 on an rtx 3090', 256],
  ])('llama.cpp’s -n, wrapped or in llama-bench: %s', (text, tokens) => {
    expect(gen(text)).toBe(tokens);
  });
});

describe('a launch cap as long as the context is no length generated', () => {
  it.each([
    './llama.cpp/server -m /models/Mistral-Large-Instruct-2407_q2_k.gguf -ngl 89 -n 1500 -c 1500 --host 0.0.0.0 on 2x 24gb',
    './llama-server -m models/llama-3-8b.Q4_K_M.gguf -c 4096 -n 4096 on a 4090',
  ])('llama.cpp’s -n equal to -c (ollama/ollama#5949, c1817): %s', (text) => {
    const { scenario, said } = read(text);
    expect(scenario.inference.newTokens).toBe(0);
    expect(said).toMatch(/a cap on each reply/);
  });

  it('a -n below the context stays the generation', () => {
    expect(gen('./llama-server -m models/llama-3-8b.Q4_K_M.gguf -c 4096 -n 512 on a 4090')).toBe(512);
  });
});

describe('a speed is no generation', () => {
  it.each([
    'mistral-7b-instruct 4bit with mlx on an m1 ultra\nPrompt: 10 tokens, 13.931 tokens-per-sec\nGeneration: 100 tokens, 59.524 tokens-per-sec',
    'llama-3-8b on m2 max 32gb with mlx_lm:\n\nPrompt: 1,024 tokens, 512.5 tokens-per-sec\nGeneration: 256 tokens, 30.1 tokens-per-sec\n',
  ])('mlx_lm’s printed "Prompt: … Generation: N tokens" is output, no setting (c1765): %s', (text) => {
    expect(gen(text)).toBe(0);
  });

  it.each([
    'llama-3-8b on a 4090 with llama.cpp, it can generate 45 t/s',
    'mistral-7b on a 3090 runs at 30 tokens per second',
    'qwen2.5-14b on an a100: generate 1,250 tokens/s in total',
    'llama-2-13b on an l4, generating 23.5 tok/s',
  ])('%s', (text) => {
    expect(gen(text)).toBe(0);
  });

  it('a count of tokens with no time under it stays the generation', () => {
    expect(gen('generate 200 tokens with llama-3-8b on a 4090')).toBe(200);
  });

  it('any number and spelling of a rate after "generate" leaves the generation unset (property)', () => {
    const unit = fc.constantFrom('tokens/s', 'tokens / s', 'tok/s', 't/s', 'tokens per second', 'tokens-per-sec', 'token/sec');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.boolean(), unit, (n, fraction, u) => {
        const value = fraction ? `${n}.${n % 100}` : String(n);
        expect(gen(`llama-3-8b on a 4090 generate ${value} ${u}`)).toBe(0);
      }),
      { numRuns: 40 },
    );
  });
});
