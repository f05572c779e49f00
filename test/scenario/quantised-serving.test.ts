import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * vLLM serves AWQ and GPTQ weights with fp16 activations only (its awq.py / gptq.py
 * `get_supported_act_dtypes` is `[torch.half]`): the KV cache and the activations of such a model
 * are fp16, not the bf16 default (corpus c553, a GPTQ Llama-3.1-70B served with dtype float16).
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;

function scenario(text: string, base: Scenario | null = null): { s: Scenario; said: string } {
  const r = resolveRequest(text, base);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
}
const dtypes = (s: Scenario) => ({ compute: s.compute, kv: s.inference.kvDtype });

describe('AWQ and GPTQ under vLLM run in fp16', () => {
  it('c553: the GPTQ Llama-3.1-70B is served with fp16 activations and KV cache', () => {
    const { s } = scenario(line('c553').text);
    expect(s.weights).toBe('gptq');
    expect(dtypes(s)).toEqual({ compute: 'fp16', kv: 'fp16' });
  });

  it('any model, card with bf16, and format: fp16, said with the reason (property)', () => {
    const models = ['llama-2-13b', 'qwen2.5-7b', 'mistral-7b', 'llama-3-70b'];
    const forms = [(m: string, f: string) => `serve ${m} ${f} with vllm`, (m: string, f: string) => `vllm serve ${m}-${f}`, (m: string, f: string) => `用vllm部署${m} ${f}`];
    fc.assert(
      fc.property(fc.constantFrom(...models), fc.constantFrom('awq', 'gptq'), fc.constantFrom(...forms), fc.constantFrom('a100-80g', 'h100-80g', 'rtx-4090', 'l40s'), (model, format, form, card) => {
        const text = `${form(model, format)} on 2x ${card}`;
        const { s, said } = scenario(text);
        expect(s.weights, text).toBe(format);
        expect(dtypes(s), text).toEqual({ compute: 'fp16', kv: 'fp16' });
        expect(said, text).toMatch(/fp16 precision for activations and KV cache: vLLM runs (?:AWQ|GPTQ) weights with fp16 activations only/);
      }),
      { numRuns: 40 },
    );
  });

  it.each([
    ['a dtype the user names', 'serve llama-2-13b gptq bf16 with vllm on an a100-80g', { compute: 'bf16', kv: 'bf16' }],
    ['a KV dtype the user names', 'serve llama-2-13b awq with vllm kv fp8 on an a100-80g', { compute: 'fp16', kv: 'fp8' }],
    ['unquantised weights', 'serve llama-2-13b with vllm on an a100-80g', { compute: 'bf16', kv: 'bf16' }],
    ['another engine', 'serve llama-2-13b gptq with tgi on an a100-80g', { compute: 'bf16', kv: 'bf16' }],
  ])('%s stays as read: %s', (_why, text, want) => {
    expect(dtypes(scenario(text).s)).toEqual(want);
  });

  it('c552: a thread opened on vLLM that moves to SGLang goes back to bf16, said', () => {
    const l = line('c552');
    const opened = readInThread(l.thread!, null).outcome;
    expect(opened.ok && opened.scenario ? dtypes(opened.scenario) : null).toEqual({ compute: 'fp16', kv: 'fp16' });
    const followed = readInThread(l.text, opened.ok && opened.scenario ? { scenario: opened.scenario, history: [] } : null).outcome;
    expect(followed.ok && followed.scenario ? dtypes(followed.scenario) : null).toEqual({ compute: 'bf16', kv: 'bf16' });
    expect(followed.ok && followed.assumptions.join(' ')).toMatch(/bf16 precision again/);
  });
});
