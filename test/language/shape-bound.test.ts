import { describe, expect, it } from 'vitest';
import { modelById } from '../../src/catalog/index.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Issue 22 (the model wrong by a rule): a shape value said with a bound is a condition the message quotes, not
 * a setting of the model. FlashAttention's "backward for head dim > 64 requires A100 or H100" (haotian-liu/LLaVA,
 * c498: LLaVA-7B read with head dim 64; the same error in hiyouga/LlamaFactory#371, lm-sys/FastChat#1296,
 * modelscope/ms-swift#9 "Head dim > 64 backward"), "head_dim greater than 64" (pytorch/pytorch#100326), "headdim
 * <= 192" (Dao-AILab/flash-attention#328). A value with no bound ("head dim 64", "layers 40") still sets it.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('a bound on a shape value is no setting', () => {
  it("c498: LLaVA's own head dim, not 64", () => {
    const { scenario, said } = read(line('c498').text);
    expect(scenario.model.arch.headDim).toBe(128);
    expect(scenario.model.overrides).not.toContain('headdim');
    expect(said).toMatch(/bounds a shape value/);
  });

  it.each([
    'llama-2-7b lora on 1x rtx-3090: FlashAttention backward for head dim > 64 requires A100 or H100',
    'llama-2-7b lora on 1x rtx-3090, training with head_dim greater than 64 fails on sm86',
    'llama-2-7b lora on 1x rtx-3090; flash-attn 2 supports headdim <= 192 for the backward pass',
    'llama-2-7b lora on 1x rtx-3090, Head dim>64 backward requires A100',
    'llama-2-7b lora on 1x rtx-3090, models with layers > 40 OOM',
    'llama-2-7b lora on 1x rtx-3090, head dimension above 64 is not supported',
  ])('"%s": the model keeps its own shape', (text) => {
    expect(read(text).scenario.model.arch).toEqual(modelById('llama-2-7b').arch);
  });

  it.each([
    ['llama-2-7b lora on 1x rtx-3090 head dim 64', 'headDim', 64],
    ['llama-2-7b lora on 1x rtx-3090 layers 40', 'layers', 40],
  ])('"%s": a value with no bound still sets it', (text, field, value) => {
    expect((read(text).scenario.model.arch as unknown as Record<string, number>)[field]).toBe(value);
  });
});
