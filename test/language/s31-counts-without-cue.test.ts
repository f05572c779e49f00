import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { read } from './reading-fixtures.js';

/**
 * Numbers beside a card that count no cards and size no card (s31, rhw10). Each block holds invented variations of
 * one way people write, scored on the code before the fix (the count in each block's comment). The hardware part of
 * the reading is what each pins; null where the message names no card of the user's.
 */
const hardwareOf = (text: string): string | null => / (?:on |\d+ nodes of )[^]*?(?= how many|$)/.exec(canonicalText(read(text).scenario))?.[0].trim() ?? null;

describe('a range of memory is a class of cards, not the card', () => {
  // "Tier 3 (Pro, 20-39GB VRAM)" (the s31 brief: read as 3 GPUs of 39 GB). First sight: 1 of 8 right.
  it.each([
    ['Tier 3 (Pro, 20-39GB VRAM): can I run qwen2.5-14b inference?', null],
    ['which models fit a 16-24GB GPU? thinking of llama-3-8b lora finetune', null],
    ['显存在8~12G之间的显卡能跑 qwen2.5-7b q4_k_m 吗', null],
    ['Recommended: 24–48 GB VRAM for llama-3-70b q4_k_m inference', null],
    ['GPU with 40-80GB memory, full finetune llama-3-8b, what batch?', null],
    ['| Tier | VRAM |\n| Entry | 8-12GB |\n| Pro | 20-39GB |\nqwen3-8b inference fits which tier?', null],
    ['is there a model between 12 and 16 GB that fits qwen2.5-7b lora?', null],
    ['my 4090 is in the 16-24GB class, can it serve qwen2.5-14b with vllm?', 'on 1x rtx-4090'],
  ])('"%s": %s', (text, hardware) => {
    expect(hardwareOf(text)).toBe(hardware);
  });

  it('the range is listed as not used', () => {
    expect(read('Tier 3 (Pro, 20-39GB VRAM): can I run qwen2.5-14b inference?').said).toMatch(/not read: .*20/);
  });
});

describe("a PCIe link's width is no count", () => {
  // "2× RTX 3090 PCIe x8" (the s31 brief: read as 2 nodes of 8). First sight: 5 of 8 right.
  it.each([
    ['running llama-3-8b inference on 2× RTX 3090 PCIe x8, is the link a bottleneck?', 'on 2x rtx-3090'],
    ['2x 4090 on PCIe 4.0 x16 each, qwen2.5-14b lora finetune OOM', 'on 2x rtx-4090'],
    ['my 3090 sits in a PCIe 3.0 x4 riser slot, llama.cpp qwen2.5-7b q4_k_m slow', 'on 1x rtx-3090'],
    ['two 3090s split x8/x8 on the motherboard, vllm tp 2 qwen2.5-14b', 'on 2x rtx-3090'],
    ['4 x RTX 4090 (PCIe Gen4 x16) serving qwen2.5-32b vllm', 'on 4x rtx-4090'],
    ['A100 80GB PCIe x16 running llama-3-70b q4_k_m', 'on 1x a100-80g'],
    ['3090 两张，PCIe x8 插槽，跑 qwen2.5-14b 推理', 'on 2x rtx-3090'],
    ['4090 (gen4 x16) llama-3-8b full finetune OOM', 'on 1x rtx-4090'],
  ])('"%s": %s', (text, hardware) => {
    expect(hardwareOf(text)).toBe(hardware);
  });
});

describe('a box named by its product is counted like a card', () => {
  // "two Asus Ascent GX10s", "2台 DGX Spark" (the s31 brief). First sight: 9 of 12 right (the plural and 台 failed).
  it.each([
    ['Running two Asus Ascent GX10s for qwen3-235b inference', 'on 2x 128gb'],
    ['2台 DGX Spark 串联跑 qwen3-235b 推理可以吗', 'on 2x 128gb'],
    ['two GX10 boxes linked with ConnectX, vllm tp 2 qwen3-235b', 'on 2x 128gb'],
    ['my 18GB MacBook Pro can\'t run qwen2.5-14b', 'on 1x 18gb'],
    ['Mac Mini M4 16GB running llama-3-8b q4_k_m with ollama', 'on 1x 16gb'],
    ['Strix Halo 128GB 能跑 qwen3-235b q3_k_m 吗', 'on 1x 128gb'],
  ])('"%s": %s', (text, hardware) => {
    expect(hardwareOf(text)).toMatch(new RegExp(`^${hardware}\\b`));
  });
});
