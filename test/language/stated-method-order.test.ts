import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22, item 7 (setting words in any order): a method the user states beats a framework's own
 * default, wherever the framework's word stands. The corpus's own reading of hiyouga/LlamaFactory#2518
 * (c2719), "mixtral-8x7b full llama-factory zero2 …", expanded to LLaMA-Factory's default LoRA: "full"
 * before the framework's name was set aside as a word with no cue (prose.full-needs-cue), so the
 * framework's finetuning_type default took its place.
 */

function mode(text: string): string {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return r.scenario.mode;
}

const MODELS = ['mixtral-8x7b', 'llama-2-7b', 'qwen2.5-14b', 'mistral-7b', 'mixtral-8x22b', '13b'];
const FRAMEWORKS = ['llama-factory', 'llamafactory', 'axolotl', 'torchtune', 'unsloth', 'litgpt', 'hf', 'megatron'];
const METHODS = ['full', 'lora', 'qlora'] as const;
const OTHERS = ['zero2', 'bs 4', 'ga 4', 'seq 2048', 'bf16'];

describe('a stated method beats the framework default in any order', () => {
  it.each([
    ['mixtral-8x7b full llama-factory zero2 bs 4 ga 4 on 8 gpus', 'full'],
    ['mixtral-8x7b llama-factory full zero2 bs 4 ga 4 on 8 gpus', 'full'],
    ['llama-factory mixtral-8x7b full zero2 on 8 gpus', 'full'],
    ['full llama-factory mixtral-8x7b zero2 on 8 gpus', 'full'],
    ['mixtral-8x22b full llamafactory zero3 on 16x h100', 'full'],
    ['qwen2.5-14b full axolotl zero3 on 4x a100-80g', 'full'],
    ['qwen2.5-14b full unsloth on 1x h100', 'full'],
    ['mistral-7b lora llama-factory on 1x a100-80g', 'lora'],
    ['llama-factory qwen2.5-14b qlora on 1x 4090', 'qlora'],
    ['qwen2.5-14b full litgpt on 8x a100-80g', 'full'],
  ])('%j: %s', (text, want) => {
    expect(mode(text)).toBe(want);
  });

  it('property: a framework word never overrides a stated method, in any item order', () => {
    // The items of a setup and every order of them (a permutation drawn with them, so a failure shrinks to its order).
    const setups = fc
      .tuple(fc.constantFrom(...MODELS), fc.constantFrom(...METHODS), fc.constantFrom(...FRAMEWORKS), fc.subarray(OTHERS, { maxLength: 2 }))
      .chain(([model, method, framework, others]) => {
        const items = [model, method, framework, ...others.filter((o) => !(o === 'bf16' && method === 'qlora'))];
        return fc.shuffledSubarray(items, { minLength: items.length }).map((order) => ({ method, text: `${order.join(' ')} on 8x a100-80g` }));
      });
    fc.assert(
      fc.property(setups, ({ method, text }) => {
        expect(mode(text), text).toBe(method);
      }),
      { numRuns: 150 },
    );
  });
});
