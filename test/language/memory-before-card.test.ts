import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * The card's memory written before its name, then the machine word: "two 80G A800 nodes"
 * (b15, OpenRLHF/OpenRLHF#776, c591) is two nodes of A800 80GB, as "two A800 80G nodes" was;
 * without the machine word it stays a count of cards.
 */
describe('count, memory, card, nodes', () => {
  it('c591: two 80G A800 nodes are 16 GPUs (8 per node by default)', () => {
    const { scenario } = read('llama2 70b full with two 80G A800 nodes, zero3 offload optimizer');
    expect(scenario.hardware).toMatchObject({ gpuId: 'a800-80g', count: 16 });
  });

  it('memory before or after the card reads the same, with nodes or without', () => {
    fc.assert(
      fc.property(fc.constantFrom('2', 'two', '4', 'four'), fc.constantFrom(['80G', 'A800'], ['80GB', 'A100'], ['40G', 'A100']), fc.boolean(), (n, [mem, card], nodes) => {
        const tail = nodes ? ' nodes' : '';
        const before = read(`13b full on ${n} ${mem} ${card}${tail}`).scenario.hardware;
        const after = read(`13b full on ${n} ${card} ${mem}${tail}`).scenario.hardware;
        expect(before).toEqual(after);
      }),
      { numRuns: 24 },
    );
  });
});
