import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { corpusLines, distinctText } from '../../bench/load/corpus-texts.js';
import { slope } from '../../bench/load/rss.js';

describe('bench:load texts', () => {
  const lines = corpusLines();

  it('reads every line of the real corpus', () => {
    expect(lines.length).toBeGreaterThan(300);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('never sends the same text twice (the parser cache holds 512: a soak of 200,000 must miss it)', () => {
    fc.assert(
      fc.property(fc.nat(200_000), fc.nat(200_000), (a, b) => {
        fc.pre(a !== b);
        expect(distinctText(lines, a)).not.toBe(distinctText(lines, b));
      }),
    );
  });

  it('keeps the corpus line whole and adds only a sign-off without digits', () => {
    fc.assert(
      fc.property(fc.nat(200_000), (n) => {
        const text = distinctText(lines, n);
        const line = lines[n % lines.length]!;
        expect(text.startsWith(line)).toBe(true);
        expect(text.slice(line.length)).not.toMatch(/\d/);
      }),
    );
  });
});

describe('RSS slope', () => {
  it('recovers the growth per answer of a straight line', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 2, max: 50 }), (perAnswer, start, n) => {
        const points = Array.from({ length: n }, (_, i) => ({ x: i * 100, y: start + perAnswer * i * 100 }));
        expect(slope(points)).toBeCloseTo(perAnswer, 6);
      }),
    );
  });

  it('is undefined (NaN) with fewer than two distinct x', () => {
    expect(slope([{ x: 1, y: 5 }])).toBeNaN();
    expect(slope([{ x: 1, y: 5 }, { x: 1, y: 9 }])).toBeNaN();
  });
});
