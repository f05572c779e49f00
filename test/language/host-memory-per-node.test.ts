import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * Memory a node or machine has is the host's (b15, OpenRLHF/OpenRLHF#776, c591: "1600GB memory
 * each node" beside two A800 nodes): the card stays the A800, the 1,600 GB is host RAM.
 */
describe('memory per node is host memory', () => {
  it.each([
    ['llama2 70b full with two A800 80G nodes, zero3 offload optimizer. 1600GB memory each node.', 1600],
    ['13b full zero3 offload optimizer on 8x a100-80g, 512 GB of RAM per machine', 512],
    ['7b lora on 1x 4090 with 64gb memory on the host', 64],
  ])('%s', (text, gib) => {
    const { scenario } = read(text);
    expect(scenario.hostMemoryBytes).toBe(gib * 2 ** 30);
    expect(scenario.hardware?.capacityBytes ?? 0).toBeLessThan(200 * 2 ** 30);
  });

  it('GPU memory per card is not host memory', () => {
    const { scenario } = read('13b full on 8x a100, 80GB GPU memory each');
    expect(scenario.hostMemoryBytes ?? null).toBeNull();
  });
});
