import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moeNumber } from '../../src/language/numbers.js';
import { read } from './reading-fixtures.js';

/**
 * A mixture's size written experts × size with a star: "Mistral 8*7B Out of memory … The machine is
 * 8*A100 80G" (deepspeedai/DeepSpeed-MII#374), OpenRLHF's README "Support Mixtral 8*7b", Chinese
 * posts' "Mixtral 8*7B 推理". It had lexed as a count "8*" and a size "7b" and been refused.
 */
describe('"8*7b" is experts × size, as "8x7b" is', () => {
  it('DeepSpeed-MII#374: Mixtral-8x7B on 8 A100 80GB', () => {
    const { scenario } = read('Mistral 8*7B Out of memory. The machine is 8*A100 80G');
    expect(scenario.model.arch.experts).toBe(8);
    expect(scenario.hardware?.count).toBe(8);
  });

  it.each([
    ['mixtral 8*7b on 2x a100', 'mixtral-8x7b'],
    ['Mixtral 8*7B 推理 4张3090', 'mixtral-8x7b'],
    ['Mixtral 8 * 7B lora on 8x h100', 'mixtral-8x7b'],
  ])('%s: %s', (text, id) => {
    expect(read(text).scenario.model.id).toBe(id);
  });

  it('a card count with a star stays a count: "8*A100 80G" is eight cards', () => {
    expect(read('llama-2-70b inference on 8*A100 80G').scenario.hardware?.count).toBe(8);
  });

  it('any experts and size, with x, × or *, spaced or not, read the same (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 256 }), fc.constantFrom('7', '22', '1.5', '0.5'), fc.constantFrom('x', '×', '*'), fc.constantFrom('', ' '), (experts, each, mark, gap) => {
        expect(moeNumber(`${experts}${gap}${mark}${gap}${each}b`)).toEqual({ experts, each: Math.round(Number(each) * 1e9) });
      }),
    );
  });
});
