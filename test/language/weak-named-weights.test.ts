import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22, item 5: a weight format read from a model's name is as sure as the choice of that
 * model. Where the message names several models and the reading kept one, the format is weak,
 * said with the whole name it came from; one model named alone keeps its format strong.
 */

function weights(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const f = (r.trace ?? []).find((t) => t.fact === 'weights' && t.at !== null);
  return { format: r.scenario.weights, weak: f?.weak ?? false, notice: r.notices.find((n) => n.startsWith('weights ')) };
}

// c425 (lm-sys/FastChat#1312), the part that names the models.
const C425 =
  'I recently downloaded the FastChat AI model, which uses the Alpaca_13b model. I only have two NVIDIA GeForce RTX3070 GPUs, each with 8GB of memory.\n\n' +
  'I have also tried to download and run the Vicuna-7B-GPTQ-4bit-128g from (https://huggingface.co/TheBloke/vicuna-7B-GPTQ-4bit-128g) model, which requires less GPU memory, but I have not been successful in getting it to work.\n\n' +
  'I was wondering if there is a way to combine the memory of both GPUs to run the Alpaca_13b model.';

describe('a format in the name of a model chosen among several', () => {
  it('c425: weak, said with the whole name', () => {
    const read = weights(C425);
    expect(read.format).toBe('gptq');
    expect(read.weak).toBe(true);
    expect(read.notice).toBe('weights gptq — from "Vicuna-7B-GPTQ-4bit-128g"? say "bf16" if the model you run is not that one');
  });

  it.each([
    ['I want to serve Qwen2.5-72B on 2x A100 80GB. I also tried Qwen2.5-32B-Instruct-AWQ, which failed too. Is Qwen2.5-72B possible?', 'awq', 'Qwen2.5-32B-Instruct-AWQ'],
  ])('invented, in the same shape: %j', (text, format, name) => {
    const read = weights(text);
    expect(read.format).toBe(format);
    expect(read.weak).toBe(true);
    expect(read.notice).toContain(`from "${name}"`);
  });

  // A quantised variant of the family named before, only "also tried", is another run: its format is set aside
  // and said, and the run asked about keeps its own weights (reconcile/variant-tried.ts).
  it('a quantised variant only tried leaves the run its own weights, said', () => {
    const text = 'I run Vicuna_13b on two RTX 3070. I have also tried to run the Vicuna-7B-GPTQ-4bit-128g model, but it did not work either. Can I run the Vicuna_13b model on both GPUs?';
    const r = resolveRequest(text, null);
    if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
    expect(r.scenario.weights).not.toBe('gptq');
    expect(r.assumptions.join(' ')).toMatch(/"-GPTQ" set aside/);
  });
});

describe('a format in the name of the only model', () => {
  it.each([
    ['serve TheBloke/Mixtral-8x7B-Instruct-v0.1-AWQ on 2x L40S', 'awq'],
    ['vllm serve Qwen/Qwen2-72B-Instruct-GPTQ-Int4 --tensor-parallel-size 2 on 2x a100', 'gptq'],
    ['llama.cpp with Meta-Llama-3.1-70B-Instruct-Q4_K_M.gguf on A100 80GB', 'q4_k_m'],
  ])('%j stays strong', (text, format) => {
    const read = weights(text);
    expect(read.format).toBe(format);
    expect(read.weak).toBe(false);
  });
});
