import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanHardware } from '../../src/language/hardware/index.js';
import { normalise } from '../../src/language/normalise.js';
import { parseRequest, type Item } from '../../src/language/parse.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A card named by four digits takes a plural as a lettered one does ("a100s"): "70b model with large context loads with
 * two 3090s" (ggml-org/llama.cpp, corpus c1854) lost its count, and "context … two" was then read as a sequence of 2.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
type Hardware = Extract<Item, { kind: 'hardware' }>;
const hardwareOf = (text: string) => {
  const outcome = parseRequest(text);
  return outcome.ok ? outcome.items.filter((i): i is Hardware => i.kind === 'hardware') : [];
};
const CARDS = [['3090', 'rtx-3090'], ['4090', 'rtx-4090'], ['3060', 'rtx-3060'], ['5090', 'rtx-5090'], ['3090 Ti', 'rtx-3090-ti']] as const;
const COUNTS = [['two', 2], ['2', 2], ['dual', 2], ['four', 4], ['4', 4], ['8x', 8]] as const;

describe('"two 3090s" is two RTX 3090', () => {
  it('at any count word and card, as a phrase of the grammar', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CARDS), fc.constantFrom(...COUNTS), fc.constantFrom('s', 'S'), ([card, id], [count, n], s) => {
        const text = `llama-2-70b q4_k_m loads with ${count} ${card}${s} without kv offloading`;
        const [r] = scanHardware(normalise(text).text).readings;
        expect(r && { count: r.count, gpuId: r.gpuId }, text).toEqual({ count: n, gpuId: id });
      }),
      { numRuns: 60 },
    );
  });

  it('c1854: two RTX 3090 and no sequence length taken from "context … two"', () => {
    const text = lineText('c1854');
    expect(hardwareOf(text).map((h) => [h.gpuId, h.count])).toContainEqual(['rtx-3090', 2]);
    const outcome = parseRequest(text);
    expect(outcome.ok && outcome.items.filter((i) => i.kind === 'seq')).toEqual([]);
  });
});
