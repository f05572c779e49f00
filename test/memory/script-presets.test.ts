import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { programBatch } from '../../src/catalog/program-batch.js';
import { estimateOf, part } from './fixtures.js';

/**
 * Presets for the training scripts people ran from a project's own repository (issue 23, vb6):
 * what the script itself loads and turns on, so naming it carries what it really ran.
 */
describe("alpaca-lora's finetune.py (tloen/alpaca-lora, every version)", () => {
  const models = ['llama-1-7b', 'llama-1-13b', 'llama-1-33b'];

  it('loads the base in 8 bits whether the request says "lora" or names no method (load_in_8bit=True, no flag)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...models), (model) => {
        const named = estimateOf(`${model} lora alpaca-lora seq 256 on a100-80g`);
        const bare = estimateOf(`${model} alpaca-lora seq 256 on a100-80g`);
        expect(named.scenario.weights).toBe('int8');
        expect(part(named, 'weights')).toBe(part(bare, 'weights'));
        // One byte a linear weight: under the 16-bit base a plain LoRA request holds.
        expect(part(named, 'weights')).toBeLessThan(part(estimateOf(`${model} lora seq 256 on a100-80g`), 'weights'));
      }),
      { numRuns: models.length },
    );
  });

  it("runs transformers' eager attention (LLaMA's SDPA came with 4.36, after the repo's last release of its script)", () => {
    expect(estimateOf('llama-1-7b lora alpaca-lora on a100-80g').scenario.attention).toBe('eager');
  });

  it('names its own micro-batch, 4 (finetune.py MICRO_BATCH_SIZE / micro_batch_size)', () => {
    expect(programBatch('alpaca-lora')?.microBatch).toBe(4);
  });
});
