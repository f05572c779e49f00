import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

const WORDS = ['13b', 'zero3', 'on', '4x', 'h100', 'seq', '4096', 'lora', 'r16', 'vs', 'compare', 'of', 'gpus', 'nodes', 'kv', '8', ',', 'x', 'qlora', 'undo'];

describe('random input never throws', () => {
  it('for arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600, unit: 'binary' }), (text) => {
        const outcome = resolveRequest(text, null);
        expect(typeof outcome.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });

  it('for word salad from the request vocabulary', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...WORDS), { maxLength: 40 }), (words) => {
        const text = words.join(' ');
        const outcome = parseRequest(text);
        if (!outcome.ok) expect(outcome.error.at).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 300 },
    );
  });
});
