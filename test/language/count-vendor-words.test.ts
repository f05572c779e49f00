import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * Issue 22, item 3: a count word before a card may be followed by any number of its vendor's words.
 * "GPU device: 两张NVIDIA GeForce RTX 5090 D v2" (xorbitsai/inference, c1306) was read as one card:
 * the counters' lookaheads allowed one of nvidia / rtx / tesla, not "NVIDIA GeForce RTX".
 */
describe('a counted card behind its vendor words', () => {
  it.each([
    ['qwen3-8b vllm 推理失败, GPU device: 两张NVIDIA GeForce RTX 4090', 2, 'rtx-4090'],
    ['用三块 NVIDIA Tesla V100 32G 微调 llama-2-7b lora 时显存不足', 3, 'v100-32g'],
    ['4个NVIDIA GeForce RTX 3090 跑 llama-2-13b 推理 OOM', 4, 'rtx-3090'],
    ['两张 Nvidia GeForce RTX 3090 上 lora 微调 qwen2.5-7b 显存不足', 2, 'rtx-3090'],
  ])('"%s" is %i cards', (text, count, gpuId) => {
    expect(read(text).scenario.hardware).toMatchObject({ gpuId, count });
  });

  it('the one-vendor-word spelling still counts ("两张rtx 4090")', () => {
    expect(read('qwen3-8b vllm 推理失败，两张rtx 4090').scenario.hardware).toMatchObject({ gpuId: 'rtx-4090', count: 2 });
  });
});
