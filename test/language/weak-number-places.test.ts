import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * Numbers taken from places whose kind makes them no setup (issue 22, items 2 and 5; rnet2, the
 * thirty-eighth session): a GPTQ group size in brackets ("13B GPTQ (128g)", turboderp-org/exllamav2#5,
 * c3291), a Radeon's name with a space before its suffix ("6700 XT", read as 6700 cards), a PCIe lane spec
 * ("PCI x8/x8 5.0", intel/llm-scaler#605, c3149: tp 5), a compute utilisation ("GPU utilization: about 80%",
 * liltom-eth/llama2-webui#9, c3227: read as vLLM's memory fraction), a machine's core count ("M1 Ultra Mac
 * Studio (64 core 128Gb)", geerlingguy/ai-benchmarks#48, c2278: 64 GPUs), and a count the user asks for
 * ("How many RTX 4090 do I need", vllm-project/vllm#11539, c2258). The variations below were written from the
 * phenomena alone, before the reader's failures were read, to stand in for strangers.
 */

const read = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${r.ok ? 'help' : r.error.message}`);
  return { s: r.scenario, said: r.notices.join(' | ') };
};
const gib = (s: Scenario) => Math.round((s.hardware?.capacityBytes ?? 0) / 2 ** 30);
const count = (s: Scenario) => s.hardware?.count ?? s.unnamedGpus ?? 1;

describe('a group size, a card suffix, a lane spec, a core count: no card, no count', () => {
  it.each([
    ['Here are some benchmarks on a 13B GPTQ (128g) with a 6700 XT: 35 t/s', 1, 128],
    ['running a 30B GPTQ 4bit (32g, act-order) model on my RX 6800 XT, 12 tokens/s', 1, 32],
    ['13b awq (g128) inference on a 7900 XT gets 40 t/s', 1, 128],
    ['llama-2-13b GPTQ 4-bit 128g on an RX 6700 XT 12GB, prompt speed 500 t/s', 1, 128],
    ['M2 Ultra Mac Studio (76 core 192GB) running llama-3-70b q4_k_m with llama.cpp', 1, 76],
    ['Benchmark M1 Ultra Mac Studio (64 core 128Gb): tinyllama-1.1b q4_k_m llama.cpp', 1, 64],
    ['My board runs the two 3090s at PCIe 4.0 x8/x8; serving llama-3-70b awq with vllm', 2, 8],
  ])('%s', (text, cards, notMemory) => {
    const { s } = read(text);
    expect(count(s)).toBe(cards);
    expect(gib(s)).not.toBe(notMemory);
  });

  it.each([
    ['Gigabyte board with PCI x8/x8 5.0 bifurcation and two 32GB cards, I want to run qwen2.5-32b with vllm tensor parallel', 5],
    ['qwen2.5-14b on two 4060 Ti 16GB in a PCIe 4.0 x8/x8 board, tensor parallel with vllm', 4],
    ['B650 board, PCIe 5.0 x16 slot, one RTX 5090, serving qwen2.5-32b awq with vllm', 5],
  ])('%s: no tp from the lanes', (text, notTp) => {
    const { s } = read(text);
    expect(s.parallel.tp).not.toBe(notTp);
  });
});

describe('a compute utilisation is not the memory fraction', () => {
  it.each([
    'Model used: Llama-2-13b-chat-hf on an A40\nInference memory usage: about 26G GPU utilization: about 80%',
    'nvidia-smi shows 95% GPU-Util while serving mistral-7b with vllm on a 4090',
    'GPU utilization is only 60% when I run llama-3-8b with vllm on an A100 80GB',
    'llama-2-7b inference on a 3090, GPU usage about 70% and 20 tokens/s',
  ])('%s', (text) => {
    const { s } = read(text);
    expect(s.inference.gpuMemoryUtilization).toBe(read(text.replace(/\d+\s*%/g, '')).s.inference.gpuMemoryUtilization);
  });
});

describe('a count the user asks for is the question', () => {
  it.each([
    'If I want to deploy llama-3-70b with vllm on RTX4090, how many RTX 4090 do I need at least?',
    'What is the minimum number of A100s needed to fine-tune llama-2-70b with lora?',
    'How many H100 GPUs do I need to serve deepseek-v3 with sglang?',
    '训练llama-2-13b最少需要多少张A100？',
  ])('%s', (text) => {
    const { s } = read(text);
    expect(s.question.kind).toBe('howMany');
  });

  it.each([
    'Is there a good way to train mpt-30b on some V100s with 16GB GPU RAM?',
    'This PR adds a simple test to run falcon-40b inference on multi A100 GPUs.',
    'fine-tune llama-2-13b on several V100 32GB cards',
  ])('%s: no silent count of one', (text) => {
    const { s, said } = read(text);
    const asked = s.question.kind === 'howMany';
    expect(asked || /GPU|card/i.test(said)).toBe(true);
  });
});
