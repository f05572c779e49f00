import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ownerNamesAModel } from '../../src/language/model-owner.js';
import { parseRequest } from '../../src/language/parse.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A bare `owner/name` whose owner is a model family with its release or size ("Qwen3.6/Qwen3.5",
 * "qwen2.5-coder-0.5B-instruct/int8") is a model and what follows it, not a Hub repo: it had been a repo to
 * fetch, and with no answer from the Hub the whole message was refused (src/language/model-owner.ts).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const hubs = (text: string) => {
  const r = parseRequest(text);
  return r.ok ? r.items.filter((i) => i.kind === 'hub').map((i) => (i.kind === 'hub' ? i.repo : '')) : [];
};

describe('a model family with its release before a slash is no Hub owner', () => {
  it('c1821: "Qwen3.6/Qwen3.5" is no repo: the mlx-community repo named after it is the model', () => {
    const r = resolveRequest(line('c1821').text, null);
    expect(r.ok).toBe(true);
    expect(hubs(line('c1821').text)).not.toContain('qwen3.6/qwen3.5');
  });

  it('c1819: "qwen2.5-coder-0.5B-instruct/int8" is Qwen2.5-0.5B with its int8 folder', () => {
    const r = resolveRequest(line('c1819').text, null);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.scenario?.model.id).toBe('qwen2.5-0.5b');
  });

  it.each(['qwen3.6/qwen3.5', 'qwen2.5-coder-0.5b-instruct/int8', 'llama-2-7b/llama-2-13b', 'llama3/8b_lora', 'gemma-2-9b/gguf', 'mistral7b/awq', 'deepseek-r1/q4_k_m', 'kimi-k2/instruct'])('%s: owner is a model', (pair) => {
    expect(ownerNamesAModel(pair)).toBe(true);
  });

  it.each(['qwen/qwen2.5-7b-instruct', 'meta-llama/llama-2-7b-hf', 'mlx-community/qwen3.6-35b-a3b-4bit', 'thebloke/llama-2-70b-gptq', 'deepseek-ai/deepseek-v3', 'mistralai/mistral-7b-v0.1', '01-ai/yi-34b', 'thudm/glm-4-9b-chat'])('%s: a Hub owner stays one', (pair) => {
    expect(ownerNamesAModel(pair)).toBe(false);
  });

  it('a repo under an organisation is read as a repo whatever the release in its name', () => {
    const orgs = ['Qwen', 'meta-llama', 'mlx-community', 'unsloth', 'TheBloke'];
    const names = ['Qwen2.5-7B-Instruct', 'Llama-3.1-8B', 'Qwen3.6-35B-A3B-4bit'];
    fc.assert(
      fc.property(fc.constantFrom(...orgs), fc.constantFrom(...names), (org, name) => {
        expect(ownerNamesAModel(`${org}/${name}`.toLowerCase())).toBe(false);
      }),
    );
  });

  it('two releases said with a slash in a sentence are read as a model, not refused for a fetch', () => {
    for (const text of ['OOM when serving Qwen2.5/Qwen3 with vllm on 2x 4090, any idea?', 'llama-3-8b/llama-3-70b lora on 8x a100 80gb keeps going OOM', '用 qwen2.5-7b/int4 在一张4090上推理，显存不够']) {
      const r = resolveRequest(text, null);
      expect(r.ok, text + (r.ok ? '' : r.error.message)).toBe(true);
    }
  });
});
