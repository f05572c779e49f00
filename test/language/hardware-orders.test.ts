import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanHardware } from '../../src/language/hardware/index.js';
import { normalise } from '../../src/language/normalise.js';
import { parseRequest, type Item } from '../../src/language/parse.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * One machine's cards are a count, a card and a memory, and people write the three in any order
 * and notation (issue 22, item 3): "A100 40GB×2", "A100 40Gx2", "2x A100 40G", "2x40GB A100",
 * "40G A100 2张", "A100x2 (40G)". Whatever the order, the memory's unit binds to its number
 * first, so the 40 of "40GB×2" is never a count of 40 cards.
 */

const CARDS = [
  { written: ['A100', 'a100', 'NVIDIA A100'], memory: 40, id: 'a100-40g' },
  { written: ['A100', 'H800'], memory: 80, id: null },
  { written: ['RTX 3090', '3090', 'rtx3090'], memory: 24, id: 'rtx-3090' },
  { written: ['L40S', 'l40s'], memory: 48, id: 'l40s' },
  { written: ['A6000', 'RTX A6000'], memory: 48, id: 'rtx-a6000' },
  { written: ['V100'], memory: 32, id: 'v100-32g' },
  { written: ['H200'], memory: 141, id: 'h200' },
] as const;
/** The catalog id a written card with its memory is (the 80 GB A100 and the H800). */
const idOf = (card: (typeof CARDS)[number], written: string) => card.id ?? (written === 'A100' ? 'a100-80g' : 'h800');

const MEMORIES: ((m: number) => string)[] = [(m) => `${m}G`, (m) => `${m}GB`, (m) => `${m} GB`, (m) => `${m}GiB`, (m) => `(${m}G)`, (m) => `${m}g`];

/** A count's notation, where it may stand (before the others, after them, either), and whether it may touch its neighbour. */
interface CountNotation {
  write: (n: number) => string;
  stands: 'before' | 'after' | 'either';
  glues: boolean;
}
const COUNTS: CountNotation[] = [
  { write: (n) => `${n}x`, stands: 'before', glues: true },
  { write: (n) => `${n} x`, stands: 'before', glues: false },
  { write: (n) => `${n}×`, stands: 'before', glues: true },
  { write: (n) => `${n}*`, stands: 'before', glues: true },
  { write: (n) => `${n} pieces of`, stands: 'before', glues: false },
  { write: (n) => `x${n}`, stands: 'after', glues: true },
  { write: (n) => `x ${n}`, stands: 'after', glues: false },
  { write: (n) => `×${n}`, stands: 'after', glues: true },
  { write: (n) => `*${n}`, stands: 'after', glues: true },
  { write: (n) => `${n} pieces`, stands: 'after', glues: false },
  { write: (n) => `${n}개`, stands: 'after', glues: false },
  { write: (n) => `${n}张`, stands: 'either', glues: false },
  { write: (n) => `${n}块`, stands: 'either', glues: false },
  { write: (n) => `${n}장`, stands: 'either', glues: false },
];

type Part = 'count' | 'card' | 'memory';
const ORDERS: Part[][] = [
  ['count', 'card', 'memory'], ['count', 'memory', 'card'], ['card', 'count', 'memory'],
  ['card', 'memory', 'count'], ['memory', 'count', 'card'], ['memory', 'card', 'count'],
];
const AROUND: [string, string][] = [['', ''], ['we fine-tune llama-2-7b on ', ' and it OOMs'], ['设备是', '，训练时OOM'], ['Setup: ', '.']];

/**
 * The three parts in this order, spaced, or with a times sign glued to its neighbour ("40GB×2",
 * "2x40G", "A100x2"); null where the notation cannot stand there (a count word never ends it).
 */
function render(order: Part[], count: CountNotation, n: number, card: string, memory: string, glued: boolean): string | null {
  const at = order.indexOf('count');
  if ((count.stands === 'before' && at === 2) || (count.stands === 'after' && at === 0)) return null;
  if (glued && !count.glues) return null;
  const words = order.map((p) => (p === 'count' ? count.write(n) : p === 'card' ? card : memory));
  if (!glued) return words.join(' ');
  // A count written before glues to what follows it, one written after to what precedes it.
  const before = count.stands === 'before' || (count.stands === 'either' && at === 0);
  const joins = words.map((_, i) => (before ? i === at : i === at - 1) ? '' : ' ');
  return words.map((w, i) => w + (i < words.length - 1 ? joins[i] : '')).join('');
}

type Hardware = Extract<Item, { kind: 'hardware' }>;

describe('count, card and memory in any order and notation read as one machine', () => {
  const arbitrary = fc.record({
    n: fc.integer({ min: 1, max: 16 }),
    card: fc.constantFrom(...CARDS),
    w: fc.nat(),
    memory: fc.constantFrom(...MEMORIES),
    count: fc.constantFrom(...COUNTS),
    order: fc.constantFrom(...ORDERS),
    glued: fc.boolean(),
    around: fc.constantFrom(...AROUND),
  });

  it('the hardware grammar reads the same count, card and memory', () => {
    fc.assert(
      fc.property(arbitrary, ({ n, card, w, memory, count, order, glued, around: [before, after] }) => {
        const written = card.written[w % card.written.length]!;
        const phrase = render(order, count, n, written, memory(card.memory), glued);
        fc.pre(phrase !== null);
        const text = `${before}${phrase}${after}`;
        const readings = scanHardware(normalise(text).text).readings;
        expect(readings, text).toHaveLength(1);
        const r = readings[0]!;
        expect({ nodes: r.nodes, count: r.count, gpuId: r.gpuId }, text).toEqual({ nodes: null, count: n, gpuId: idOf(card, written) });
      }),
      { numRuns: 600 },
    );
  });

  it('through the whole reader, that card and count, and the card said on a strong cue (its memory was stated)', () => {
    fc.assert(
      fc.property(arbitrary, ({ n, card, w, memory, count, order, glued }) => {
        const written = card.written[w % card.written.length]!;
        const phrase = render(order, count, n, written, memory(card.memory), glued);
        fc.pre(phrase !== null);
        const text = `llama-2-7b lora on ${phrase}`;
        const outcome = parseRequest(text);
        if (!outcome.ok) throw new Error(`${text}: ${outcome.error.message}`);
        const hardware = outcome.items.filter((i): i is Hardware => i.kind === 'hardware' && (i.gpuId !== null || i.count !== null));
        expect(hardware.map((h) => [h.gpuId, (h.nodes ?? 1) * (h.count ?? 1)]), text).toEqual([[idOf(card, written), n]]);
        const resolved = resolveRequest(text, null);
        const cardFact = resolved.ok ? resolved.trace?.find((f) => f.fact === 'card') : undefined;
        expect(cardFact?.weak, text).toBe(false);
      }),
      { numRuns: 120 },
    );
  });

  // The lines of the issue, as written: each was read as 40 GPUs, the count taken before the memory's unit.
  it.each([
    ['A100 40GB×2', 2, 'a100-40g'],
    ['A100 40Gx2', 2, 'a100-40g'],
    ['2x A100 40G', 2, 'a100-40g'],
    ['A100 40GB x2', 2, 'a100-40g'],
    ['2x40GB A100', 2, 'a100-40g'],
    ['A100x8 80GB', 8, 'a100-80g'],
    ['L40S*4 48G', 4, 'l40s'],
    ['1x3090 24G', 1, 'rtx-3090'],
  ])('%s is %i × %s', (text, count, gpuId) => {
    const [reading] = scanHardware(normalise(text).text).readings;
    expect({ count: reading?.count, gpuId: reading?.gpuId }).toEqual({ count, gpuId });
  });
});
