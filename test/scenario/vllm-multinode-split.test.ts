import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';

/**
 * vLLM served over several nodes is split as vLLM's guide says: "the tensor parallel size should be the number of
 * GPUs in each node, and the pipeline parallel size the number of nodes" (docs.vllm.ai v0.5.5+
 * serving/distributed_serving.html; scenario/resolve-sharding.ts). "两台机器，每台8张4090" serving a 72B had been read
 * as one tensor split over all 16 cards. A release before pipeline-parallel serving (0.5.1) keeps one tensor split,
 * as its guide then said; a split the user states is theirs.
 */

const parallel = (text: string) => {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate') throw new Error(`${text}: ${reply.kind}`);
  return { tp: reply.scenario.parallel.tp, pp: reply.scenario.parallel.pp };
};

describe("vLLM's split across nodes", () => {
  it('property: N nodes of G cards serve at tp G, pp N', () => {
    fc.assert(
      fc.property(fc.constantFrom(2, 4), fc.constantFrom(2, 4, 8), (nodes, each) => {
        expect(parallel(`serve llama-3.1-70b vllm on ${nodes} nodes of ${each}x h100`)).toEqual({ tp: each, pp: nodes });
      }),
      { numRuns: 6 },
    );
  });

  it.each([
    ['我们有两台机器，每台8张4090，想用vllm部署Qwen2.5-72B-Instruct-AWQ，max-model-len 32k，能跑吗？', { tp: 8, pp: 2 }],
    ['serve llama-3.1-405b fp8 vllm 0.4.3 on 2 nodes of 8x h100', { tp: 16, pp: 1 }],
    ['serve llama-3.1-405b fp8 vllm tp 16 on 2 nodes of 8x h100', { tp: 16, pp: 1 }],
    ['serve llama-3.1-70b vllm on 8x h100', { tp: 8, pp: 1 }],
  ])('%j', (text, split) => {
    expect(parallel(text)).toEqual(split);
  });
});
