import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_PROSE_RULES, CARD_DTYPE_RULES } from '../../src/language/prose/index.js';
import { ENGINE_PRINTOUT_RULES } from '../../src/language/prose/rules/engine-printouts.js';
import { readLiteral, requiredLiteral } from '../../src/language/prose/required-literal.js';
import { SPEED_CORPUS } from '../../bench/speed-corpus.js';

/** Issue 22's speed target: the prose engine skips a rule whose required word the text lacks. */
describe('a pattern’s required word', () => {
  it('reads the longest top-level literal run', () => {
    expect(readLiteral('\\bzero[- ]?3\\b', '')).toEqual({ word: 'zero', lower: false });
    expect(readLiteral('per_device_train_batch_size\\s*=\\s*(\\d+)', 'g')).toEqual({ word: 'per_device_train_batch_size', lower: false });
    expect(readLiteral('OutOfMemory', 'gi')).toEqual({ word: 'outofmemory', lower: true });
  });

  it('drops a quantified character and gives up on a top-level alternative', () => {
    expect(readLiteral('gpus?x', 'g')).toEqual({ word: 'gpu', lower: false });
    expect(readLiteral('abcd*e', 'g')).toEqual({ word: 'abc', lower: false });
    expect(readLiteral('tensor|pipeline', 'g')).toBeNull();
    expect(readLiteral('(?:tensor|pipeline)_parallel', 'g')).toEqual({ word: '_parallel', lower: false });
    expect(readLiteral('[a-z|]+size{1,2}', 'g')).toEqual({ word: 'siz', lower: false });
  });

  it('keeps no letter other characters fold to under /iu, and no escape of a letter', () => {
    expect(readLiteral('tensor masks', 'giu')).toEqual({ word: 'or ma', lower: true });
    expect(readLiteral('tensor masks', 'gi')).toEqual({ word: 'tensor masks', lower: true });
    expect(readLiteral('\\u00e9tape\\d+step', 'g')).toEqual({ word: 'tape', lower: false });
    expect(readLiteral('设置为\\d+', 'g')).toEqual({ word: '设置为', lower: false });
    expect(readLiteral('设置为\\d+', 'gi')).toBeNull();
  });

  it('is held by every match of every prose rule over the speed corpus and the rules’ examples', () => {
    const rules = [...ALL_PROSE_RULES, ...CARD_DTYPE_RULES, ...ENGINE_PRINTOUT_RULES];
    const texts = [...SPEED_CORPUS, ...rules.map((r) => r.example)].map((t) => t.toLowerCase());
    let checked = 0;
    for (const rule of rules) {
      const word = requiredLiteral(rule.pattern);
      if (!word) continue;
      const pattern = new RegExp(rule.pattern.source, rule.pattern.flags.includes('g') ? rule.pattern.flags : `${rule.pattern.flags}g`);
      for (const text of texts) {
        for (const m of text.matchAll(pattern)) {
          const got = word.lower ? m[0].toLowerCase() : m[0];
          expect(got.includes(word.word), `${rule.id}: ${JSON.stringify(m[0])} lacks ${JSON.stringify(word.word)}`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('never says a string lacks the word when the pattern matches it (property)', () => {
    const parts = fc.constantFrom('a', 'b', 'ab', '-', ' ', 'x', 'A', 'ſ', 'K', '3', '.', '|');
    const sources = fc.array(fc.constantFrom('ab', 'a?', 'b+', '(a|b)', '[ab]', '\\d', '\\.', 'x', '\\bx', 'ab{1,2}', 'S', 'k', '-?', '.'), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(sources, fc.constantFrom('', 'i', 'iu', 'u'), fc.array(parts, { maxLength: 12 }), (pieces, flags, text) => {
        const source = pieces.join('');
        const word = readLiteral(source, flags);
        const s = text.join('');
        if (!word || !new RegExp(source, flags).test(s)) return;
        expect((word.lower ? s.toLowerCase() : s).includes(word.word)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
