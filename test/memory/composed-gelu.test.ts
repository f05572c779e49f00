import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { modelById } from '../../src/catalog/index.js';
import { layerBytes, layerTensors } from '../../src/memory/activations.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { scenario } from './fixtures.js';

/**
 * transformers' gelu_new (activations.py NewGELUActivation:
 * `0.5 * input * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (input + 0.044715 * torch.pow(input, 3.0))))`)
 * is Python arithmetic: autograd keeps x (pow), tanh's output, 0.5·x and 1 + tanh (the last product),
 * four f-wide tensors where a fused GELU keeps its one input. GPT-2, GPT-J and Phi-1.5/2 run it.
 */

const fused = (s: Scenario): Scenario => ({ ...s, model: { ...s.model, arch: { ...s.model.arch, composedGelu: undefined } } });
const perToken = (s: Scenario) => layerBytes(s) / (s.seq * s.microBatch);

describe("gelu_new's saved tensors", () => {
  it('GPT-2, GPT-J and Phi-1.5/2 run gelu_new; Llama, GPT-NeoX, Falcon and OPT do not', () => {
    for (const id of ['gpt2', 'gpt2-medium', 'gpt2-xl', 'gpt-j-6b', 'phi-1.5', 'phi-2']) expect(modelById(id).arch.composedGelu, id).toBe(true);
    for (const id of ['llama-2-7b', 'gpt-neox-20b', 'falcon-7b', 'stablelm-base-alpha-3b']) expect(modelById(id).arch.composedGelu, id).toBeUndefined();
  });

  it('GPT-2 small in fp32 (run_clm.py without --fp16): 3 more f-wide fp32 tensors a token and layer than a fused GELU, 12·f = 36,864 B', () => {
    const s = scenario('gpt2', { recipe: 'fp32', compute: 'fp32', seq: 1024, microBatch: 8 });
    expect(layerTensors(s).map((t) => t.name).filter((n) => n.startsWith('gelu_new'))).toHaveLength(4);
    expect(perToken(s) - perToken(fused(s))).toBe(3 * 3072 * 4);
  });

  it('under autocast (an fp32 model, amp) pow casts x to fp32 and the tanh branch runs in fp32: x, tanh, 1 + tanh at 4 B, 0.5·x at 2 B, 12·f B more than a fused GELU', () => {
    const s = scenario('gpt2-medium', { recipe: 'amp', compute: 'bf16' });
    const gelu = layerTensors(s).filter((t) => t.name.startsWith('gelu_new'));
    expect(gelu.map((t) => t.bytes)).toEqual([4, 4, 4, 2]);
    expect(perToken(s) - perToken(fused(s))).toBe(12 * 4096);
  });

  it('a 16-bit model (DeepSpeed, pure bf16) keeps all four in 16 bits: 6·f B more', () => {
    for (const recipe of ['mixed', 'pure'] as const) {
      const s = scenario('phi-2', { recipe, compute: 'bf16' });
      expect(perToken(s) - perToken(fused(s)), recipe).toBe(6 * 10240);
    }
  });

  it('gelu_new never lowers a layer\'s activations (property over models, precisions and lengths)', () => {
    fc.assert(
      fc.property(fc.constantFrom('gpt2', 'gpt2-large', 'gpt-j-6b', 'phi-1.5'), fc.constantFrom('mixed', 'amp', 'fp32', 'pure'), fc.constantFrom(128, 1024, 2048), (id, recipe, seq) => {
        const s = scenario(id, { recipe: recipe as Scenario['recipe'], compute: recipe === 'fp32' ? 'fp32' : 'bf16', seq });
        expect(layerBytes(s)).toBeGreaterThan(layerBytes(fused(s)));
      }),
      { numRuns: 24 },
    );
  });
});

describe("gelu_new only where transformers' modeling runs", () => {
  it("litgpt's own Phi code calls one fused GELU (F.gelu approximate 'tanh'): a fused GELU's one input, as its resource tables measure", () => {
    for (const framework of ['litgpt', 'torchtune', 'torchtitan', 'megatron'] as const) {
      const s = scenario('phi-1.5', { framework });
      expect(layerTensors(s).some((t) => t.name.startsWith('gelu_new')), framework).toBe(false);
      expect(layerBytes(s), framework).toBe(layerBytes(fused(s)));
    }
  });
});
