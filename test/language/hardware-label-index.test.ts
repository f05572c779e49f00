import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * rsilent: a list item's label ("Tier 3", "Option 2:", 方案2) is no count of cards. Before the guard
 * (src/language/hardware/label-index.ts) each of the labelled lines below was read, without a word,
 * as that many cards (and a layer split or DDP over them): first sight 3 of 13 right (the three
 * controls), 20 of 23 with the guard over the wider set (a CPU's "Ryzen 7 5800 XT" is hardware's).
 */
describe("a label's number is no count of cards", () => {
  it.each([
    // Osmantic/ODS#53 (c2209): the PR's tier table, read as 3× 39 GB
    ['Tier 3 (Pro, 20-39GB VRAM): qwen3-14b Q4_K_M gguf default'],
    // invented variations: other labels, separators, a table, Chinese and Korean
    ['Option 2: A100 80GB, llama-2-13b lora'],
    ['Level 2 (24GB cards): mistral-7b inference'],
    ['Plan B: Tier 2 24GB GPU, run gemma-2-9b inference'],
    ['Scenario 3 - RTX 4090, llama-3-8b qlora, seq 2048'],
    ['Experiment 2 (H100 80GB): full finetune qwen2.5-1.5b, bs 8'],
    ['Phase 2 80GB A100: training llama 7b full'],
    ['| Tier | GPU | Model |\n| Tier 3 | RTX 4090 | qwen2.5-14b |'],
    ['方案2：A100 80G，qwen2.5-7b 全参微调'],
    ['배포 옵션 2: RTX 4090 24GB, qwen2.5-14b 추론'],
  ])('"%s": one card', (text) => {
    // A tier's memory range is no card (rhw10's not-hw.memory-range): no hardware at all is one card too, never 3.
    expect(read(text).scenario.hardware?.count ?? 1).toBe(1);
  });

  it.each([
    ['Option 2: 2x A100 80GB, llama-2-13b lora', 2],
    ['Tier 3 cluster, 8 GPUs (A100 80GB), llama-2-70b lora', 8],
    ['Setup: 4x A100 80GB, option 2 is zero3, llama-2-13b full finetune', 4],
    ['qwen2.5-7b lora setup 2 gpus 4090', 2],
  ])('"%s": the count the words state, %i', (text, count) => {
    expect(read(text).scenario.hardware?.count).toBe(count);
  });
});
