import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linearFromZero, log2Scale, niceStep, shortCount } from '../../src/render/chart/scale.js';
import { escapeXml, px } from '../../src/render/chart/svg.js';
import { fitText, textWidth, twoLines } from '../../src/render/chart/frame.js';

describe('axis scales', () => {
  it('a GiB axis starts at 0, ends at or above the maximum, with 1/2/5 × 10^k steps (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 5000, noNaN: true }), (max) => {
        const y = linearFromZero(max, 466, 124);
        expect(y.ticks[0]).toBe(0);
        expect(y.ticks.at(-1)!).toBeGreaterThanOrEqual(max - 1e-9);
        expect(y.ticks.length).toBeLessThanOrEqual(7);
        const step = y.ticks[1]! - y.ticks[0]!;
        const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-12);
        expect([1, 2, 5, 10].some((m) => Math.abs(mantissa - m) < 1e-6)).toBe(true);
        expect(y(0)).toBe(466);
        expect(y(y.ticks.at(-1)!)).toBeCloseTo(124, 6);
      }),
    );
  });

  it('niceStep gives 20 for a 0–100 axis with 5 ticks', () => {
    expect(niceStep(100, 5)).toBe(20);
    expect(niceStep(91.8 * 1.08, 5)).toBe(20);
  });

  it('log2 positions are evenly spaced for powers of two', () => {
    const x = log2Scale([1, 2, 4, 8], 100, 400);
    expect([1, 2, 4, 8].map(x)).toEqual([100, 200, 300, 400]);
  });

  it('short counts use k for multiples of 1024 tokens', () => {
    expect([512, 1024, 4096, 131072, 256].map(shortCount)).toEqual(['512', '1k', '4k', '128k', '256']);
  });
});

describe('SVG text helpers', () => {
  it('prints coordinates with at most one decimal and no negative zero', () => {
    expect(px(12.345)).toBe('12.3');
    expect(px(-0.01)).toBe('0');
    expect(px(100)).toBe('100');
  });

  it('escapes markup characters', () => {
    expect(escapeXml('<a & "b">')).toBe('&lt;a &amp; &quot;b&quot;&gt;');
  });

  it('fitted labels never exceed their width (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.integer({ min: 40, max: 900 }), (label, width) => {
        const fitted = fitText(label, width, 19);
        if (fitted !== label) expect(textWidth(fitted, 19)).toBeLessThanOrEqual(width);
        const lines = twoLines(`start of ${label}`.trim(), width, 16);
        expect(lines.length).toBeLessThanOrEqual(2);
      }),
    );
  });
});
