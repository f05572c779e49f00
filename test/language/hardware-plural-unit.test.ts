import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * hw.memory: a plural unit is the same memory. "even with 2 A100 80GBs" (IBM/unitxt#1635, corpus
 * c792) and "10 * Nvidia A40 GPUs (46 Gbs memory each)" (huggingface/alignment-handbook#22, c536)
 * had left "80GBs." unread: the card's memory was the catalog's guess, not the user's words.
 */

describe('"GBs" is GB', () => {
  it('c792\'s words: 2 A100 80GBs is two A100 80GB', () => {
    const s = read('llama-2-7b inference, cuda OOM even with 2 A100 80GBs.').scenario;
    expect(s.hardware).toMatchObject({ gpuId: 'a100-80g', count: 2 });
  });

  it('a 40GBs A100 is the 40 GB one', () => {
    expect(read('llama-2-7b inference on 2 A100 40GBs').scenario.hardware?.gpuId).toBe('a100-40g');
  });

  it('property: "N GBs" reads as "N GB" beside a card', () => {
    fc.assert(
      fc.property(fc.constantFrom(['a100', 40], ['a100', 80], ['h100', 80], ['rtx 3090', 24], ['a6000', 48]), fc.integer({ min: 1, max: 8 }), ([card, gb], n) => {
        const plural = read(`llama-2-7b inference on ${n} ${card} ${gb}GBs`).scenario.hardware;
        const singular = read(`llama-2-7b inference on ${n} ${card} ${gb}GB`).scenario.hardware;
        expect(plural).toEqual(singular);
      }),
      { numRuns: 20 },
    );
  });
});
