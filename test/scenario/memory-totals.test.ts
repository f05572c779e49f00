import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanHardware } from '../../src/language/hardware/index.js';
import { normalise } from '../../src/language/normalise.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * A memory stated over several cards is a total (issue 22, item 3): "4 GPUs, 96GB in total" is four
 * cards of 24 GB; a memory said with no card, which may be one card's or a machine's ("doesn't fit
 * 96Gb", ollama/ollama#6741, corpus c652: four RTX 4090s), is said weak with the other reading.
 */

function cardFact(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const f = r.trace?.find((t) => t.fact === 'card');
  return { hardware: r.scenario.hardware, weak: f?.weak ?? false, notices: r.notices.join(' | ') };
}

describe('a total over several cards is a total', () => {
  it('count × each = the stated total, in any of its wordings (property)', () => {
    const totals = [(m: number) => `${m}GB in total`, (m: number) => `(${m}GB total)`, (m: number) => `with a total memory of ${m}GB`, (m: number) => `${m}G total`];
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), fc.constantFrom(16, 24, 32, 48, 80), fc.constantFrom(...totals), fc.constantFrom('GPUs', 'cards'), (n, each, total, noun) => {
        const text = `serve llama-2-70b on ${n} ${noun}, ${total(n * each)}`;
        const [reading] = scanHardware(normalise(text).text).readings;
        expect({ count: reading?.count, memory: reading?.memoryGiB }, text).toEqual({ count: n, memory: each });
        const read = cardFact(text);
        expect({ count: read.hardware?.count, gib: Math.round((read.hardware?.capacityBytes ?? 0) / 2 ** 30) }, text).toEqual({ count: n, gib: each });
      }),
      { numRuns: 60 },
    );
  });
});

describe('a memory said with no card is asked: one card, or several in all', () => {
  it('c652: "not fitting 96Gb" is read as one card of 96 GB, said weak with four of 24 GB', () => {
    const read = cardFact('Llama 3.1 70b 128k context not fitting 96Gb with ollama');
    expect(read.weak).toBe(true);
    expect(read.notices).toContain('say "on 4x 24gb" if 96 GB is several cards\' memory in all');
  });

  it('"4 GPUs and 96GB of VRAM": four of 96 GB, said with four of 24 GB', () => {
    const read = cardFact('serve llama-2-70b, I have 4 GPUs and 96GB of VRAM');
    expect(read.hardware?.count).toBe(4);
    expect(read.notices).toContain('say "on 4x 24gb" if 96 GB is the 4 cards\' memory in all');
  });

  it.each([
    'serve llama-2-70b on 4x 96GB', // the count is the memory's own phrase
    'serve llama-2-70b on two 80GB', // …in words
    'serve llama-2-70b on 24GB', // a consumer card's memory
    'serve llama-2-70b on 8 GPUs with 80GB', // eight of 10 GB is no rig
    'serve llama-2-70b on 2x A100 80GB', // a card named
  ])('%s is not asked', (text) => {
    expect(cardFact(text).notices).not.toMatch(/memory in all/);
  });
});
