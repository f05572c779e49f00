import { describe, expect, it } from 'vitest';
import { modelById } from '../../src/catalog/index.js';
import { kvBytesPerToken } from '../../src/memory/inference.js';
import { layoutOf } from '../../src/memory/layout.js';
import { fullAttentionLayerCount, recurrentStateBytesPerLayer } from '../../src/memory/linear-attention.js';
import { countParams } from '../../src/memory/parameters.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { scenario } from './fixtures.js';

function vllmServing(patch: Partial<Scenario['inference']> = {}, tp = 1): Scenario {
  const base = scenario('kimi-linear-48b-a3b', { mode: 'inference', seq: 4096 });
  return { ...base, parallel: { ...base.parallel, tp }, inference: { ...base.inference, engine: 'vllm', ...patch } };
}

/**
 * Kimi-Linear-48B-A3B (catalog/models/kimi.ts): 7 MLA layers of 27 cache a token (config.json
 * full_attn_layers), the 20 Kimi Delta Attention layers keep a fixed state per sequence. Before it was
 * in the catalog the name was read as a Llama-style 48B of 69 GQA layers (138 KiB a token at tp 2):
 * verdict v1068 (two RTX 3090, tp 2, 74,000 tokens, ran) was told it could not hold one sequence.
 */
describe('Kimi Linear: MLA full-attention layers and KDA state', () => {
  it('counts the 7 listed full-attention layers, not every 4th of 27 (6)', () => {
    const arch = modelById('kimi-linear-48b-a3b')!.arch;
    expect(fullAttentionLayerCount(arch)).toBe(7);
  });

  it('vLLM caches 7 × (512 latent + 64 rope) × 2 B = 8,064 B a token, on every rank', () => {
    for (const tp of [1, 2, 4]) {
      const s = vllmServing({}, tp);
      expect(kvBytesPerToken(s, layoutOf(s))).toBe(7 * 576 * 2);
    }
  });

  it("a KDA layer's state at tp 2: q, k, v convs 3 × 2,048 × 3 × 2 B + fp32 recurrent 16 heads × 128 × 128 × 4 B (vLLM kda_state_dtype)", () => {
    const s = vllmServing({}, 2);
    expect(recurrentStateBytesPerLayer(s, layoutOf(s))).toBe(3 * 2048 * 3 * 2 + 16 * 128 * 128 * 4);
  });

  it('more GPUs never raise the per-GPU state of a KDA layer', () => {
    const sizes = [1, 2, 4, 8].map((tp) => {
      const s = vllmServing({}, tp);
      return recurrentStateBytesPerLayer(s, layoutOf(s));
    });
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]!).toBeLessThanOrEqual(sizes[i - 1]!);
  });

  it('counts about 49 B parameters (a public count from config.json and the safetensors index: 49.2 B)', () => {
    const total = countParams(modelById('kimi-linear-48b-a3b')!.arch).total;
    expect(total / 1e9).toBeGreaterThan(48.5);
    expect(total / 1e9).toBeLessThan(50);
  });
});
