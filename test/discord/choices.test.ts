import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toChoices } from '../../src/adapters/discord/handling/handleAutocomplete.js';
import { stripMention } from '../../src/adapters/discord/handling/handleMessage.js';

describe('autocomplete choices', () => {
  it('never exceed 25 choices of 1–100 characters, values unique, whatever completions() returns', () => {
    const item = fc.oneof(fc.string({ maxLength: 150 }), fc.record({ name: fc.string({ maxLength: 150 }), value: fc.string({ maxLength: 150 }) }), fc.constant(null), fc.integer());
    fc.assert(
      fc.property(fc.array(item, { maxLength: 60 }), (items) => {
        const choices = toChoices(items);
        expect(choices.length).toBeLessThanOrEqual(25);
        expect(new Set(choices.map((c) => c.value)).size).toBe(choices.length);
        for (const c of choices) {
          expect(c.name.length).toBeGreaterThan(0);
          expect(c.name.length).toBeLessThanOrEqual(100);
          expect(c.value.length).toBeGreaterThan(0);
          expect(c.value.length).toBeLessThanOrEqual(100);
        }
      }),
    );
  });

  it('drops a value too long to send intact rather than cutting the request', () => {
    expect(toChoices(['a'.repeat(101), 'ok'])).toEqual([{ name: 'ok', value: 'ok' }]);
    expect(toChoices({ not: 'an array' })).toEqual([]);
  });
});

describe('mentions', () => {
  it('strip the bot mention (both forms) and keep the request', () => {
    expect(stripMention('<@123> 13b on <@!123> 4090', '123')).toBe('13b on 4090');
    expect(stripMention('<@999> 13b', '123')).toBe('<@999> 13b');
  });
});
