import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { layerBytes } from '../../src/memory/activations.js';
import { estimate } from '../../src/memory/estimate.js';
import { kbitPrepared } from '../../src/memory/kbit.js';
import { int8BackwardWeight, quantisedLinearKeepsInput } from '../../src/memory/quantised-linear.js';
import { layoutOf } from '../../src/memory/layout.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { part, scenario } from './fixtures.js';

/** LoRA r8 on q,v over a frozen base stored as `weights` (PEFT's fp32 adapters under mixed precision). */
function loraOver(weights: Scenario['weights'], seq = 2048, microBatch = 1, mode: Scenario['mode'] = 'lora'): Scenario {
  return scenario('llama-2-7b', { mode, weights, seq, microBatch, lora: { rank: 8, targets: ['q', 'v'], dropout: 0 } });
}

describe('what a frozen quantised linear keeps for backward (quantised-linear.ts)', () => {
  it('bitsandbytes (MatMul4Bit, MatMul8bitLt) and AutoAWQ keep their input; GPTQ kernels keep only the packed weight', () => {
    expect(quantisedLinearKeepsInput('nf4')).toBe(true);
    expect(quantisedLinearKeepsInput('nf4-dq')).toBe(true);
    expect(quantisedLinearKeepsInput('int8')).toBe(true);
    expect(quantisedLinearKeepsInput('awq')).toBe(true);
    expect(quantisedLinearKeepsInput('gptq')).toBe(false);
    // A 16-bit base is a plain frozen nn.Linear: nothing kept for a weight that needs no gradient.
    expect(quantisedLinearKeepsInput('fp16')).toBe(false);
    expect(quantisedLinearKeepsInput('bf16')).toBe(false);
  });

  it('worked example: Llama-2-7B LoRA q,v at seq 2048 — an LLM.int8 base keeps 2·(3h + f) B more per token and layer than a GPTQ one', () => {
    // The inputs no adapter already keeps (the adapters keep their own fp32 copies): the attention
    // norm's output (h), o_proj's input (a·d = h), the MLP norm's output (h) and down_proj's input (f), 2 B each.
    const { hidden: h, ffn: f } = loraOver('int8').model.arch;
    const tokens = 2048;
    expect(layerBytes(loraOver('int8')) - layerBytes(loraOver('gptq'))).toBe(tokens * 2 * (3 * h + f));
    expect(layerBytes(loraOver('int8')) - layerBytes(loraOver('gptq'))).toBe(2048 * 46_592);
  });

  it('a GPTQ base keeps what a 16-bit frozen base keeps, at any length and batch, under "lora" and "qlora" alike', () => {
    fc.assert(
      fc.property(fc.integer({ min: 16, max: 16_384 }), fc.integer({ min: 1, max: 8 }), fc.constantFrom<Scenario['mode']>('lora', 'qlora'), (seq, b, mode) => {
        expect(layerBytes(loraOver('gptq', seq, b, mode))).toBe(layerBytes(loraOver('fp16', seq, b, 'lora')));
      }),
    );
  });

  it('"lora int8" keeps what "qlora" over int8 keeps: the kernel decides, not the word used for the method', () => {
    fc.assert(
      fc.property(fc.integer({ min: 16, max: 16_384 }), fc.integer({ min: 1, max: 8 }), fc.constantFrom<Scenario['weights']>('int8', 'nf4', 'awq'), (seq, b, weights) => {
        const lora = layerBytes(loraOver(weights, seq, b, 'lora'));
        expect(lora).toBe(layerBytes(loraOver(weights, seq, b, 'qlora')));
        expect(lora).toBeGreaterThan(layerBytes(loraOver('gptq', seq, b, 'lora')));
      }),
    );
  });
});

describe("alpaca-lora's prepare_model_for_int8_training, PEFT ≥ 0.3 (kbit.ts)", () => {
  const alpaca = (patch: Partial<Scenario> = {}): Scenario =>
    scenario('llama-1-13b', { mode: 'lora', weights: 'int8', framework: 'alpaca-lora', recipe: 'mixed', compute: 'fp16', recompute: 'full', lora: { rank: 8, targets: ['q', 'v'], dropout: 0.05 }, ...patch });

  it('prepares an LLM.int8 base as PEFT k-bit training does; a plain HF run over the same base is not prepared', () => {
    expect(kbitPrepared(alpaca())).toBe(true);
    expect(kbitPrepared(alpaca({ framework: 'hf' }))).toBe(false);
    // GPTQ bases are never cast (prepare_model_for_kbit_training skips GPTQ-quantised models).
    expect(kbitPrepared(alpaca({ weights: 'gptq' }))).toBe(false);
  });

  it('worked example: LLaMA-1-13B at seq 2048, batch 1 — the fp32 embedding makes each checkpointed layer input 4 B per element, 40 × 4·s·h', () => {
    const s = alpaca();
    const { hidden: h, layers } = s.model.arch;
    expect(part(estimate(s), 'activations')).toBe(layers * 4 * 2048 * h);
    // Twice what the same run keeps over a 16-bit residual stream (before PEFT 0.3, or not prepared).
    expect(part(estimate(s), 'activations')).toBe(2 * part(estimate(alpaca({ framework: 'hf' })), 'activations'));
  });
});

describe("LLM.int8's backward rebuilds one weight in the input's dtype (quantised-linear.ts)", () => {
  const int8Lora = (patch: Partial<Scenario> = {}): Scenario =>
    scenario('llama-1-13b', { mode: 'lora', weights: 'int8', compute: 'fp16', lora: { rank: 8, targets: ['q', 'v'], dropout: 0 }, ...patch });
  const inPhase = (s: Scenario, label: string) => estimate(s).phases.find((p) => p.label === label)!.parts.some((p) => p.key === 'int8-dequant');

  it('worked example: LLaMA-1-13B — the largest linear, 5120 × (40 + 2·40) × 128 = 78.6 M, × 2 B over a 16-bit stream, × 4 B once alpaca-lora prepares it', () => {
    const largest = 5120 * (40 + 2 * 40) * 128;
    expect(int8BackwardWeight(int8Lora(), layoutOf(int8Lora()))!.bytes).toBe(largest * 2);
    const prepared = int8Lora({ framework: 'alpaca-lora', recompute: 'full' });
    expect(int8BackwardWeight(prepared, layoutOf(prepared))!.bytes).toBe(largest * 4);
  });

  it('is alive in backward only (int8 forward multiplies in int8), and only over an int8 base being trained', () => {
    fc.assert(
      fc.property(fc.integer({ min: 16, max: 8192 }), fc.integer({ min: 1, max: 8 }), fc.constantFrom<Scenario['recompute']>('none', 'full'), (seq, b, recompute) => {
        const s = int8Lora({ seq, microBatch: b, recompute });
        expect(inPhase(s, 'end of forward')).toBe(false);
        expect(inPhase(s, 'end of backward')).toBe(true);
      }),
    );
    expect(int8BackwardWeight(int8Lora({ weights: 'nf4', mode: 'qlora' }), layoutOf(int8Lora()))).toBeNull();
    expect(int8BackwardWeight(int8Lora({ mode: 'inference', lora: null }), layoutOf(int8Lora()))).toBeNull();
  });
});
