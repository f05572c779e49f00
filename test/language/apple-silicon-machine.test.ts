import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRequest, type Item } from '../../src/language/parse.js';

/**
 * "Mac Studio M2 Ultral 192G" (c448's thread title): the Mac and its chip are one name, set aside
 * and said; a letter typed past the variant does not leave "M2" as an unknown word; the memory
 * stated is the one device's.
 */

type Hardware = Extract<Item, { kind: 'hardware' }>;
const hardwareOf = (text: string) => {
  const outcome = parseRequest(text);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return { hardware: outcome.items.filter((i): i is Hardware => i.kind === 'hardware'), notes: outcome.notes };
};

describe('an Apple machine with its chip', () => {
  it('c448: "Mac Studio M2 Ultral 192G" is one 192 GB device, said as Apple unified memory', () => {
    const { hardware, notes } = hardwareOf('Mac Studio M2 Ultral 192G， llama2 70b 训练');
    expect(hardware.map((h) => [h.gpuId, h.capacityGiB])).toEqual([[null, 192]]);
    expect(notes.join(' ')).toMatch(/Apple unified memory/);
  });

  it('any machine, chip, variant (or a typo past it) and memory: never an unknown word, the memory kept', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Mac Studio', 'Mac mini', 'MacBook Pro', 'Mac Pro', 'mac'),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom('', ' Pro', ' Max', ' Ultra', ' Ultral', 'max'),
        fc.constantFrom(16, 32, 64, 96, 128, 192),
        fc.constantFrom('G', 'GB', ' GB'),
        (machine, chip, variant, memory, unit) => {
          const { hardware } = hardwareOf(`llama-2-13b lora on my ${machine} M${chip}${variant} ${memory}${unit}`);
          expect(hardware.map((h) => h.capacityGiB)).toEqual([memory]);
        },
      ),
      { numRuns: 80 },
    );
  });
});
