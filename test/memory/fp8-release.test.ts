import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FP8_RELEASES } from '../../src/catalog/fp8-releases.js';
import { modelById } from '../../src/catalog/index.js';
import { GiB } from '../../src/memory/format.js';
import { fp8ReleaseWeights } from '../../src/memory/fp8-release.js';
import { layoutOf } from '../../src/memory/layout.js';
import { frozenWeights, linearAndRest } from '../../src/memory/states.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { estimateOf, part, scenario } from './fixtures.js';

/**
 * A publisher's FP8 release that keeps part of the decoder in bf16 (catalog/fp8-releases.ts,
 * memory/fp8-release.ts): Meta's Llama 3.1 405B FP8 quantises the MLPs of layers 1–124 only.
 */

function served405b(tp: number, weights: Scenario['weights'] = 'fp8'): Scenario {
  const base = scenario('llama-3.1-405b', { mode: 'inference', weights, parallel: { tp, pp: 1, sp: false, cp: 1, ep: 1 } });
  return { ...base, inference: { ...base.inference, engine: 'vllm' } };
}

describe("Meta's FP8 release of Llama 3.1 405B", () => {
  it('counts, by hand from config.json, the MLPs of 124 layers at 1 B and everything else at 2 B', () => {
    // hidden 16384, ffn 53248, 126 layers, 128 heads, 8 KV heads of 128, vocab 128256, untied.
    const h = 16384, f = 53248, L = 126, vocab = 128256;
    const attention = h * 128 * 128 * 2 + 2 * h * 8 * 128;
    const mlp = 3 * h * f;
    const norms = 2 * h;
    const total = L * (attention + mlp + norms) + 2 * vocab * h + h;
    const fp8 = 124 * mlp;
    const scales = 124 * (2 * f + h) * 4;
    const expected = (fp8 + scales + (total - fp8) * 2) / 8;
    const w = fp8ReleaseWeights(served405b(8), layoutOf(served405b(8)))!;
    expect(w.bytes / expected).toBeCloseTo(1, 3);
  });

  it('holds more than the every-linear-in-fp8 rule by the bf16 attention and edge MLPs, at any tp', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 2, 4, 8, 16), (tp) => {
        const s = served405b(tp);
        const l = layoutOf(s);
        const arch = s.model.arch;
        const { linear, rest } = linearAndRest(s, l);
        const everyLinear = linear * 1 + rest * 2;
        const release = frozenWeights(s, l).bytes;
        const attention = arch.hidden * arch.heads * arch.headDim * 2 + 2 * arch.hidden * arch.kvHeads * arch.headDim;
        const sixteenBitLinears = (arch.layers * attention + 2 * 3 * arch.hidden * arch.ffn) / tp;
        const scales = (124 * (2 * arch.ffn + arch.hidden) * 4) / tp;
        expect((release - everyLinear) / (sixteenBitLinears + scales)).toBeCloseTo(1, 6);
      }),
    );
  });

  it("the vLLM log of the thread it was read from (57.75 GB a worker at tp 8) is within 5% of the count", () => {
    // vllm-project/vllm#6746: "Loading model weights took 57.7520 GB" (vLLM logs GiB). A check of
    // the release's reading, not a fit: nothing above is taken from it.
    const w = part(estimateOf('llama-3.1-405b fp8 serve vllm tp 8 on 8x h100-80g'), 'weights');
    expect(Math.abs(w / GiB / 57.752 - 1)).toBeLessThan(0.05);
  });

  it('leaves bf16 weights, other models and other formats to the general rules', () => {
    const bf16 = served405b(8, 'bf16');
    expect(fp8ReleaseWeights(bf16, layoutOf(bf16))).toBeNull();
    const base = scenario('llama-3.1-70b', { mode: 'inference', weights: 'fp8' });
    expect(fp8ReleaseWeights(base, layoutOf(base))).toBeNull();
    for (const id of Object.keys(FP8_RELEASES)) expect(modelById(id).id).toBe(id);
  });
});
