import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * hw.card: a SUPER the catalog lacks, with the memory the user states. "GeForce RTX 2060 SUPER (8 GiB
 * VRAM)" (EricLBuehler/mistral.rs#819, corpus c859) was read as the RTX 2060 6GB: the word SUPER stood
 * between the card and its memory, so the phrase ended at the card and the 8 GiB was left as a mention.
 * The 2060 SUPER has 8 GB (the 2060 6 or 12): the user's memory is the card's, read as a card of that
 * memory and said, as for "Mi50 16GB" (c282). A SUPER of the base card's own memory ("RTX 2070 SUPER
 * 8GB") reads as the base card, said too. With no memory stated nothing changes (the reader's note).
 */
describe('an unknown SUPER with its memory stated', () => {
  it.each([
    ['llama-3.1-8b q4_k_m inference\n- GeForce RTX 2060 SUPER (8 GiB VRAM)\n- CUDA 12.6', 1],
    ['llama-3.1-8b q4_k_m inference on a RTX 2060 Super 8GB', 1],
    ['llama-3.1-8b q4_k_m inference on 2x rtx 2060 super 8gb', 2],
    ['llama-3.1-8b q4_k_m inference on NVIDIA GeForce RTX 2060 SUPER, 8GB', 1],
  ])('"%s" is a card of 8 GB, said', (text, count) => {
    const { scenario, said } = read(text);
    expect(scenario.hardware).toMatchObject({ gpuId: null, count });
    expect(scenario.hardware?.capacityBytes).toBe(8 * 2 ** 30);
    expect(said).toMatch(/SUPER \(8 GB as you said\)/);
  });

  it('a SUPER of its base card\'s memory is the base card, said', () => {
    const { scenario, said } = read('llama-3.1-8b q4_k_m inference on RTX 2070 SUPER 8GB');
    expect(scenario.hardware).toMatchObject({ gpuId: 'rtx-2070', count: 1 });
    expect(said).toMatch(/SUPER variant/);
  });

  it('a SUPER the catalog names is that card ("4070 SUPER 12GB")', () => {
    expect(read('llama-3-8b inference on RTX 4070 SUPER 12GB').scenario.hardware).toMatchObject({ gpuId: 'rtx-4070', count: 1 });
  });

  it('with no memory stated, the base card as before', () => {
    expect(read('llama-3-8b q4_k_m inference on rtx 2060 super').scenario.hardware).toMatchObject({ gpuId: 'rtx-2060' });
  });
});
