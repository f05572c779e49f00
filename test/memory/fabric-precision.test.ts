import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimate } from '../../src/memory/estimate.js';
import { part, scenario } from './fixtures.js';

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
