import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INSTANCES, instanceByName, instanceSpellings, mayStartInstance } from '../../src/catalog/instances.js';

/**
 * The prose reader's instance guard (prose.instance-type) skips a word that `mayStartInstance`
 * rejects, and with it the word joined to the next one or two: that skip may only ever drop a
 * lookup that would have found nothing.
 */
describe('mayStartInstance: a word it rejects begins no instance name', () => {
  const firstWords = INSTANCES.flatMap(instanceSpellings).map((s) => s.split(/[\s]+/)[0]!);

  it('accepts the first word of every spelling, in any case', () => {
    for (const word of firstWords) {
      expect(mayStartInstance(word)).toBe(true);
      expect(mayStartInstance(word.toUpperCase())).toBe(true);
    }
    expect(mayStartInstance('Standard_ND96isr_H100_v5')).toBe(true);
    expect(mayStartInstance('standard')).toBe(true);
  });

  it('rejects the words most messages are made of', () => {
    for (const word of ['13b', '4x', 'llama-3-8b', 'h100', 'zero3', 'bf16', 'seq', '4096', 'on', 'lora']) expect(mayStartInstance(word)).toBe(false);
  });

  it('a rejected word joined with any words after it is no instance (property)', () => {
    const word = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,12}[a-z0-9]$/);
    // The words after it: random ones, or the rest of a real spelling ("nd" + "h100" + "v5").
    const rest = fc.oneof(word, fc.constantFrom(...INSTANCES.flatMap(instanceSpellings).map((s) => s.replace(/^\S+\s*/, '').replace(/\s+/g, ''))));
    fc.assert(
      fc.property(word, rest, rest, (w, a, b) => {
        fc.pre(!mayStartInstance(w));
        expect(instanceByName(w)).toBeNull();
        expect(instanceByName(w + a)).toBeNull();
        expect(instanceByName(w + a + b)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});
