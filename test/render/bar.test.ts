import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bar } from '../../src/render/text.js';

/** bar as it was before it was built by repeat (one array cell per character; issue 11, request path). */
function referenceBar(value: number, capacity: number | null, cells: number): string {
  const scale = Math.max(value, capacity ?? 0) || 1;
  const filled = Math.round((value / scale) * cells);
  const chars: string[] = Array.from({ length: cells }, (_, i) => (i < filled ? '█' : ' '));
  if (capacity !== null) {
    const at = Math.min(cells - 1, Math.round((capacity / scale) * cells) - 1);
    chars[Math.max(0, at)] = '│';
  }
  return chars.join('').trimEnd();
}

describe('terminal bar', () => {
  it('draws every value and capacity exactly as the per-cell bar did', () => {
    const bytes = fc.oneof(fc.double({ min: -1e12, max: 1e13 }), fc.constantFrom(0, 1, 80 * 2 ** 30, 2 ** 40));
    fc.assert(
      fc.property(bytes, fc.option(bytes, { nil: null }), fc.integer({ min: 0, max: 40 }), (value, capacity, cells) => {
        expect(bar(value, capacity, cells)).toBe(referenceBar(value, capacity, cells));
      }),
      { numRuns: 5000 },
    );
  });

  it('marks the capacity inside a bar that overflows it', () => {
    expect(bar(2, 1, 10)).toBe('████│█████');
    expect(bar(1, 2, 10)).toBe('█████    │');
  });
});
