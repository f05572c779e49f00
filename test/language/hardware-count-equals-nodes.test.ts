import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * The same number said for the cards and, apart, for the nodes, with no cards per node said: "Using
 * NC96ads node from Azure with 4 80 GB A100 GPUs … Trying to host google/gemma-3-27b-it sharded across
 * 4 nodes" (huggingface/text-generation-inference#3130, corpus c909) was read as 4 nodes of 8 (the
 * default node), 32 GPUs, silently. As for one card beside a node count (hardware.ts, "40 nodes but I
 * get one A100"), the cards the message counts are read and the nodes' product is asked.
 */
describe('N cards and "N nodes" said apart', () => {
  it.each([
    ['Using NC96ads node from Azure with 4 80 GB A100 GPUs and 866 GB RAM.\n\nTrying to host google/gemma-3-27b-it sharded across 4 nodes.', 4, 'a100-80g'],
    ['serving llama-3-70b with vllm on 2 H100 80GB. The model is split across 2 nodes.', 2, 'h100-80g'],
  ])('"%s"', (text, count, gpuId) => {
    const { scenario, said } = read(text);
    expect(scenario.hardware).toMatchObject({ count, gpuId });
    expect(said).toMatch(/which did you mean\?/);
  });

  it('a node count with its cards per node said stays nodes × per node', () => {
    expect(read('llama-2-70b full on 2 nodes of 8x A100').scenario.hardware).toMatchObject({ count: 16, perNode: 8 });
  });
});
