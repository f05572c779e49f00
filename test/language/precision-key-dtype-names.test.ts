import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusLineRead } from './reading-fixtures.js';

/**
 * A `precision:` key whose value is the dtype's torch name ("Precision: bfloat16" in an issue
 * template's list, c473) is bf16: before, only "bf16" was matched and the bare "16" read fp16.
 */
describe('precision: bfloat16', () => {
  it('reads bf16 whatever the spelling and case, and float16 stays fp16', () => {
    fc.assert(
      fc.property(fc.constantFrom('bfloat16', 'BFloat16', 'torch.bfloat16', 'bf16', 'BF16'), fc.constantFrom('Precision', 'precision'), (v, key) => {
        const r = resolveRequest(`Fine-tuning llama-3-8b on 2x A100 40GB.\nFramework: DeepSpeed\n${key}: ${v}\nZeRO stage: 2`, null);
        if (!r.ok || !r.scenario) throw new Error('not read');
        expect(r.scenario.compute).toBe('bf16');
      }),
      { numRuns: 20 },
    );
    const r = resolveRequest('Fine-tuning llama-3-8b on 2x A100 40GB.\nFramework: DeepSpeed\nPrecision: float16\nZeRO stage: 2', null);
    expect(r.ok && r.scenario?.compute).toBe('fp16');
  });

  it('c473: LLaDA-8B under DeepSpeed + Accelerate, "Precision: bfloat16"', () => {
    const { scenario } = corpusLineRead('c473');
    expect([scenario.compute, scenario.recipe]).toEqual(['bf16', 'mixed']);
  });
});
