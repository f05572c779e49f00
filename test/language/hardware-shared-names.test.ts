import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHARED_NAMES } from '../../src/language/hardware/shared-names.js';
import { parseRequest } from '../../src/language/parse.js';
import { loadCorpus } from '../corpus/corpus.js';
import { hardwareOf } from './hardware-fixtures.js';

/**
 * One name, several cards (issue 22, b51's silent hardware): "RTX 6000" is the Quadro RTX 6000 (24 GB), the RTX
 * 6000 Ada (48 GB) or the RTX PRO 6000 Blackwell (96 GB); the memory the message states, per card or as a total over
 * the count, picks it. "System is an 8x RTX 6000 build, 768GB of VRAM" (ollama/ollama#12389, c1884) is eight PROs,
 * and had been read as eight Ada cards.
 */

const notesOf = (text: string): string[] => {
  const outcome = parseRequest(text);
  return outcome.ok ? outcome.notes : [];
};
const lineText = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

const RTX_6000 = SHARED_NAMES.find((s) => s.id === 'shared.rtx-6000')!;

describe('a name sold as several cards is read by the memory stated', () => {
  const totals = [
    (n: number, total: number) => `llama-3-70b inference. System is an ${n}x RTX 6000 build, ${total}GB of VRAM`,
    (n: number, total: number) => `llama-3-70b inference on ${n}x RTX 6000 (${total}GB total)`,
    (n: number, total: number) => `llama-3-70b inference on ${n} RTX 6000 GPUs with ${total}GB VRAM in total`,
    (n: number, total: number) => `llama-3-70b 推理，${n}张RTX 6000，共${total}G显存`,
    (n: number, total: number) => `llama-3-70b 추론, RTX 6000 ${n}장, 총 ${total}GB`,
  ];
  it('a total over the count picks the card of that memory, in any phrasing and count', () => {
    fc.assert(
      fc.property(fc.constantFrom(...totals), fc.integer({ min: 2, max: 8 }), fc.constantFrom(...RTX_6000.cards), (phrase, n, card) => {
        // (A total said with no "total" that is another card's own memory is read per card: "2x RTX 6000, 48GB of VRAM", below.)
        fc.pre(phrase !== totals[0] || !RTX_6000.cards.some((c) => c.gib === n * card.gib));
        const text = phrase(n, n * card.gib);
        const hw = hardwareOf(text);
        expect(hw.map((h) => [h.count, h.gpuId, h.gpuId === null ? h.capacityGiB : null]), text).toEqual([[n, card.id, card.id === null ? card.gib : null]]);
      }),
      { numRuns: 120 },
    );
  });

  it('a memory per card picks it too, and a memory that is the count times one', () => {
    expect(hardwareOf('llama-3-70b inference on an RTX 6000 with 96GB').map((h) => h.gpuId)).toEqual(['rtx-pro-6000']);
    expect(hardwareOf('llama-3-70b inference on 2x RTX 6000 96GB').map((h) => [h.count, h.gpuId])).toEqual([[2, 'rtx-pro-6000']]);
    expect(hardwareOf('llama-3-70b inference on 2x RTX 6000 192GB').map((h) => [h.count, h.gpuId])).toEqual([[2, 'rtx-pro-6000']]);
    expect(hardwareOf('llama-3-70b inference on a single RTX 6000 48G').map((h) => h.gpuId)).toEqual(['rtx-6000-ada']);
    expect(hardwareOf('llama-3-70b inference on 4x RTX 6000 (24GB)').map((h) => [h.count, h.gpuId, h.capacityGiB])).toEqual([[4, null, 24]]);
  });

  it('a name that holds the generation is that card alone', () => {
    expect(hardwareOf('llama-3-70b inference on 8 RTX 6000 Ada GPUs').map((h) => [h.count, h.gpuId])).toEqual([[8, 'rtx-6000-ada']]);
    expect(hardwareOf('llama-3-70b inference on two RTX 6000 Pro').map((h) => [h.count, h.gpuId])).toEqual([[2, 'rtx-pro-6000']]);
  });

  it("a memory that is one card's and another's total over the count is read per card, the other said", () => {
    const text = 'llama-3-70b inference on 2x RTX 6000 with 48GB of VRAM';
    expect(hardwareOf(text).map((h) => [h.count, h.gpuId])).toEqual([[2, 'rtx-6000-ada']]);
    expect(notesOf(text).some((n) => /if 48 GB is all the cards' \(the Quadro RTX 6000\)/.test(n)), text).toBe(true);
  });

  it('a memory no card of the name has is asked', () => {
    const text = 'llama-3-70b inference on 8x RTX 6000, 320GB of VRAM';
    expect(notesOf(text).some((n) => /RTX 6000 is sold with 24 GB .*which did you mean/.test(n)), text).toBe(true);
  });

  it('the real line it was drawn from is eight PROs (c1884)', () => {
    expect(hardwareOf(lineText('c1884')).map((h) => [h.count, h.gpuId])).toEqual([[8, 'rtx-pro-6000']]);
  });
});
