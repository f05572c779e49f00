import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimate } from '../../src/memory/estimate.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { read } from '../language/reading-fixtures.js';

/**
 * text-generation-webui's Transformers loader places a 16-bit model on the first GPU
 * (modules/models.py huggingface_loader: `model = model.cuda()` unless --auto-devices or
 * --gpu-memory is given; scenario/textgen-placement.ts). Worked example: Llama-2-70B (69.0 B) in
 * 16 bits is 69.0e9 × 2 B = 128.5 GiB of weights on card 0 alone, above an A100 80GB's 79.1 GiB;
 * with device_map="auto" the busiest of 4 layer stages holds 17.4 B × 2 B = 32.4 GiB.
 */

const GiB = 2 ** 30;

describe('text-generation-webui: the whole 16-bit model on the first GPU', () => {
  it('v518 (oobabooga/textgen#3442): Llama-2-70B on 4x A100 80GB is 128 GiB of weights on card 0, does not fit', () => {
    const { scenario, said } = read('infer llama-2-70b text-generation-webui on 4x a100-80g');
    expect([scenario.parallel.tp, scenario.parallel.pp]).toEqual([1, 1]);
    expect(said).toMatch(/first of the 4 GPUs: text-generation-webui/);
    const e = estimate(scenario);
    const weights = e.components.find((c) => c.key === 'weights')!;
    expect(weights.bytes / GiB).toBeCloseTo((69.0e9 * 2) / GiB, -1);
    expect(e.fits).toBe(false);
  });

  it('without the name the same run is split layer by layer (device_map="auto") and fits', () => {
    const { scenario } = read('infer llama-2-70b on 4x a100-80g');
    expect(scenario.parallel.pp).toBe(4);
    expect(estimate(scenario).fits).toBe(true);
  });

  it('v519 (oobabooga/textgen#3170): a 13B in fp16 on 2x RTX 4090 is 24 GiB of weights on one 24 GB card', () => {
    const { scenario } = read('infer 13b fp16 text-generation-webui on 2x rtx-4090');
    expect([scenario.parallel.tp, scenario.parallel.pp]).toEqual([1, 1]);
    expect(estimate(scenario).fits).toBe(false);
  });

  it('a stated split (tp, pp, device map auto) and 4-bit bitsandbytes loads (device_map branch) keep the split', () => {
    expect(read('infer llama-2-70b text-generation-webui pp 4 on 4x a100-80g').scenario.parallel.pp).toBe(4);
    expect(read('infer llama-2-70b nf4 text-generation-webui on 4x a100-80g').scenario.parallel.pp).toBe(4);
  });

  it('one GPU: the name changes nothing', () => {
    const named = read('infer llama-2-13b fp16 oobabooga on 1x a100-80g').scenario;
    const plain = read('infer llama-2-13b fp16 on 1x a100-80g').scenario;
    expect(estimate(named).deviceBytes).toBe(estimate(plain).deviceBytes);
  });

  it('the reading reads back as itself (canonical text), and card 0 holds what one card alone would, for any card count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), fc.constantFrom('llama-2-7b', 'llama-2-13b', 'mistral-7b'), (n, model) => {
        const s = read(`infer ${model} text-generation-webui on ${n}x a100-80g`).scenario;
        expect(canonicalText(read(canonicalText(s)).scenario)).toBe(canonicalText(s));
        const one = read(`infer ${model} on 1x a100-80g`).scenario;
        const weights = (x: typeof s) => estimate(x).components.find((c) => c.key === 'weights')!.bytes;
        expect(weights(s)).toBe(weights(one));
      }),
      { numRuns: 12 },
    );
  });
});
