import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * Machines written as "N M-card nodes": a count of machines before each machine's own size and the machine word.
 * "We have tried using 2 8*H100 nodes, each with 80G memory" (PeterGriffinJin/Search-R1, corpus c2167) was read
 * as 8 nodes of H100 — the 2 unread, the 8 taken for the nodes — a silent misreading; "2 8xH100 nodes" read as
 * 8 cards. The variations (invented, s29) write the same in other notations; a few more nodes × cards shapes
 * that had been misread sit below them: a machine count after the cards' counter ("8卡 x 2台") and a count with
 * 卡 after a bare "GPU" ("GPU 8卡", which had been taken for device 8).
 */
describe('nodes written before their size', () => {
  it.each([
    ['We have tried using 2 8*H100 nodes, each with 80G memory, to run the training of 32B model. But we\'re getting OOM errors', 16, 8],
    ['How many nodes for 70B? tried 2 8xH100 nodes, each 80G, still OOM with verl ppo', 16, 8],
    ['full finetune qwen2.5-32b on 2 8-GPU H100 nodes', 16, 8],
    ['we have three 8xA100 80GB servers, can we pretrain llama 13b with fsdp', 24, 8],
    ['llama-2-70b full on 4 8x A100 80GB machines', 32, 8],
  ])('"%s": %i GPUs, %i per node', (text, count, perNode) => {
    expect(read(text).scenario.hardware).toMatchObject({ count, perNode });
  });

  it.each([
    ['A100 80G 8卡 x 2台 训练llama3 70b lora', 16, 8],
    ['H800 8卡 * 2台 全参微调 qwen2.5-72b OOM', 16, 8],
  ])('"%s": the machines after the cards\' counter, %i GPUs', (text, count, perNode) => {
    expect(read(text).scenario.hardware).toMatchObject({ count, perNode });
  });

  it('"GPU 8卡 140G显存" counts eight cards, no device index', () => {
    expect(read('qwen2.5-72b 推理 GPU 8卡 140G显存 vllm').scenario.hardware).toMatchObject({ count: 8 });
  });

  it.each([
    ['llama-2-7b lora on 2 A100 80GB', 2],
    ['llama-2-7b lora on 8 H100 80GB GPUs', 8],
  ])('"%s" stays %i cards on one machine', (text, count) => {
    const h = read(text).scenario.hardware;
    expect(h).toMatchObject({ count });
    expect(h?.perNode ?? count).toBe(count);
  });
});
