import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MappedText } from '../../src/language/mapped-text.js';
import { applyRules } from '../../src/language/prose/engine.js';
import { ENGINE_PRINTOUT_RULES } from '../../src/language/prose/rules/engine-printouts.js';
import type { ProseRule } from '../../src/language/prose/types.js';

/**
 * The prose engine asks a guard shared by several rules of a group once per text (issue 22's speed
 * target): the eleven engine-printout rules had each tested all eleven printouts. Whether a rule is
 * tried must stay what its guard says of the group's text.
 */

/** A rule that writes `to` over each `from`, guarded by `when`. */
const rule = (id: string, from: string, to: string, when: (t: string) => boolean): ProseRule => ({
  id,
  pattern: new RegExp(from, 'g'),
  when,
  write: () => to,
  example: from,
});

describe('a guard shared by rules of one group', () => {
  it('is asked once per text, and every rule it guards is still tried', () => {
    let asked = 0;
    const mentionsCards = (t: string) => {
      asked++;
      return t.includes('cards');
    };
    const rules = [rule('test.a', 'two', '2', mentionsCards), rule('test.b', 'four', '4', mentionsCards), rule('test.c', 'eight', '8', mentionsCards)];
    const read = applyRules(MappedText.of('two or four or eight cards'), rules, []);
    expect(read.text).toBe('2 or 4 or 8 cards');
    expect(asked).toBe(1);
    expect(read.steps.map((s) => s.rule)).toEqual(['test.a', 'test.b', 'test.c']);
  });

  it('is asked again for the next text, so a text without its word tries none of its rules', () => {
    let asked = 0;
    const mentionsCards = (t: string) => {
      asked++;
      return t.includes('cards');
    };
    const rules = [rule('test.a', 'two', '2', mentionsCards), rule('test.b', 'four', '4', mentionsCards)];
    expect(applyRules(MappedText.of('two cards'), rules, []).text).toBe('2 cards');
    expect(applyRules(MappedText.of('two or four gpus'), rules, []).text).toBe('two or four gpus');
    expect(asked).toBe(2);
  });

  it('reads a text as the same rules each with a guard of its own read it (any text, any answers)', () => {
    const words = ['two', 'four', 'cards', 'gpus', 'or', ' '];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...words), { maxLength: 12 }), fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), (parts, shared) => {
        const text = parts.join(' ');
        const guard = (t: string) => t.includes('cards') || t.includes('gpus');
        // The same guard as one function (shared) or as a copy per rule (asked for each rule).
        const whenOf = (i: number) => (shared[i] ? guard : (t: string) => guard(t));
        const rules = [rule('test.a', 'two', '2', whenOf(0)), rule('test.b', 'four', '4', whenOf(1)), rule('test.c', 'cards', 'gpus', whenOf(2))];
        const alone = rules.map((r) => ({ ...r, when: (t: string) => guard(t) }));
        const read = applyRules(MappedText.of(text), rules, []);
        const apart = applyRules(MappedText.of(text), alone, []);
        expect(read.text).toBe(apart.text);
        expect(read.steps).toEqual(apart.steps);
      }),
    );
  });

  it('guards the engine-printout rules with one function', () => {
    const guards = new Set(ENGINE_PRINTOUT_RULES.map((r) => r.when));
    expect(ENGINE_PRINTOUT_RULES.length).toBeGreaterThan(1);
    expect(guards.size).toBe(1);
  });
});
