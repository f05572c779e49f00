import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRequest, type Item } from '../../src/language/parse.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * accelerate's `max_memory={0: "12GiB", "cpu": "26GiB"}` (OpenMOSS/MOSS#35, c452): a device index
 * and its cap, one entry per GPU. The indices are the count (never "a GPU count of 0"); the caps are
 * no card's memory and the "cpu" entry no host RAM.
 */

type Hardware = Extract<Item, { kind: 'hardware' }>;
const read = (text: string) => {
  const outcome = parseRequest(text);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return { hardware: outcome.items.filter((i): i is Hardware => i.kind === 'hardware'), notes: outcome.notes };
};

describe('max_memory device maps', () => {
  it('c452: the real line is no longer refused for a GPU count of 0', () => {
    const text = loadCorpus().find((l) => l.id === 'c452')!.text;
    const outcome = parseRequest(text);
    if (!outcome.ok) expect(outcome.error.message).not.toMatch(/GPU count/);
  });

  const quote = fc.constantFrom('"', "'");
  const spacing = fc.constantFrom('', ' ', '  ');
  it('n device indices are n GPUs, whatever the quoting, spacing, cap or extra entries', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 4, max: 70 }), quote, spacing, fc.boolean(), (n, cap, q, sp, cpu) => {
        const entries = Array.from({ length: n }, (_, i) => `${i}:${sp}${q}${cap}GiB${q}`);
        if (cpu) entries.push(`${q}cpu${q}:${sp}${q}64GiB${q}`);
        const { hardware, notes } = read(`llama-2-13b inference fp16, max_memory${sp}=${sp}{${entries.join(`,${sp}`)}}`);
        expect(hardware.map((h) => h.count)).toEqual([n]);
        // A cap is not the card's memory: no card is named by it.
        expect(hardware[0]!.capacityGiB).not.toBe(cap);
        expect(notes.join(' ')).toMatch(new RegExp(`read as ${n} GPUs?, one per device index`));
      }),
      { numRuns: 60 },
    );
  });

  it('the card said in words stays the card beside the map', () => {
    const { hardware } = read('llama-2-13b inference fp16 on 2x 3090, max_memory={0: "20GiB", 1: "20GiB", "cpu": "30GiB"}');
    expect(hardware.some((h) => h.gpuId === 'rtx-3090')).toBe(true);
    expect(hardware.every((h) => (h.count ?? 2) === 2)).toBe(true);
  });
});
