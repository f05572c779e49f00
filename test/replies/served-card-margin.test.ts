import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { servedCardMargin, TIGHT_SHARE } from '../../src/reply/fits.js';
import type { EstimateReply } from '../../src/reply/types.js';

/**
 * The tight rule on a server's plan (issue 23 §8): a plan that leaves under 5% of the card outside
 * it is tight however large its KV pool, since what the engine did not plan for (vLLM's CUDA graphs
 * and V1 sampler warm-up after the pool) must fit there. v114 (vllm-project/vllm#33155):
 * gpt-oss-120b at --gpu-memory-utilization 0.97 on one H100 went out of memory with a pool of
 * 40 sequences; it had read "✓ Fits".
 */

function reply(text: string): EstimateReply {
  const r = respond(text, null).reply;
  if (r.kind !== 'estimate') throw new Error(`${text}: ${r.kind}`);
  return r;
}

describe('a serving plan that fills the card is tight', () => {
  it('v114: gpt-oss-120b at utilisation 0.97 on one H100 is tight, and says how much of the card its plan leaves', () => {
    const r = reply('gpt-oss-120b serve vllm tp 1 --gpu-memory-utilization 0.97 --max-num-seqs 1 --max-model-len 5120 on 1x h100');
    expect(r.verdict.status).toBe('tight');
    const outside = servedCardMargin(r.estimate)!;
    expect(outside).toBeLessThan(TIGHT_SHARE * r.estimate.capacityBytes!);
    expect(r.verdict.detail).toMatch(/Its plan leaves \d+\.\d GiB of the card outside it \(\d+%, under 5%\)/);
  });

  it('invented: the same server at the default 0.9 leaves 10% of the card and fits', () => {
    const r = reply('gpt-oss-120b serve vllm tp 1 --max-num-seqs 1 --max-model-len 5120 on 1x h200');
    expect(r.verdict.status).toBe('yes');
    expect(servedCardMargin(r.estimate)).toBeNull();
  });

  it('property: a served plan with under 5% of the card outside it is never a plain fit', () => {
    fc.assert(
      fc.property(fc.constantFrom('llama-3-8b', 'qwen2.5-7b', 'mistral-7b'), fc.constantFrom(0.9, 0.95, 0.97, 0.99), fc.constantFrom('on 1x 4090', 'on 1x h100', 'on 1x l40s'), (model, util, card) => {
        const r = reply(`serve ${model} seq 4096 vllm --gpu-memory-utilization ${util} ${card}`);
        const e = r.estimate;
        if (e.capacityBytes !== null && e.capacityBytes - e.deviceBytes < TIGHT_SHARE * e.capacityBytes) expect(r.verdict.status).not.toBe('yes');
      }),
      { numRuns: 24 },
    );
  });
});
