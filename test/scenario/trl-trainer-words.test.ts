import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';

/**
 * "GRPO with TRL": TRL's trainers subclass transformers' Trainer, so the library's word ("trl",
 * "transformers", "accelerate", read as hf) and its trainer's (dpo, orpo, grpo, ppo) name one run.
 * The reply had said it read "GRPO" and left "TRL" out as another setup (scenario/patch.ts).
 */
const TRAINERS = ['dpo', 'orpo', 'grpo', 'ppo'];
const LIBRARIES = ['TRL', 'trl', 'transformers', 'accelerate', 'HF trainer'];

describe('a TRL trainer beside the library that runs it', () => {
  it('is that trainer, in either order, with nothing set aside (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TRAINERS), fc.constantFrom(...LIBRARIES), fc.boolean(), (trainer, library, libraryFirst) => {
        const words = libraryFirst ? `${library} ${trainer.toUpperCase()}` : `${trainer.toUpperCase()} with ${library}`;
        const { reply } = respond(`${words} on qwen2.5-3b lora on a single A100 40GB`, null);
        if (reply.kind !== 'estimate') throw new Error(`${words}: ${reply.kind}`);
        expect(reply.scenario.framework, words).toBe(trainer);
        expect(reply.assumptions.join(' | '), words).not.toMatch(/sets it differently/);
      }),
      { numRuns: 40 },
    );
  });

  // (LLaMA-Factory or Unsloth beside DPO runs the DPO trainer: the algorithm fills the slot, reconcile/rl-algorithm.ts.)
  it('two frameworks that are not one run still set one aside, said', () => {
    const { reply } = respond('axolotl dpo with torchtune on qwen2.5-3b lora on a 4090', null);
    expect(reply.kind === 'estimate' && reply.assumptions.join(' | ')).toMatch(/sets it differently, so it is left out/);
  });
});
