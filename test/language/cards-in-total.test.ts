import { describe, expect, it } from 'vitest';
import { hardwareOf, readNoticed } from './reading-fixtures.js';

/**
 * A memory said before a card, with no count, larger than one card: the cards' memory in all
 * (hardware/cards-in-total.ts). "I have 256 GB VRAM of Tesla V100 32GB" (vllm-project/vllm#4733, c3916)
 * had read as two 16 GB V100s. Invented variations; near misses stay one card.
 */
describe('a total before the card counts the cards', () => {
  it.each([
    ['llama-2-70b inference. I have 256 GB VRAM of Tesla V100 32GB.', 'on 8x v100-32g'],
    ['llama-2-70b inference on 256 GB of V100 32GB', 'on 8x v100-32g'],
    ['llama-2-70b inference with 96GB VRAM of RTX 3090', 'on 4x rtx-3090'],
    ['qwen2-72b serving with 320 GB of A100 80GB', 'on 4x a100-80g'],
    ['mixtral inference with 192GB of VRAM of 4090s', 'on 8x rtx-4090'],
  ])('"%s"', (text, hardware) => {
    expect(hardwareOf(text)).toBe(hardware);
  });

  it('the reading is said, with the switch', () => {
    expect(readNoticed('llama-2-70b inference with 96GB VRAM of RTX 3090').said).toMatch(/96 GB in all, read as 4 × RTX 3090/);
  });

  it.each([
    ['7b lora with 24GB of RTX 4090', 'on 1x rtx-4090'],
    ['7b lora on an RTX 3090 with 96GB RAM', 'on 1x rtx-3090'],
    ['运行7B模型32G的T4不够嘛', 'on 1x t4'],
  ])('near miss "%s": one card', (text, hardware) => {
    expect(hardwareOf(text)).toBe(hardware);
  });
});
