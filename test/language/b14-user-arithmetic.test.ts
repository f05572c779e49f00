import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read, readNoticed } from './reading-fixtures.js';

/**
 * Batch b14 (test/corpus/first-sight.md), c578: the user's own arithmetic beside their card
 * ("on 4A10 … so we have 24*4 G?") is reasoning, not a second card (issue 22, item 7): said as
 * their total where it agrees with the card, asked where it does not, never refused.
 */
const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const hardware = (text: string) => {
  const h = read(text).scenario.hardware!;
  return { gpu: h.gpuId, count: h.count };
};

describe("the user's arithmetic agreeing with the card is their total", () => {
  it('c578 (vllm-project/vllm): "on 4A10 … 24*4 G" is 4 A10s, not refused as contradicting', () => {
    expect(parseRequest(lineText('c578')).ok).toBe(true);
    expect(hardware(lineText('c578'))).toEqual({ gpu: 'a10', count: 4 });
    expect(read(lineText('c578')).said).toMatch(/"24\*4 G" read as your own sum of the cards' memory \(4 × 24 GB\)/);
  });

  it.each([
    ['serve llama-3-8b on 4x A10, each has 24G so 24G*4 in total', 'a10', 4],
    ['qwen2-7b lora on 2x 3090, 2x24=48GB', 'rtx-3090', 2],
    ['qwen2-7b lora on 2x 3090 so 2 x 24 = 48 GB', 'rtx-3090', 2],
    ['两张3090，24G*2=48G，跑qwen2-7b lora', 'rtx-3090', 2],
    ['llama-3-70b inference on 8 H100, 80GB x 8 = 640GB', 'h100-80g', 8],
  ])('%s', (text, gpu, count) => {
    expect(hardware(text)).toEqual({ gpu, count });
    expect(read(text).said).toMatch(/read as your own sum of the cards' memory/);
  });

  it('property: any count and notation of the sum leaves the stated card and count', () => {
    const cards = fc.constantFrom(['a10', 24], ['rtx-3090', 24], ['h100-80g', 80], ['l40s', 48]);
    const forms = fc.constantFrom(
      (n: number, m: number) => `${m}*${n} G`,
      (n: number, m: number) => `${m}G*${n}`,
      (n: number, m: number) => `${n}x${m}=${n * m}GB`,
      (n: number, m: number) => `${n} × ${m} GB`,
    );
    fc.assert(
      fc.property(cards, fc.integer({ min: 2, max: 8 }), forms, ([gpu, memory], n, form) => {
        const text = `serve llama-3-8b on ${n}x ${gpu}, so we have ${form(n, memory as number)} in all, right?`;
        expect(hardware(text)).toEqual({ gpu, count: n });
      }),
      { numRuns: 40 },
    );
  });
});

describe("the user's arithmetic disagreeing with the card is asked, never refused", () => {
  it.each(['serve llama-3-8b on 4x A10, so we have 16*4 G?', 'serve llama-3-8b on 8x A10, so we have 24*4 G?'])('%s', (text) => {
    const { s, said } = readNoticed(text);
    expect(s.hardware!.gpuId).toBe('a10');
    expect(said).toMatch(/is not \d × the A10[^|]*which did you mean/);
  });

  it('a product with no card stated anywhere is left to the hardware grammar', () => {
    expect(read('serve llama-3-8b on 4x 24G').scenario.hardware!.count).toBe(4);
  });
});

describe('a share is no count of cards (c569, tinygrad/tinygrad#704)', () => {
  it('c569: "a memory error of 80 percent with RTX3060" is one RTX 3060, not 80', () => {
    expect(hardware(lineText('c569')).count).toBe(1);
  });

  it.each([
    ['llama 7b inference, memory at 80 percent with RTX3060', 1],
    ['llama 7b inference, GPU at 95% on 2 RTX3060', 2],
    ['llama 7b inference, 80％ on one RTX3060', 1],
    ['llama 7b inference, 50 per cent in use on 4x RTX3060', 4],
  ])('%s', (text, count) => {
    expect(hardware(text).count).toBe(count);
  });
});
