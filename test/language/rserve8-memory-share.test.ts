import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * rserve8 (twenty-fifth session): a serving engine's share of the card's memory in the words people use
 * (prose/rules/memory-share.ts, question.util-zh, config-keys/readers.ts `fraction`). Invented variations of
 * vllm-project/vllm#4821 (c317, "increased the max GPU memory to 1"), scored before the fix: 12 of 22 right at
 * first sight ("85% of the GPU" had been read as 85 GPUs), 22 of 22 after.
 */
const util = (text: string) => read(text).scenario.inference.gpuMemoryUtilization;

describe('a share said in words, with an engine named: weak, said with its words', () => {
  it.each([
    ['running llama 3 8b in vllm with 85% of the GPU memory on an A10G, OOM', 0.85],
    ['vllm lets qwen2-7b use 60% of VRAM on my 3090 and it still OOMs', 0.6],
    ['lmdeploy internlm2-7b on a 3090, I let it take 50% of the GPU memory for the kv cache', 0.5],
    ['I enabled enforce eager and increased the max GPU memory to 1 in vllm, llama 3 8b on a 4060 Ti 16GB, still OOM', 1],
    ['sglang qwen2.5-7b on a 4090 with the static memory fraction at 0.7, OOM', 0.7],
    ['vllm qwen2.5-7b on a 4090: GPU memory fraction 0.8, max-model-len 8192, OOM', 0.8],
    ['vllm gpu 메모리 사용률 0.8로 설정했는데 llama 3 8b A10G에서 OOM', 0.8],
  ])('%s → util %s', (text, share) => {
    const { scenario, said } = read(text);
    expect(scenario.inference.gpuMemoryUtilization).toBe(share);
    expect(scenario.hardware?.count ?? 1).toBe(1);
    expect(said).toMatch(/gpu_memory_utilization|mem_fraction_static|cache_max_entry_count|util/i);
  });
});

describe('a share as a percentage where a key or a Chinese word holds it', () => {
  it.each([
    ['vllm llama 3 8b on an A10G: I set gpu_memory_utilization to 95% and it still OOMs', 0.95],
    ['sglang, qwen2.5-7b, RTX 4090: mem fraction static set to 75%, OOM on startup', 0.75],
    ['vllm qwen2-7b 4090 显存占比调到0.6还是OOM', 0.6],
    ['vllm部署qwen2.5-7b，单卡4090，显存比例设为0.85，启动就OOM', 0.85],
  ])('%s → util %s', (text, share) => {
    expect(util(text)).toBe(share);
  });
});

describe('not a share of an engine', () => {
  it('with no serving engine named, "85% of the GPU memory" sets no util', () => {
    expect(util('llama 3 8b generate on an A10G uses 85% of the GPU memory')).toBe(0.9);
  });

  it('"gpu memory 24GB" is a size, no share', () => {
    expect(util('vllm serve llama 3 8b, gpu memory 24GB, OOM')).toBe(0.9);
  });
});
