import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OFFERED_COUNT_RULES } from '../../src/language/hardware/offered-counts.js';
import { parseRequest, type Item } from '../../src/language/parse.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Cards offered on a condition are an option, not the setup (issue 22, b51's silent hardware): "on an NVIDIA A40
 * GPU … I could use two A40 GPUs if necessary" (fe1ixxu/ALMA#17, c1895) had been read as two A40s. Where the
 * message names its cards elsewhere the offered count is set aside and said; where it names none the offer stays.
 */

type Hardware = Extract<Item, { kind: 'hardware' }>;
const read = (text: string) => {
  const outcome = parseRequest(text);
  if (!outcome.ok) return { hardware: [] as Hardware[], notes: [] as string[] };
  return { hardware: outcome.items.filter((i): i is Hardware => i.kind === 'hardware' && (i.gpuId !== null || i.count !== null)), notes: outcome.notes };
};
const countsOf = (text: string) => read(text).hardware.map((h) => h.count).filter((c) => c !== null && c > 1);
const lineText = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

describe('cards offered if needed are no setup', () => {
  const own = ['llama-2-7b full fine-tune on an NVIDIA A40 GPU.', 'llama-2-7b 全量微调，我在一张A40上跑。', 'llama-2-7b 풀 파인튜닝을 A40 한 장으로 하고 있습니다.'];
  const offers = [
    (n: string) => `I could use ${n} A40 GPUs if necessary, but the CPU memory would not change.`,
    (n: string) => `We can also add ${n} more GPUs if needed.`,
    (n: string) => `If necessary, I could use ${n} A40s.`,
    (n: string) => `I might get ${n} A40 cards when needed.`,
  ];
  it("an offer beside the user's own card, in any phrasing and count", () => {
    fc.assert(
      fc.property(fc.constantFrom(...offers), fc.constantFrom('two', '2', 'four', '4', 'eight'), (offer, n) => {
        const text = `${own[0]} ${offer(n)}`;
        expect(countsOf(text), text).toEqual([]);
        expect(read(text).notes.some((x) => /offered if needed, not your setup/.test(x)), text).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('in Chinese and Korean', () => {
    expect(countsOf(`${own[1]}如果需要的话我可以用两张A40`)).toEqual([]);
    expect(countsOf(`${own[2]} 필요하면 A40 두 장을 쓸 수 있습니다`)).toEqual([]);
  });

  it('an offer with no other card named stays read; a count with no condition stays the setup', () => {
    expect(countsOf('llama-2-7b full fine-tune. I could use two A40 GPUs if necessary')).toEqual([2]);
    expect(countsOf(`${own[0]} Now I use two A40 GPUs.`)).toContain(2);
  });

  it("what of the host memory is free is the host's, no card memory (c1895)", () => {
    for (const said of ['the CPU free memory is about 90G', 'system available memory is 90GB', 'host free RAM: 90 GB']) {
      const text = `llama-2-7b full fine-tune on an NVIDIA A40 GPU. Most of the time, ${said}.`;
      expect(read(text).hardware.map((h) => [h.gpuId, h.count ?? 1]), text).toEqual([['a40', 1]]);
    }
  });

  it('each rule reads its own example', () => {
    for (const rule of OFFERED_COUNT_RULES) expect([...rule.example.toLowerCase().matchAll(rule.pattern)].length, rule.id).toBe(1);
  });

  it('the real line it was drawn from is one A40 with 70 GB of host memory (c1895)', () => {
    const { hardware } = read(lineText('c1895'));
    expect(hardware.filter((h) => h.count !== null && h.count > 1)).toEqual([]);
  });
});
