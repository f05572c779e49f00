import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRequest, type Item } from '../../src/language/parse.js';

/**
 * A DeepSpeed hostfile (`worker-0 slots=1` per line, microsoft/DeepSpeed-MII, c459): the lines are
 * the nodes, the slots the GPUs on each, the host names no settings. A machine said in prose with as
 * many cards in all takes the hostfile's nodes.
 */

type Hardware = Extract<Item, { kind: 'hardware' }>;
const read = (text: string) => {
  const outcome = parseRequest(text);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return { items: outcome.items, hardware: outcome.items.filter((i): i is Hardware => i.kind === 'hardware') };
};
const hostfile = (hosts: string[], slots: number) => ['```', ...hosts.map((h) => `${h} slots=${slots}`), '```'].join('\n');

describe('hostfiles', () => {
  it('c459: two workers of one slot under "2 GPU with 16GB" are 2 nodes of one 16 GB GPU, no framework from the host names', () => {
    const text = `I have 2 GPU with 16GB, and want to run llama-2-13b-hf model.\n/job/hostfile as belows:\n${hostfile(['deepspeed-mii-inference-worker-0', 'deepspeed-mii-inference-worker-1'], 1)}`;
    const { hardware, items } = read(text);
    expect(hardware.map((h) => [h.nodes, h.count, h.capacityGiB])).toEqual([[2, 1, 16]]);
    expect(items.some((i) => i.kind === 'framework')).toBe(false);
  });

  it('n hosts of s slots are n nodes of s, whatever the host names', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 1, max: 8 }), fc.constantFrom('worker-', 'node', 'gpu-host-', '10.0.0.'), (n, s, prefix) => {
        const { hardware } = read(`13b full bf16 zero3\n${hostfile(Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`), s)}`);
        expect(hardware.map((h) => [h.nodes, h.count])).toEqual([[n, s]]);
      }),
      { numRuns: 40 },
    );
  });

  it('a machine whose cards in all differ from the hostfile does not take its nodes', () => {
    const { hardware } = read(`13b full bf16 zero3 on 4x A100 80GB\n${hostfile(['worker-1', 'worker-2'], 1)}`);
    expect(hardware.some((h) => h.gpuId === 'a100-80g' && h.nodes === 2)).toBe(false);
  });
});
