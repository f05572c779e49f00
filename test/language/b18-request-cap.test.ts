import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * b18, InternLM/lmdeploy#2416 (corpus c704): an lmdeploy server started with --session-len 4096, then a
 * curl whose JSON body says "max_tokens": 1024. That is one request's cap, not the generation the
 * server is sized for; it was read as 1024 generated tokens. The same key in a sampler's section
 * (llama-cpp-python's generation_kwargs, c336) is a cap too.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const gen = (text: string) => read(text).scenario.inference.newTokens;

const curl = (body: string) =>
  `deploying qwen2.5-7b-awq on an h20:\n\`\`\`\n${body}\n\`\`\`\n\`\`\`\ncurl --request POST --url http://127.0.0.1:8081/v1/chat/completions --data '{\n  "model": "qwen",\n  "messages": [{"role": "user", "content": "hi"}],\n  "max_tokens": 1024\n}'\n\`\`\``;

describe('max_tokens of one request is not the run’s generation', () => {
  it('c704: the curl’s 1024 is a request cap beside --session-len 4096', () => {
    const { scenario, said } = read(line('c704').text);
    expect(scenario.inference.newTokens).toBe(0);
    expect(scenario.seq).toBe(4096);
    expect(said).toMatch(/max_tokens 1024 is one request's cap \(a request body: curl's --data\)/);
  });

  it('c336: generation_kwargs’ max_tokens is the sampler’s cap', () => {
    expect(gen(line('c336').text)).toBe(0);
  });

  it('c603: a max_tokens the message is about stays its generation', () => {
    expect(gen(line('c603').text)).toBe(10000);
  });

  it.each([
    ['lmdeploy', 'lmdeploy serve api_server /models/qwen2.5-7b-awq --session-len 4096 --model-format awq'],
    ['vLLM', 'vllm serve /models/qwen2.5-7b-awq --max-model-len 4096 --quantization awq'],
  ])('a request body to a %s server: its length is the server’s', (_, command) => {
    const s = read(curl(command)).scenario;
    expect(s.inference.newTokens).toBe(0);
    expect(s.seq).toBe(4096);
  });

  it('a request body with a prompt and no server length: still a cap', () => {
    expect(gen('qwen2.5-7b on an a10 with vllm\n```json\n{"prompt": "hello", "max_tokens": 512, "temperature": 0}\n```')).toBe(0);
  });

  it.each([
    ['qwen2.5-7b vllm on an a10, max_tokens: 512', 512],
    ['qwen2.5-7b vllm on an a10\n```yaml\nmax_tokens: 2048\n```', 2048],
  ])('a max_tokens said alone is the generation: %s', (text, tokens) => {
    expect(gen(text)).toBe(tokens);
  });
});
