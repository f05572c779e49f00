import { describe, expect, it } from 'vitest';
import { newRequestId, shortId } from '../../src/ops/ids.js';

describe('ids', () => {
  it('are read-back friendly: Crockford base32 without I, L, O, U', () => {
    for (let i = 0; i < 1000; i++) expect(shortId()).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(newRequestId()).toMatch(/^req-[0-9A-HJKMNP-TV-Z]{10}$/);
  });

  it('do not repeat across many refills of the random pool', () => {
    const ids = new Set(Array.from({ length: 20_000 }, () => newRequestId()));
    expect(ids.size).toBe(20_000);
  });

  it('use every character about equally (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 4000; i++) for (const c of shortId(8)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(32);
    // 32,000 draws over 32 characters: 1,000 each, and a fair die stays within ±20%.
    for (const n of counts.values()) expect(Math.abs(n - 1000)).toBeLessThan(200);
  });
});
