import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { canonicalText } from '../../src/scenario/canonical.js';

/**
 * A card written as nvidia-smi names it, with its vendor and form factor ("NVIDIA A800-SXM4-80GB",
 * "Tesla V100-SXM2-32GB", "A100-PCIE-40GB"), reads as its short name does, counts included (issue 22;
 * bench:variations' card-product-name shape: c295 verl-project/verl#249 "2*8 A800(80G)" written
 * "2*8 NVIDIA A800-SXM4-80GB" had read 2 cards, c350 Beomi/KoAlpaca#36 "a100-40G 2대" written with the product name
 * was refused as two cards that contradict).
 */

const reading = (text: string): string => {
  const r = resolveRequest(text, null);
  return r.ok && r.scenario ? canonicalText(r.scenario) : r.ok ? 'no scenario' : `refused: ${r.error.message}`;
};

const CARDS: [product: string, short: string][] = [
  ['NVIDIA A800-SXM4-80GB', 'A800 80GB'],
  ['NVIDIA A100-SXM4-40GB', 'A100 40GB'],
  ['A100-PCIE-40GB', 'A100 40GB'],
  ['Tesla V100-SXM2-32GB', 'V100 32GB'],
  ['NVIDIA A100-SXM4-80GB', 'A100 80GB'],
];

describe('a card by its product name', () => {
  it('reads as its short name, with any count notation before or after it', () => {
    const count = fc.constantFrom(
      (card: string) => `ppo qwen2.5-72b on 2*8 ${card}`,
      (card: string) => `serve llama-2-70b on 4x ${card}`,
      (card: string) => `serve llama-2-70b on 8 x ${card}`,
      (card: string) => `polyglot-ko-5.8b 모델을 ${card} 2대로 학습하려고 하`,
      (card: string) => `fine-tune qwen2-7b on ${card} x2`,
    );
    fc.assert(
      fc.property(count, fc.constantFrom(...CARDS), (write, [product, short]) => {
        expect(reading(write(product))).toBe(reading(write(short)));
      }),
      { numRuns: 40 },
    );
  });
});
