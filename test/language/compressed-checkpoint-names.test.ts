import { describe, expect, it } from 'vitest';
import { offlineReading } from '../../src/language/prose/model-name.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22: the quantized uploads of Neural Magic / Red Hat AI (llm-compressor) name their format
 * after the model: "-FP8-KV", "-FP8-dynamic", "-FP8-static", "-quantized.w4a16", "-quantized.w8a8",
 * "-W4A16-G128". The name before the suffix is the catalog model (prose/model-name.ts FORMAT_SUFFIX);
 * "neuralmagic/Phi-3.5-mini-instruct-FP8-KV" (vllm-project/llm-compressor#1010, c2030) had been
 * refused with "Which model?".
 */
function read(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? '' : r.error.message}`);
  return r.scenario;
}

describe("llm-compressor's suffixes name the format, the rest the model", () => {
  it.each([
    ['neuralmagic/Phi-3.5-mini-instruct-FP8-KV', 'phi-3-mini', 'fp8'],
    ['RedHatAI/Mistral-7B-Instruct-v0.3-FP8-KV', 'mistral-7b-v0.3', 'fp8'],
    ['neuralmagic/Meta-Llama-3.1-8B-Instruct-FP8-static', 'llama-3.1-8b', 'fp8'],
    ['RedHatAI/Meta-Llama-3.1-8B-Instruct-quantized.w4a16', 'llama-3.1-8b', 'gptq'],
    ['RedHatAI/Qwen2.5-7B-Instruct-quantized.w8a8', 'qwen2.5-7b', 'int8'],
    ['RedHatAI/Qwen2.5-7B-Instruct-W4A16-G128', 'qwen2.5-7b', 'gptq'],
    ['nm-testing/Phi-3-mini-4k-instruct-W8A16', 'phi-3-mini', 'int8'],
  ])('%s: %s with %s weights', (repo, model, weights) => {
    expect(offlineReading(repo)).toMatchObject({ model, weights });
  });

  it('the same names in prose and in a pasted LLM() call', () => {
    expect(read('serving neuralmagic/Phi-3.5-mini-instruct-FP8-KV with vllm on one RTX A6000')).toMatchObject({ weights: 'fp8' });
    const s = read("vllm on an RTX A6000:\n```\nmodel_name = 'RedHatAI/Qwen2.5-7B-Instruct-quantized.w4a16'\nmodel = LLM(\n    model=model_name,\n    max_model_len=6144,\n)\n```");
    expect(s.model.id).toBe('qwen2.5-7b');
    expect(s.weights).toBe('gptq');
  });

  it('c2030 (vllm-project/llm-compressor#1010): Phi-3.5-mini FP8-KV in LLM() on the A6000 is read, not refused', () => {
    const s = read("A6000 slow than RTX4090\n\nI ran the following code on A6000 with 48GB VRAM.\n```\nmodel_name = 'neuralmagic/Phi-3.5-mini-instruct-FP8-KV'\nmodel = LLM(\n                model=model_name,\n                tensor_parallel_size=1,\n                max_model_len=6144,\n                enforce_eager=True,\n            )\n```");
    expect(s.model.id).toBe('phi-3-mini');
    expect(s.weights).toBe('fp8');
  });
});
