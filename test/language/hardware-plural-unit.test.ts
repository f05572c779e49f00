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

  it.each([
    ['llama-2-70b serve: my current node is 8 A100-40Gs. so it\'s causing OOM', 'a100-40g', 8],
    ['llama-2-70b serve on 8 A100-80Gs', 'a100-80g', 8],
    ['llama-2-70b serve on 4 A100 40Gs', 'a100-40g', 4],
    ['llama-2-70b serve on two V100-32Gs', 'v100-32g', 2],
    ['llama-2-70b serve on 2x 16Gs V100', 'v100-16g', 2],
  ])('"%s": "Gs" is G (vllm-project/vllm#882, c434)', (text, gpuId, count) => {
    expect(read(text).scenario.hardware).toMatchObject({ gpuId, count });
  });
});
