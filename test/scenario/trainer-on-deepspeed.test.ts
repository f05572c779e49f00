import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';

/**
 * A trainer said beside DeepSpeed ("llama-factory deepspeed zero3", "axolotl + deepspeed") is one run: the trainer
 * launches DeepSpeed as its engine (its `deepspeed:` key or `--deepspeed` flag), so the trainer is the framework read
 * and DeepSpeed's 16-bit weights with fp32 masters its recipe (scenario/patch.ts trainerOnDeepSpeed). The request
 * language had refused both: '"llama-factory" and "deepspeed" contradict each other'. Two engines that do not launch
 * each other stay a contradiction.
 */

const read = (text: string) => respond(text, null).reply;

describe('a trainer said beside the DeepSpeed it launches', () => {
  it('property: either order, any trainer that launches DeepSpeed, with or without a stage', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(['llama-factory', 'llama-factory'], ['axolotl', 'axolotl'], ['dpo', 'dpo'], ['grpo', 'grpo'], ['hf', 'hf']),
        fc.constantFrom('deepspeed', 'DeepSpeed', 'ds'),
        fc.constantFrom('', ' zero2', ' zero3'),
        fc.boolean(),
        ([word, framework], ds, stage, trainerFirst) => {
          const tools = trainerFirst ? `${word} ${ds}${stage}` : `${ds}${stage} ${word}`;
          const reply = read(`qwen2-7b lora ${tools} on 4x a100-80g`);
          expect(reply.kind).toBe('estimate');
          if (reply.kind !== 'estimate') return;
          expect(reply.scenario.framework).toBe(framework);
          expect(reply.scenario.recipe).toBe('mixed');
        },
      ),
      { numRuns: 30 },
    );
  });

  it("a full fine-tune on one GPU under LLaMA-Factory with DeepSpeed named is DeepSpeed's mixed, without it the Trainer's amp", () => {
    const withDs = read('qwen2-7b full deepspeed llama-factory on 1x a800-80g');
    const without = read('qwen2-7b full llama-factory on 1x a800-80g');
    expect(withDs.kind === 'estimate' && withDs.scenario.recipe).toBe('mixed');
    expect(without.kind === 'estimate' && without.scenario.recipe).toBe('amp');
  });

  it('two engines that do not launch each other still contradict', () => {
    const reply = read('qwen2-7b lora torchtune deepspeed on 4x a100-80g');
    expect(reply.kind).toBe('error');
  });
});
