import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { followUpScenario, resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * `followUpScenario` (what a lever, a comparison side or a chart series resolves to) skips the
 * trace, the notices and the words no fact used, which only a reply reads: its scenario must be
 * the one the whole follow-up resolves to, and it must refuse what the follow-up refuses.
 */
function scenarioOf(text: string): Scenario {
  const outcome = resolveRequest(text, null);
  if (!outcome.ok || !outcome.scenario) throw new Error(`no scenario for ${text}`);
  return outcome.scenario;
}

function wholeFollowUp(change: string, s: Scenario): Scenario | null {
  const outcome = resolveRequest(change, s);
  return outcome.ok && outcome.scenario ? outcome.scenario : null;
}

const REQUESTS = [
  'llama-2-7b full bf16 on a 4090',
  '13b lora seq 4096 mbs 4 on 2x a100-80g',
  'serve llama-3.1-8b vllm on 1x l4',
  'can i run llama3 70b q4 w/ 64gb ram and a 3090',
  'llama-3-8b qlora on a 3060',
  'mixtral-8x7b full zero2 on 8x h100',
];

/** The levers' changes (src/plan/levers.ts), the GGUF lever, and follow-ups that are refused or set nothing. */
const CHANGES = [
  'lora', 'qlora', 'gc', 'flash', 'mbs 1 ga 8', 'chunked ce', 'adam8bit', 'zero1', 'zero3', 'offload optimizer',
  'seq 1024', 'pure bf16', 'int4', 'kv fp8', 'q4_k_m llamacpp', 'ngl 20', 'on 2x h100', 'help', 'undo', 'reset',
  'zer3', 'mbs 0', 'offload params zero2', 'llama-2-13b', 'serve', 'how to fix oom', '',
];

describe('followUpScenario', () => {
  it('resolves a follow-up to the scenario the whole follow-up gives, and refuses what it refuses', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REQUESTS), fc.constantFrom(...CHANGES), (request, change) => {
        const s = scenarioOf(request);
        expect(followUpScenario(change, s)).toEqual(wholeFollowUp(change, s));
      }),
      { numRuns: 200 },
    );
  });

  it('worked example: "lora" on a full fine-tune of a 7B is a LoRA run, "zer3" is refused', () => {
    const s = scenarioOf('llama-2-7b full bf16 on a 4090');
    expect(followUpScenario('lora', s)?.mode).toBe('lora');
    expect(followUpScenario('zer3', s)).toBeNull();
  });
});
