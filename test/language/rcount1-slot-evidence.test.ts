import { describe, expect, it } from 'vitest';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * The hardware slot by evidence (s43, rcount1; issue 22 item 2): a value fills the slot only with a cue
 * (docs/reading.md "The hardware slot's evidence"). Each block is one cause seen on released lines, with
 * invented variations in the words people use; scored before the fix and after it (the commit says the figures).
 */

const cards = (text: string) => {
  const h = read(text).scenario.hardware;
  return [h?.gpuId ?? null, h?.count ?? null, h ? Math.round(h.capacityBytes / 2 ** 30) : null];
};

describe('a bare number counts no cards across a clause break (c3219: "the same result with all 3, surely a P100")', () => {
  it.each([
    ['gpt-neo 2.7B train. I get the same result with all 3, surely a P100 can handle the 125M model', 'p100-16g'],
    ['qwen 7b lora, I tried all 3, a P100 still fails', 'p100-16g'],
    ['mistral 7b inference: tried 2, an A100 still OOMs', 'a100-80g'],
    ['llama 13b lora, step 500, a V100 runs out of memory', 'v100-16g'],
    ['llama 70b inference, top_k 40, RTX 4090 hangs', 'rtx-4090'],
    ['I retried 5 times, A100 80G still OOM with llama 13b lora', 'a100-80g'],
    ['llama-2-7b lora 运行了 3 次，A100 都 OOM', 'a100-80g'],
    ['llama 7b lora 학습, 3번 시도, A100에서 OOM', 'a100-80g'],
    ['qwen 7b lora; checkpoint 2, H100 crashes at step 10', 'h100-80g'],
  ])('%s', (text, gpu) => {
    expect(cards(text).slice(0, 2)).toEqual([gpu, 1]);
  });

  it.each([
    ['llama 7b lora on 3 A100s', 'a100-80g', 3],
    ['llama 7b lora, 4 x A100', 'a100-80g', 4],
    ['llama 7b lora, GPU = 2 A100', 'a100-80g', 2],
  ])('a count beside its card stays: %s', (text, gpu, count) => {
    expect(cards(text).slice(0, 2)).toEqual([gpu, count]);
  });

  it.each([
    ['finetune llama 3.1 8B with fsdp, each sample around 16000 tokens.\nGPU: A100 PCIe\nNumber of GPU: 2', 'seq', 16000],
    ['gpt-j full finetune, batch size of 16. Your GPUs support bf16', 'microBatch', 16],
    ['gpt-j full finetune with batch size 16. Your GPUs support bf16', 'microBatch', 16],
  ])('a number its own noun or keyword holds stays theirs: %s', (text, field, value) => {
    expect(read(text).scenario[field as 'seq']).toBe(value);
  });

  it('c3219: one P100 on Kaggle, not three', () => {
    expect(corpusLineRead('c3219').scenario.hardware?.count).toBe(1);
  });
});

describe('an article before a memory names no card (c3276: "on a 40 GB card" read as an A40)', () => {
  it.each([
    ['llama 70b q4 on a 40 GB card', null, 40],
    ['llama 70b q4 fits on a 10 GB card?', null, 10],
    ['mistral 7b lora on a 40 gb gpu', null, 40],
    ['llama 13b inference, I have a 10 GB GPU', null, 10],
    ['qwen 14b inference on a 16 GB card', null, 16],
    ['qwen 32b awq inference on a 40 G card', null, 40],
    ['running llama 70b q4 on a 40 GB A100', 'a100-40g', 40],
    ['llama 13b lora on a 10 GB RTX 3080', 'rtx-3080', 10],
  ])('%s', (text, gpu, gib) => {
    expect([cards(text)[0], cards(text)[2]]).toEqual([gpu, gib]);
  });

  it.each([
    ['llama 13b lora on an A40', 'a40'],
    ['llama 13b lora on a A10 24GB', 'a10'],
    ['llama 13b lora on a A40 48 GB', 'a40'],
  ])('the card itself stays: %s', (text, gpu) => {
    expect(cards(text)[0]).toBe(gpu);
  });
});

describe('a card named in words with no digit is counted as any card (c3307: "Titan RTX x2 + NVLINK")', () => {
  it.each([
    ['qwen3 30b a3b awq serve vllm on Titan RTX x2', 2],
    ['v0.1.9 - Titan RTX x2 + NVLINK | Qwen3-30B-A3B-AWQ-4bit | 130 tokens/s', 2],
    ['2x Titan RTX, qwen 14b lora', 2],
    ['two Titan RTX cards, llama 13b inference', 2],
    ['Titan RTX*2 跑 qwen 14b 推理', 2],
    ['双卡Titan RTX 推理 qwen 14b', 2],
    ['4 Titan RTX GPUs, llama 7b full', 4],
    ['Titan RTX × 4, llama 7b lora', 4],
    ['Titan RTX 24GB x2, llama 13b inference', 2],
    ['NVIDIA TITAN RTX 두 장으로 llama 13b 추론', 2],
  ])('%s', (text, count) => {
    expect(cards(text).slice(0, 2)).toEqual(['titan-rtx', count]);
  });
});

describe("llama.cpp's device lines count the cards, weak (c2895: six lines of A100s read as one card)", () => {
  const log = (devices: number[], name = 'NVIDIA A100-SXM4-80GB', prefix = 'llama_load_model_from_file: ') =>
    devices.map((d) => `${prefix}using device CUDA${d} (${name}) - 80567 MiB free`).join('\n');
  it.each([
    [`deepseek-r1:671b no response\n\`\`\`\n${log([2, 3, 4, 5, 6, 7], 'NVIDIA A100-SXM4-80GB', 'Feb 07 09:45:31 ollama[2202418]: llama_load_model_from_file: ')}\n\`\`\``, 'a100-80g', 8],
    [`llama 70b q4_k_m inference hangs\n\`\`\`\n${log([0, 1])}\n\`\`\``, 'a100-80g', 2],
    [`llama 70b q4_k_m inference hangs\n${log([0, 1, 2, 3])}`, 'a100-80g', 4],
    [`qwen2.5 32b q4_k_m llama.cpp OOM\n${log([0, 1], 'NVIDIA GeForce RTX 3090', 'llama_model_load_from_file_impl: ')}`, 'rtx-3090', 2],
    [`ollama qwen3 32b 很慢\n${log([0, 1, 2], 'NVIDIA GeForce RTX 4090')}`, 'rtx-4090', 3],
    [`ollama deepseek-r1 70b 메모리 부족\n${log([0], 'NVIDIA GeForce RTX 4090')}`, 'rtx-4090', 1],
    [`llama 70b q4_k_m inference hangs\n${log([1, 0])}`, 'a100-80g', 2],
    [`llama 70b q4_k_m inference\n${log([0, 1, 2, 3, 4, 5, 6, 7], 'NVIDIA H100 80GB HBM3')}`, 'h100-80g', 8],
  ])('%s', (text, gpu, count) => {
    expect(cards(text).slice(0, 2)).toEqual([gpu, count]);
  });

  it('c863: device 0 alone counts nothing, so the thread\'s dual 3090 stay', () => {
    expect(corpusLineRead('c863').scenario.hardware?.count).toBe(2);
  });

  it('c2895: eight A100s from CUDA2 … CUDA7', () => {
    expect(corpusLineRead('c2895').scenario.hardware?.count).toBe(8);
  });

  it('the count is said with the log\'s words', () => {
    expect(read(`llama 70b q4_k_m inference hangs\n${log([0, 1])}`).said).toMatch(/using device/);
  });
});
