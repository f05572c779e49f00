import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grouped } from '../../src/memory/format.js';

/** grouped() writes what toLocaleString('en-US') writes, without loading ICU's locale data at start. */
describe('grouped: toLocaleString("en-US") without the locale data', () => {
  it('worked examples', () => {
    expect(grouped(0)).toBe('0');
    expect(grouped(999)).toBe('999');
    expect(grouped(1000)).toBe('1,000');
    expect(grouped(131072)).toBe('131,072');
    expect(grouped(1234567.5)).toBe('1,234,567.5');
    expect(grouped(0.1256)).toBe('0.126');
    expect(grouped(-4096)).toBe('-4,096');
  });

  it('property: equals toLocaleString("en-US") on integers and on doubles', () => {
    fc.assert(fc.property(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), (n) => {
      expect(grouped(n)).toBe(n.toLocaleString('en-US'));
    }));
    fc.assert(fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), (n) => {
      expect(grouped(n)).toBe(n.toLocaleString('en-US'));
    }));
  });
});
