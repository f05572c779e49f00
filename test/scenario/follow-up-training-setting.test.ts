import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * A message with no train word and no training setting is about running the model (DESIGN §2);
 * a follow-up that then says a setting only training has ("zero3", "gc", "ga 4") means a fine-tune,
 * as the same words would in a new request. Before, "13b on 4x a100" then "zero3" answered an
 * inference run "sharded with ZeRO-3" over a layer split: no setup anyone runs.
 */
const opened = (text: string): Scenario => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return r.scenario;
};

const TRAINING_FOLLOW_UPS = ['zero3', 'zero2', 'fsdp', 'gc', 'ga 4', 'adamw 8bit', 'offload optimizer', 'chunked loss'];

describe('a training setting in a follow-up to a message read as running the model', () => {
  it('turns the thread to a fine-tune, says so with the word that switches back, and drops the default layer split', () => {
    fc.assert(
      fc.property(fc.constantFrom('13b on 4x a100', 'llama-3-8b on 2x 4090', '7b on 8x h100', 'qwen2.5-14b on a100'), fc.constantFrom(...TRAINING_FOLLOW_UPS), (first, followUp) => {
        const thread = opened(first);
        expect(thread.mode).toBe('inference');
        const r = resolveRequest(followUp, thread);
        if (!r.ok || !r.scenario) throw new Error(`follow-up not read: ${followUp}`);
        expect(r.scenario.mode).not.toBe('inference');
        expect(r.scenario.parallel.pp).toBe(1);
        expect(r.assumptions[0]).toContain(`is a training setting; say "inference"`);
      }),
      { numRuns: 40 },
    );
  });

  it('keeps a thread that says it serves serving when the follow-up names no training setting', () => {
    const thread = opened('serve llama-3-8b on 2x 4090 with vllm');
    const r = resolveRequest('max-model-len 8192', thread);
    if (!r.ok || !r.scenario) throw new Error('not read');
    expect(r.scenario.mode).toBe('inference');
  });

  it('keeps a layer split the training follow-up states', () => {
    const r = resolveRequest('zero1 pp 2', opened('13b on 4x a100'));
    if (!r.ok || !r.scenario) throw new Error('not read');
    expect(r.scenario.mode).not.toBe('inference');
    expect(r.scenario.parallel.pp).toBe(2);
  });
});
