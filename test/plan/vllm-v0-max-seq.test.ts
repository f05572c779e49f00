import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimate } from '../../src/memory/estimate.js';
import { maxSeq } from '../../src/plan/solvers.js';
import { respond } from '../../src/core/assistant.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * vLLM V0 chunks prefill above a max-model-len of 32K (0.6 on), so its profile run shrinks there
 * and a longer context can start where a shorter one cannot: "max seq" searches past that break.
 */
function scenarioOf(text: string): Scenario {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}`);
  return reply.scenario;
}

/** Cards of different sizes, as the language reads them. */
const CATALOG_GPUS = ['3090', '4090', 'l40', 'a100-40g', 'a100-80g', 'h100', 'a10g', 'l4'];

const fitsAt = (s: Scenario, seq: number) => estimate({ ...s, seq }, { numbersOnly: true }).fits === true;

describe('max seq on vLLM V0 searches past the chunked-prefill break', () => {
  it('the answer fits and 128 tokens more do not, on any card and release', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CATALOG_GPUS), fc.constantFrom('v0', '0.5.4', '0.6.4', '0.7.3'), (gpu, release) => {
        const s = scenarioOf(`serve llama-3.1-8b vllm ${release} on 1x ${gpu}`);
        const seq = maxSeq(s).answer.value;
        if (typeof seq !== 'number') return;
        expect(fitsAt(s, seq)).toBe(true);
        // At the model's own context the server stops, room or not (served-context.test.ts).
        if (seq < 131_072) expect(fitsAt(s, seq + 128)).toBe(false);
      }),
      { numRuns: 12 },
    );
  });

  it('worked example (vllm#10517, Llama-3.1-8B on a 3090): 0.6.4 serves past 32K though 29,000 does not start; 0.5.4, without the break, stays below', () => {
    const v06 = scenarioOf('serve llama-3.1-8b vllm 0.6.4 on 1x 3090');
    expect(maxSeq(v06).answer.value).toBeGreaterThan(32_768);
    expect(fitsAt(v06, 29_000)).toBe(false);
    expect(maxSeq(scenarioOf('serve llama-3.1-8b vllm 0.5.4 on 1x 3090')).answer.value).toBeLessThan(32_768);
  });
});
