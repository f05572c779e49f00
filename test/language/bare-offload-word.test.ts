import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BARE_OFFLOAD_RULE } from '../../src/language/reconcile/offload-word.js';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * A bare offload word ("offload", "offloading") is ZeRO's optimizer offload only where nothing gives
 * it another meaning (rframe, issue 22): beside a command that offloads something else
 * (`--offload_reference_model`, `--offload_model`, activation offloading) it says that flag, and in a
 * torchtune run it is one of three offloads; neither is read as an optimizer offload, and the reply
 * says so. Real lines first, then invented variations.
 */

const offload = (text: string) => {
  const { scenario, said } = read(text);
  return { o: scenario.offload, said };
};
const NONE = { optimizer: 'none', params: 'none' };
const OPTIMIZER = { optimizer: 'cpu', params: 'none' };

describe('a bare offload word beside another offload', () => {
  it('the rule names its sources', () => {
    expect(BARE_OFFLOAD_RULE.source).toMatch(/DeepSpeedExamples#368/);
    expect(BARE_OFFLOAD_RULE.source).toMatch(/torchtune#2071/);
  });

  it('c442: "I use offload" over a DeepSpeed-Chat command whose only offload is --offload_reference_model', () => {
    const { scenario, said } = corpusLineRead('c442');
    expect(scenario.offload).toEqual(NONE);
    expect(said).toMatch(/"offload" read as the message's offload_reference_model/);
  });

  it('c423: "offloading" among torchtune\'s memory settings (meta-pytorch/torchtune#2071)', () => {
    const { scenario, said } = corpusLineRead('c423');
    expect(scenario.offload).toEqual(NONE);
    expect(said).toMatch(/in a torchtune run may be activation offloading/);
  });

  it.each([
    'opt-13b ppo zero3 on 8x a100-40g. I use offload and gradient checkpointing.\n```\ndeepspeed main.py --actor_zero_stage 3 --offload_reference_model\n```',
    'OPT-13B PPO, ZeRO-3, 8x A100 40G; I use offloading, still OOM: deepspeed main.py --offload_reference_model --actor_zero_stage 3',
    'qwen2.5-7b grpo full zero3 on 8x h100, 开了offload 还是OOM\nswift rlhf --rlhf_type grpo --offload_model true --deepspeed zero3',
    'llama-3-8b full fine-tune on 4x a100 with offloading, enable_activation_offloading: true',
  ])('%j is no optimizer offload', (text) => {
    const { o, said } = offload(text);
    expect(o).toEqual(NONE);
    expect(said).toMatch(/not an optimizer offload/);
  });

  it.each([
    'llama-3.1-70b lora torchtune on 8x 4090, memory savers on: compile, offloading',
    'Llama 3.1 70B LoRA with torchtune on 8 x RTX 4090; turned on offloading and activation checkpointing',
    'Fine-tuning llama-3.1-8b with torchtune LoRA on one 24GB card, I already turned on offloading but it still OOMs',
  ])('torchtune: %j reads no offload and says why', (text) => {
    const { o, said } = offload(text);
    expect(o).toEqual(NONE);
    expect(said).toMatch(/torchtune run may be activation offloading.*say "offloaded activations", "offload optimizer" or "offload params"/);
  });
});

describe('an offload that names what it offloads, or a ZeRO run, is read as before', () => {
  it('a short request in the item language keeps its offload word, in a torchtune run too', () => {
    expect(offload('torchtune lora llama-3.1-8b on 1x 24GB, offload on').o).toEqual(OPTIMIZER);
  });

  it.each([
    // Beside ZeRO-3 the bare word is the ZeRO-3 offload recipe, parameters too (reconcile/zero3-offload.ts).
    ['13b full zero3 offload on 4x a100', { optimizer: 'cpu', params: 'cpu' }],
    ['13b full zero3, offloading, on 4x a100 with --offload_reference_model --offload_optimizer', OPTIMIZER],
    ['llama-3.1-70b lora torchtune on 8x 4090 with offload optimizer', OPTIMIZER],
    ['qwen2.5-7b full fine-tune zero2 offload on 4x a100-80g', OPTIMIZER],
  ])('%j', (text, want) => {
    expect(offload(text).o).toEqual(want);
  });

  it('property: with no other offload key and no torchtune, a bare offload beside a ZeRO stage stays an offload (of the parameters too at stage 3)', () => {
    const word = fc.constantFrom('offload', 'offloading', 'Offload', 'OFFLOADING');
    const stage = fc.constantFrom('zero2', 'zero3', 'ZeRO-3', 'zero stage 2');
    const gpus = fc.constantFrom('4x a100', '8x h100', '2x a6000');
    fc.assert(
      fc.property(word, stage, gpus, (w, s, g) => {
        const want = /3/.test(s) ? { optimizer: 'cpu', params: 'cpu' } : OPTIMIZER;
        expect(offload(`llama-2-13b full fine-tune, ${s} + ${w}, on ${g}`).o).toEqual(want);
      }),
      { numRuns: 30 },
    );
  });

  it('property: beside --offload_reference_model a bare offload word never offloads the optimizer, in any order', () => {
    const word = fc.constantFrom('offload', 'offloading', 'Offload');
    fc.assert(
      fc.property(word, fc.boolean(), (w, flagFirst) => {
        const flag = 'deepspeed main.py --actor_zero_stage 3 --offload_reference_model';
        const prose = `opt-13b ppo on 8x a100-40g, I use ${w} and gc`;
        expect(offload(flagFirst ? `${flag}\n${prose}` : `${prose}\n${flag}`).o).toEqual(NONE);
      }),
      { numRuns: 12 },
    );
  });
});
