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

/**
 * A served quantised checkpoint whose message names no dtype: a GGUF file runs in f16 (llama.cpp,
 * vLLM's GGUF loader) and transformers' quantizers load bitsandbytes, GPTQ and AWQ models in fp16
 * (torch_dtype=None overridden, the log of c1881). Invented variations of the phenomenon, not lines
 * (first sight before the rule: 3 of the 8 fp16 ones right; after: 8 of 8; the 5 that stay bf16, below, right before and after).
 */
describe('a served quantised checkpoint computes in fp16 unless a dtype is named, said', () => {
  it.each([
    ['serve llama-3-8b q4_k_m on a 4090', 'GGUF file'],
    ['running Mistral-7B-Instruct-v0.2.Q5_K_M.gguf on my 3060 12GB', 'llama.cpp preset'],
    ['vllm serve TheBloke/Llama-2-13B-chat-AWQ --quantization awq on A10G', 'vLLM runs AWQ'],
    ['Qwen2.5-32B-Instruct-GPTQ-Int4 用 vllm 部署, 两张 4090', 'vLLM runs GPTQ'],
    ['model = AutoModelForCausalLM.from_pretrained("meta-llama/Llama-2-7b-hf", load_in_4bit=True) for inference on a 3090', 'transformers loads nf4'],
    ['llama 3 70b int4 awq inference on 2x A6000', 'transformers loads awq'],
    ['qwen2-72b-instruct-awq 로 추론하는데 A100 80GB 한 장에서 OOM', 'transformers loads awq'],
    ['llama-2-13b 4bit gptq inference, seq 4096, one 4090', 'transformers loads gptq'],
  ])('%s → fp16 (%s)', (text, why) => {
    const { s, said } = scenario(text);
    expect(dtypes(s), text).toEqual({ compute: 'fp16', kv: 'fp16' });
    expect(said, text).toContain(why);
    expect(said, text).toMatch(/fp16 (?:compute )?precision/);
  });

  it.each([
    ['vllm serve Qwen/Qwen2.5-7B-Instruct-AWQ --dtype bfloat16 on an L4'],
    ['model = AutoModelForCausalLM.from_pretrained("meta-llama/Llama-2-7b-hf", load_in_4bit=True, torch_dtype=torch.bfloat16) for inference on a 3090'],
    ['sglang serve qwen2.5-7b awq on h100'],
    // "int8" is written for MLX 8-bit and W8A8 as well as bitsandbytes (c1976): left at the default.
    ['inference mistral 7b load_in_8bit=True on a 4090'],
    ['inference with mlx-community/Qwen3-0.6B-8bit on a 48GB mac'],
  ])('a dtype named, or another server, stays bf16: %s', (text) => {
    expect(dtypes(scenario(text).s).compute).toBe('bf16');
  });
});
