import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { estimate } from '../../src/memory/estimate.js';
import { countParams } from '../../src/memory/parameters.js';
import { LLAMA2_GQA_FROM_PARAMS, LLAMA2_GQA_KV_HEADS, SCALED_TOLERANCE, scaledLlamaShape } from '../../src/scenario/shape.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * A bare size no catalog model is near gets a scaled Llama 2 layout (scenario/shape.ts), and with it
 * Llama 2's attention by size: one KV head per query head at 7B and 13B, 8 KV heads shared by the
 * query heads at 34B and 70B (Touvron et al. 2023, §2.2: "The bigger models — 34B and 70B — use
 * Grouped-Query Attention (GQA) for improved inference scalability"; meta-llama/Llama-2-70b-hf
 * config.json num_key_value_heads 8). Issue 23, verdict v496: "serve 120b exl2 3.0bpw ctx 3000 on
 * 2x rtx-4090" (miquliz-120b, a merge of Llama-2-70B-shaped models, served by Aphrodite at 3,000
 * tokens) held 84 KV heads a layer, 5.2 GiB of cache for 3,000 tokens, and was called ✗.
 */

function scenarioOf(text: string): Scenario {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}`);
  return reply.estimate.scenario;
}

describe("a scaled bare size takes Llama 2's attention for its size", () => {
  it('from about 21 B (nearer 34B than 13B in log scale) the query heads share 8 KV heads', () => {
    expect(LLAMA2_GQA_FROM_PARAMS / 1e9).toBeCloseTo(21.02, 1);
    fc.assert(
      fc.property(fc.integer({ min: 22, max: 2000 }), (billions) => {
        const arch = scaledLlamaShape(billions * 1e9);
        expect(arch.kvHeads).toBe(LLAMA2_GQA_KV_HEADS);
        // The KV heads divide the query heads evenly, as in Llama 2 70B (64 heads over 8).
        expect(arch.heads % arch.kvHeads).toBe(0);
        expect(arch.headDim).toBe(128);
        expect(Math.abs(countParams(arch).total - billions * 1e9) / (billions * 1e9)).toBeLessThanOrEqual(SCALED_TOLERANCE);
      }),
      { numRuns: 40 },
    );
  });

  it('below it, as Llama 2 7B and 13B, every query head keeps its own K and V', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), (billions) => {
        const arch = scaledLlamaShape(billions * 1e9);
        expect(arch.kvHeads).toBe(arch.heads);
      }),
      { numRuns: 20 },
    );
  });

  it('"120b" is a Llama-style shape with 8 KV heads, and says so', () => {
    const s = scenarioOf('serve 120b exl2 3.0bpw ctx 3000 on 2x rtx-4090');
    expect(s.model.id).toBeNull();
    expect(s.model.name).toBe('Llama-style 120 B shape');
    expect(s.model.arch.kvHeads).toBe(8);
    const { reply } = respond('serve 120b exl2 3.0bpw ctx 3000 on 2x rtx-4090', null);
    expect(JSON.stringify(reply)).toContain('sharing 8 KV heads, as Llama 2 from 34B');
  });

  it('v496: 3,000 tokens of a 120B model split over two cards cache under 1 GiB a card, not 5 GiB', () => {
    const e = estimate(scenarioOf('serve 120b exl2 3.0bpw ctx 3000 on 2x rtx-4090'));
    const kv = e.components.find((c) => c.key === 'kv')!;
    // 2 × (layers on the card) × 8 KV heads × 128 × 2 B a token: about 0.36 MiB a card at ~47 layers.
    const { layers, headDim } = e.scenario.model.arch;
    const perToken = 2 * Math.ceil(layers / 2) * 8 * headDim * 2;
    expect(kv.bytes).toBeLessThanOrEqual(3000 * perToken * 1.01);
    expect(kv.bytes / 2 ** 30).toBeLessThan(1);
    expect(e.fits).toBe(true);
  });

  it('grouping the KV heads never raises the KV cache of a bare size (same size, same context)', () => {
    for (const size of ['40b', '120b', '176b', '314b']) {
      const gqa = estimate(scenarioOf(`infer ${size} seq 4096 on 8x a100-80g`));
      const mha = estimate({ ...gqa.scenario, model: { ...gqa.scenario.model, arch: { ...gqa.scenario.model.arch, kvHeads: gqa.scenario.model.arch.heads } } });
      const kv = (e: typeof gqa) => e.components.find((c) => c.key === 'kv')?.bytes ?? 0;
      expect(kv(gqa)).toBeLessThan(kv(mha));
    }
  });
});
