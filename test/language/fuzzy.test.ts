import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GPUS, MODELS } from '../../src/catalog/index.js';
import { editDistance, nearestSpelling } from '../../src/language/fuzzy.js';
import { compact } from '../../src/language/spelling.js';
import { KEYWORDS } from '../../src/language/vocabulary.js';

/**
 * fuzzy.ts reuses its table rows, stops a table once it cannot come back under the tolerance and
 * remembers answers by word (issue 11: suggestions were three quarters of reading real prose).
 * Reference: the full table per pair and a full scan per call, as before; the answers must agree.
 */
function referenceDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

const CANDIDATES = [
  ...KEYWORDS.flatMap((k) => k.spellings.map((s) => ({ key: compact(s), display: s }))),
  ...MODELS.flatMap((m) => [m.id, m.name, ...m.aliases].map((s) => ({ key: compact(s), display: m.id }))),
  ...GPUS.flatMap((g) => [g.id, g.name, ...g.aliases].map((s) => ({ key: compact(s), display: g.id.toUpperCase() }))),
];

function referenceNearest(word: string): string | null {
  const key = compact(word);
  if (!key) return null;
  let best: { distance: number; display: string } | null = null;
  const limit = key.length <= 2 ? 0 : key.length === 3 ? 1 : 2;
  for (const c of CANDIDATES) {
    let distance = referenceDistance(key, c.key, limit);
    if (distance > limit && key.length >= 4 && c.key.startsWith(key)) distance = limit;
    const rank = distance - (c.key.startsWith(key) ? 0.5 : 0);
    if (distance <= limit && (!best || rank < best.distance)) best = { distance: rank, display: c.display };
  }
  return best?.display ?? null;
}

/** A spelling with a few typing slips: a letter dropped, doubled, swapped or replaced. */
const typo = fc
  .tuple(fc.constantFrom(...CANDIDATES.map((c) => c.key)), fc.array(fc.tuple(fc.nat(), fc.constantFrom('drop', 'double', 'swap', 'replace'), fc.constantFrom(...'aeiou0123-x')), { maxLength: 3 }))
  .map(([word, slips]) => {
    let w = word;
    for (const [at, kind, c] of slips) {
      const i = w.length ? at % w.length : 0;
      if (kind === 'drop') w = w.slice(0, i) + w.slice(i + 1);
      else if (kind === 'double') w = w.slice(0, i + 1) + w.slice(i);
      else if (kind === 'swap') w = w.slice(0, i) + (w[i + 1] ?? '') + (w[i] ?? '') + w.slice(i + 2);
      else w = w.slice(0, i) + c + w.slice(i + 1);
    }
    return w;
  });
const word = fc.oneof(typo, fc.string({ maxLength: 12 }), fc.constantFrom('please', 'thanks', 'zer3', 'bf61', 'a100-80', 'mixtr', 'adafactr', 'h10', 'tom'));

describe('suggestions for unread words', () => {
  it('the distance with reused rows is the full table distance', () => {
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 4 }), (a, b, cap) => {
        expect(editDistance(a, b, cap)).toBe(referenceDistance(a, b, cap));
      }),
      { numRuns: 3000 },
    );
  });

  it('suggests what the full scan suggested, asked once or again', () => {
    fc.assert(
      fc.property(word, (w) => {
        const expected = referenceNearest(w);
        expect(nearestSpelling(w)).toBe(expected);
        expect(nearestSpelling(w)).toBe(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps the suggestions people rely on', () => {
    expect(nearestSpelling('zer3')).toBe(referenceNearest('zer3'));
    expect(nearestSpelling('zer3')?.toLowerCase()).toContain('zero');
    expect(nearestSpelling('bf61')).toBe('bf16');
  });
});
