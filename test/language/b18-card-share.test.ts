import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Batch b18 (test/corpus/first-sight.md), c703 (vllm-project/vllm#4242): two vLLM replicas under
 * Ray on one A10. "a replica with 40% of GPU" was 40 GPUs, and "0.8/1 from GPU" a GPU count out of
 * range once the 40 was gone (not-hw.percent and not-hw.gpu-share: a share of one card counts no card); "A10 GPU (22G
 * RAM)" was 22 GB of host memory (prose.host-ram: a memory in parentheses right after a card is
 * the card's).
 */
const lineText = (id: string) => loadCorpus().find((l) => l.id === id)!.text;
const gpus = (text: string) => {
  const s = read(text).scenario;
  return s.hardware ? s.hardware.count : (s.unnamedGpus ?? 1);
};
const hostGiB = (text: string) => {
  const s = read(text).scenario;
  return s.hostMemoryBytes ? s.hostMemoryBytes / 2 ** 30 : null;
};

describe('a share of a card counts no card', () => {
  it('c703: "40% of GPU" and "0.8/1 from GPU" leave the one A10, and "(22G RAM)" is no host memory', () => {
    const s = read(lineText('c703')).scenario;
    expect(s.hardware?.count).toBe(1);
    expect(s.hardware?.gpuId).toMatch(/^a10\b/);
    expect(s.hostMemoryBytes ?? null).toBeNull();
  });

  it.each([
    'serve tinyllama with vllm, each replica gets 40% of GPU',
    'serve tinyllama with vllm, each replica gets 40 % of the GPU',
    'serve tinyllama with vllm, each replica gets 40 percent of a GPU',
    'serve tinyllama with vllm; the cluster now uses 0.8/1 from GPU',
    'serve tinyllama with vllm, one replica takes 0.4 of a GPU',
    '用vllm部署tinyllama，每个副本占40%的显卡',
  ])('%s: one GPU', (text) => {
    expect(gpus(text)).toBe(1);
  });

  it('any share, spaced or not, with any article, leaves the stated count', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99 }),
        fc.constantFrom('%', ' %', ' percent'),
        fc.constantFrom('of', 'from'),
        fc.constantFrom('', 'the ', 'a ', 'each '),
        fc.constantFrom('GPU', 'gpus', 'card'),
        fc.integer({ min: 1, max: 8 }),
        (share, sign, of, article, noun, count) => {
          expect(gpus(`serve llama-2-7b with vllm on ${count}x A100 80GB, it takes ${share}${sign} ${of} ${article}${noun}`)).toBe(count);
        },
      ),
      { numRuns: 60 },
    );
  });

  it.each([
    'serve llama-2-7b with vllm on 2x A100, each replica takes 0.5/1 of the card',
    'serve llama-2-7b with vllm on 2x A100, each replica gets 40% of my card',
    'serve llama-2-7b with vllm on 2x A100, a replica takes 0.4 of each device',
    'serve llama-2-7b with vllm on 2x A100, every time a memory error of 80 percent with RTX3060',
    '用vllm部署llama-2-7b，2张A100，每个副本占0.4的显卡',
    '用vllm部署llama-2-7b，2张A100，每个副本占40%的卡',
  ])('%s: the two cards stated', (text) => {
    expect(gpus(text)).toBe(2);
  });

  it('a count of cards is still a count', () => {
    expect(gpus('serve llama-2-7b with vllm on 4 GPUs')).toBe(4);
    expect(gpus('serve llama-2-7b with vllm, 40 of the GPUs are free')).not.toBe(1);
  });
});

describe("a memory in parentheses after a card is the card's", () => {
  it.each(['serve llama-2-7b with vllm on an A10 GPU (22G RAM)', 'serve llama-2-7b with vllm on a 3090 (24GB RAM)', 'I serve llama-2-7b with vllm on 2 GPUs (24 GB RAM) and it runs out of memory'])('%s: no host memory', (text) => {
    expect(hostGiB(text)).toBeNull();
  });

  it('host memory in parentheses after the machine, or a terabyte after a card, stays host memory', () => {
    expect(hostGiB('serve llama-2-7b with vllm on an A10, server (128GB RAM)')).toBe(128);
    expect(hostGiB('serve deepseek-r1 q4_k_m with llama.cpp on an A100 (1TB RAM)')).toBe(1024);
  });
});

describe("a flag's fraction at a line's end is no share of the card named on the next line", () => {
  it.each([
    ['Command:\nvllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len 32768 --gpu-memory-utilization 0.8\nGPU is a single L4.', 0.8],
    ['vllm serve Qwen/Qwen2.5-7B-Instruct --gpu-memory-utilization 0.75\nGPU: one RTX 4090', 0.75],
  ])('%s', (text, util) => {
    const s = read(text).scenario;
    expect(s.inference.gpuMemoryUtilization).toBe(util);
    expect(s.hardware?.count).toBe(1);
  });
});
