import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimate } from '../../src/memory/estimate.js';
import { estimateOf, part, scenario } from './fixtures.js';

/**
 * LitGPT under a "-mixed" precision (Lightning Fabric MixedPrecision autocasts, never converts the
 * module): the model is built and loaded in fp32, so frozen LoRA weights take 4 B, twice bf16-true's.
 */
const MODELS = ['llama-2-7b', 'llama-1-7b', 'mistral-7b', 'llama-2-13b'];

function litgptLora(model: string, recipe: 'pure' | 'mixed' | 'amp', framework: 'litgpt' | 'hf' = 'litgpt') {
  return scenario(model, { mode: 'lora', framework, recipe, compute: 'fp16', lora: { rank: 8, alpha: 16, targets: ['q', 'v'], dropout: 0.05 } as never });
}

describe('Fabric mixed precision keeps LitGPT\'s frozen weights in fp32', () => {
  it('16-mixed holds twice the frozen-weight bytes of 16-true, for any model', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MODELS), fc.constantFrom<'mixed' | 'amp'>('mixed', 'amp'), (model, recipe) => {
        expect(part(estimate(litgptLora(model, recipe)), 'weights')).toBe(2 * part(estimate(litgptLora(model, 'pure')), 'weights'));
      }),
    );
  });

  it('the Hugging Face Trainer\'s mixed precision is not Fabric\'s: its frozen weights stay as loaded', () => {
    expect(part(estimate(litgptLora('llama-2-7b', 'mixed', 'hf')), 'weights')).toBe(part(estimate(litgptLora('llama-2-7b', 'pure')), 'weights'));
  });
});

describe("litgpt's scripts without --precision: get_default_supported_precision(training=True)", () => {
  it('a LoRA fine-tune runs bf16-mixed, so the frozen Llama-2-7B is 4 B a parameter; bf16-true, as the resource tables ran, 2 B', () => {
    const unsaid = estimateOf('llama-2-7b lora litgpt on 1x a6000');
    expect(unsaid.scenario.recipe).toBe('amp');
    expect(unsaid.scenario.compute).toBe('bf16');
    expect(part(unsaid, 'weights')).toBe(2 * part(estimateOf('llama-2-7b lora bf16-true litgpt on 1x a6000'), 'weights'));
  });

  it('a card without bf16 runs 16-mixed: fp16 autocast over the fp32 model', () => {
    const v100 = estimateOf('llama-2-7b lora litgpt on 1x v100-32g');
    expect(v100.scenario.recipe).toBe('amp');
    expect(v100.scenario.compute).toBe('fp16');
  });

  it('QLoRA cannot run mixed (--quantize refuses it) and generate picks training=False: both stay bf16-true', () => {
    expect(estimateOf('llama-2-7b qlora litgpt on 1x a6000').scenario.recipe).toBe('pure');
    expect(estimateOf('llama-2-7b infer litgpt on 1x a6000').scenario.compute).toBe('bf16');
  });
});

/**
 * Fabric's precision plugins cast the model's outputs to the default dtype (fp32) in
 * `convert_output`, so litgpt's 128-token LM-head chunks reach `chunked_cross_entropy` as fp32
 * tensors the loop holds through backward, beside each chunk's fp32 log-softmax: 8 B a logit where
 * torchtune's chunked loss (16-bit chunks upcast inside the loss) keeps 4 B.
 */
describe("litgpt's chunked loss runs on Fabric's fp32 logits", () => {
  it('worked example, the resource table\'s Phi-1.5 LoRA at micro-batch 4 (GT050): 1044 × 4 × 51200 × 8 B', () => {
    const e = estimateOf('phi-1.5 lora r8 q,v bs 4 seq 1044 bf16-true litgpt on a100-40g');
    expect(e.scenario.loss).toBe('chunked');
    expect(part(e, 'logits')).toBe(1044 * 4 * 51200 * 8);
  });

  it('for any model, length, batch and precision, litgpt holds twice the bytes a logit of another chunked loop', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MODELS),
        fc.integer({ min: 16, max: 8192 }),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom<'pure' | 'amp'>('pure', 'amp'),
        (model, seq, microBatch, recipe) => {
          const at = (framework: 'litgpt' | 'torchtune') =>
            part(estimate(scenario(model, { mode: 'lora', framework, recipe, loss: 'chunked', seq, microBatch, lora: { rank: 8, alpha: 16, targets: ['q', 'v'], dropout: 0.05 } as never })), 'logits');
          expect(at('litgpt')).toBe(2 * at('torchtune'));
        },
      ),
    );
  });

  it('an fp32 loss asked of litgpt is not doubled: only the chunked path is Fabric-specific here', () => {
    const s = (framework: 'litgpt' | 'hf') => scenario('llama-2-7b', { mode: 'lora', framework, loss: 'full', lora: { rank: 8, alpha: 16, targets: ['q', 'v'], dropout: 0.05 } as never });
    expect(part(estimate(s('litgpt')), 'logits')).toBe(part(estimate(s('hf')), 'logits'));
  });
});
