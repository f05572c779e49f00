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

describe('an Apple device and the memory said beside it, in any of its spellings', () => {
  it.each([
    // ollama/ollama (c1735, c1736): the chip, the word "chip", then "with NGB of RAM memory"
    ['llama3 8b in ollama. I use Apple M1 chip with 8GB of RAM memory.', 8],
    ['qwen3-14b in ollama. I use Apple M4 chip with 24GB of RAM memory.', 24],
    // ml-explore/mlx (c1766): a verb of using before the device does not make its memory memory in use
    ["phi-2 in mlx (I'm using m2 pro 16gb)", 16],
    // invented: tablets and phones, the memory before the device, the chip before the product
    ['qwen3-4b on an iPad Pro with 16GB RAM', 16],
    ['llama-3.2-3b on my iPhone 15 Pro (8GB)', 8],
    ['mistral-7b on a 16GB M2 MacBook Air', 16],
    ['mistral-7b on my Apple M2 MacBook Pro with 32GB', 32],
    ['qwen2.5-14b on a Mac mini M4 Pro, 64GB RAM', 64],
    // lmstudio-ai (c1737): "My M4 Max only has 128GB ram" — an adverb before the verb of having
    ['llama-3.3-70b in lm studio. My M4 Max only has 128GB ram', 128],
  ])('%s: one device of %i GB', (text, memory) => {
    const { hardware, notes } = hardwareOf(text);
    expect(hardware.map((h) => [h.gpuId, h.capacityGiB])).toEqual([[null, memory]]);
    expect(notes.join(' ')).toMatch(/Apple unified memory/);
  });

  it('the memory of an Apple device is never host RAM, whichever side it is written on', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('MacBook Pro M3', 'Apple M1', 'M2 Max', 'iPad Pro', 'Mac Studio', 'M4 MacBook Air'),
        fc.constantFrom(8, 16, 24, 36, 64, 128),
        fc.constantFrom((d: string, n: number) => `${d} with ${n}GB of RAM`, (d: string, n: number) => `${n}GB ${d}`, (d: string, n: number) => `${d} (${n} GB unified memory)`, (d: string, n: number) => `${d}, ${n}G RAM`),
        (device, memory, write) => {
          const outcome = parseRequest(`llama-3-8b inference on my ${write(device, memory)}`);
          if (!outcome.ok) throw new Error(outcome.error.message);
          expect(outcome.items.some((i) => i.kind === 'hostRam')).toBe(false);
          expect(outcome.items.filter((i): i is Hardware => i.kind === 'hardware').map((h) => h.capacityGiB)).toEqual([memory]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
