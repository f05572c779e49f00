import { describe, expect, it } from 'vitest';
import { estimateOf, part } from './fixtures.js';
import { countParams } from '../../src/memory/parameters.js';
import { modelById } from '../../src/catalog/index.js';

/**
 * DBRX keeps its routed experts as nn.Parameter tensors (DbrxExpertGLU w1 / v1 / w2, transformers
 * models/dbrx/modeling_dbrx.py), which bitsandbytes' replace_with_bnb_linear does not swap and PEFT's
 * LoRA cannot wrap (memory/fused-experts.ts). Worked example, LlamaFactory#3521 (corpus v833): DBRX QLoRA
 * under FSDP on eight A100 80GB, where the user found QLoRA needing more memory than Mixtral-8x22B's.
 */
describe('experts held as nn.Parameter (DBRX)', () => {
  const dbrx = countParams(modelById('dbrx-132b-a36b').arch);
  const QLORA = 'dbrx-132b-a36b qlora all-linear fsdp fp16 bs 1 ga 1 seq 16000 llamafactory on 8x a100-80g';

  it('a 4-bit load keeps the ~127 B expert weights in 16 bits: weights ≥ experts × 2 B ÷ 8', () => {
    const e = estimateOf(QLORA);
    expect(dbrx.routedExperts).toBeGreaterThan(120e9);
    expect(part(e, 'weights')).toBeGreaterThanOrEqual((dbrx.routedExperts * 2) / 8);
    // Only attention and the router are packed: well under a 16-bit copy of the non-expert linears.
    expect(part(e, 'weights')).toBeLessThan((dbrx.total * 2) / 8);
  });

  it('LoRA on all linear layers adapts the attention projections only (no expert nn.Linear to wrap)', () => {
    const e = estimateOf(QLORA);
    const { hidden: h, heads: a, kvHeads: g, headDim: d, layers } = modelById('dbrx-132b-a36b').arch;
    const attention = 8 * (h + a * d + 2 * (h + g * d) + (a * d + h)) * layers;
    expect(part(e, 'adapters')).toBe(attention * 4);
  });

  it('changes nothing for a model whose experts are nn.Linear (Mixtral)', () => {
    const text = 'mixtral-8x7b qlora all-linear bs 1 seq 2048 on 1x a100-80g';
    const mixtral = countParams(modelById('mixtral-8x7b').arch);
    expect(part(estimateOf(text), 'weights')).toBeLessThan((mixtral.routedExperts * 2) / 2);
  });
});
