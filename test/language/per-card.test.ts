import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * 每卡 ("per card") qualifies the number beside it: the micro-batch and a card's memory are per card
 * already, so the qualifier is never listed as not read, and the number keeps its own cue. No
 * corpus line holds it yet: the lines below are invented, in the forms Chinese posts use.
 */

function read(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { scenario: r.scenario, unread: r.unread, notUsed: (r.notUsed ?? []).map((n) => n.words) };
}

describe('每卡, a per-card qualifier', () => {
  it.each([
    ['qwen2.5-7b 全参微调，8张A100，每卡batch size 2', 2],
    ['qwen2.5-7b lora 每卡 bs 4 on 8x 4090', 4],
    ['8张4090 lora 微调 qwen2.5-7b, 每张卡 batch size 8', 8],
  ])('%j: batch read, the qualifier not listed', (text, batch) => {
    const r = read(text);
    expect(r.scenario.microBatch).toBe(batch);
    expect(r.unread.join(' ')).not.toMatch(/每/);
    expect(r.notUsed.join(' ')).not.toMatch(/每/);
  });

  it('whichever spelling, before whichever batch word', () => {
    fc.assert(
      fc.property(fc.constantFrom('每卡', '每张卡', '每块卡', '每张显卡'), fc.constantFrom('batch size', 'bs', 'micro batch'), fc.integer({ min: 1, max: 16 }), (per, word, n) => {
        const r = read(`qwen2.5-7b lora 8卡4090，${per} ${word} ${n}`);
        expect(r.scenario.microBatch).toBe(n);
        expect(r.unread.join(' ')).not.toContain(per);
      }),
      { numRuns: 30 },
    );
  });
});
