import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { read } from '../language/reading-fixtures.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { estimate } from '../../src/memory/estimate.js';
import { kbitPrepared } from '../../src/memory/kbit.js';

/**
 * Issue 23, cause 1: a QLoRA request that names no framework is PEFT's recipe,
 * `prepare_model_for_kbit_training(model)` with its default use_gradient_checkpointing=True
 * (huggingface/peft src/peft/utils/other.py, v0.4.0 → v0.20.0), said with its source
 * (src/scenario/kbit-recipe.ts).
 */
describe('QLoRA with no framework named: PEFT prepare_model_for_kbit_training', () => {
  it.each(['llama-3-8b qlora on 1x 4090', 'llama-3-8b qlora seq 1024 bs 2 on 1x 4090', 'mistral-7b lora int8 on 1x a10g', 'llama-2-13b qlora on 2x 3090'])(
    'checkpointing on and the fp32 rest, said with the source: %s',
    (text) => {
      const { scenario, said } = read(text);
      expect(scenario.framework).toBe('peft');
      expect(scenario.recompute).toBe('full');
      expect(kbitPrepared(scenario)).toBe(true);
      expect(said).toMatch(/prepare_model_for_kbit_training turns gradient checkpointing on by default \(use_gradient_checkpointing=True, peft utils\/other\.py\)/);
      expect(said).toMatch(/say "no gc"/);
      expect(said).not.toMatch(/no recompute \(default\)/);
      expect(said).not.toMatch(/Hugging Face conventions \(default\)/);
    },
  );

  it('"no gc" turns checkpointing off and keeps the fp32 cast (use_gradient_checkpointing=False casts all the same)', () => {
    const { scenario, said } = read('llama-3-8b qlora no gc on 1x 4090');
    expect(scenario.recompute).toBe('none');
    expect(kbitPrepared(scenario)).toBe(true);
    expect(said).toMatch(/QLoRA as PEFT prepares it .*casts the embeddings, LM head and norms to fp32/);
    expect(said).not.toMatch(/turns gradient checkpointing on by default/);
  });

  it.each([
    // A framework named keeps its own recipe (presets.ts): the Trainer / TRL's gradient_checkpointing=False
    // (TRL's True from v0.22.0 is said beside it, scenario/trl-preset.ts) …
    ['llama-3-8b qlora trl on 1x 4090', 'hf', 'none'],
    ['llama-3-8b qlora hf trainer on 1x 4090', 'hf', 'none'],
    // … and the fine-tuning frameworks their own checkpointing.
    ['llama-3-8b qlora axolotl on 1x 4090', 'axolotl', 'full'],
    ['llama-3-8b qlora unsloth on 1x 4090', 'unsloth', 'offloaded'],
    ['llama-3-8b qlora llamafactory on 1x 4090', 'llama-factory', 'full'],
    // Sharded QLoRA is not prepared (TRL's is_sharded_qlora; FSDP needs one dtype to flatten).
    ['llama-3-8b qlora zero3 on 2x 4090', 'hf', 'none'],
    ['llama-3-8b qlora fsdp on 2x 4090', 'fsdp', 'none'],
    // Not a bitsandbytes base: PEFT does not cast a GPTQ base.
    ['llama-3-8b lora gptq on 1x 4090', 'hf', 'none'],
    // 16-bit LoRA is not k-bit training.
    ['llama-3-8b lora on 1x 4090', 'hf', 'none'],
  ])('not read as PEFT k-bit: %s', (text, framework, recompute) => {
    const { scenario, said } = read(text);
    expect([scenario.framework, scenario.recompute]).toEqual([framework, recompute]);
    expect(said).not.toMatch(/QLoRA as PEFT prepares it/);
  });

  it('a QLoRA thread that turns to 16-bit LoRA keeps its stated checkpointing and leaves the k-bit cast', () => {
    const first = read('llama-3-8b qlora on 1x 4090').scenario;
    expect(kbitPrepared({ ...first, mode: 'lora', weights: 'bf16' })).toBe(false);
  });

  it('reads back from its canonical text as the same scenario, at any length and batch, with and without "no gc"', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('llama-3-8b', 'mistral-7b', 'llama-2-13b'),
        fc.constantFrom('qlora', 'lora int8', 'qlora nf4 dq'),
        fc.integer({ min: 128, max: 8192 }),
        fc.integer({ min: 1, max: 8 }),
        fc.boolean(),
        (model, method, seq, bs, noGc) => {
          const { scenario } = read(`${model} ${method} seq ${seq} bs ${bs}${noGc ? ' no gc' : ''} on 1x a100-80g`);
          expect(read(canonicalText(scenario)).scenario).toEqual(scenario);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('the plain request is estimated as "peft kbit" said, and never above the same run with "no gc"', () => {
    fc.assert(
      fc.property(fc.integer({ min: 256, max: 8192 }), fc.integer({ min: 1, max: 4 }), (seq, bs) => {
        const plain = estimate(read(`llama-3-8b qlora seq ${seq} bs ${bs} on 1x a100-80g`).scenario);
        const named = estimate(read(`llama-3-8b qlora peft kbit seq ${seq} bs ${bs} on 1x a100-80g`).scenario);
        const noGc = estimate(read(`llama-3-8b qlora no gc seq ${seq} bs ${bs} on 1x a100-80g`).scenario);
        expect(plain.peakReservedBytes).toBe(named.peakReservedBytes);
        expect(plain.peakReservedBytes).toBeLessThanOrEqual(noGc.peakReservedBytes);
      }),
      { numRuns: 25 },
    );
  });
});
