import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { withoutInvisibles } from '../../src/language/normalise.js';
import { parseRequest } from '../../src/language/parse.js';
import { renderText } from '../../src/render/text.js';

/**
 * Issue 26: a right-to-left override or a zero-width character in a message came back in the
 * reply (the words not read, the error's caret line), where an override reverses the rest of
 * the line. They are taken out before reading, so nothing echoed holds one and every position
 * counts the characters the user sees.
 */

const INVISIBLES = ['\u202e', '\u202a', '\u202b', '\u202c', '\u202d', '\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u2066', '\u2067', '\u2068', '\u2069', '\ufeff', '\u061c', '\u00ad', '\u2060'];
const ANY_INVISIBLE = new RegExp(`[${INVISIBLES.join('')}]`);

const WORDS = ['7b', 'llama-2-7b', 'lora', 'r16', 'zer3', 'flurb', 'seq', '-1', '4096', 'on', '4x', 'h100', 'a100-80g', 'and', 'my', 'model', 'train', 'vs', '13b', 'help', 'oom', 'CUDA out of memory', '\n', 'meta-llama/Llama-2-7b-hf'];

/** A message, and the same message with invisible characters put anywhere (inside words too). */
const messages = fc
  .record({
    words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 12 }),
    inserts: fc.array(fc.tuple(fc.nat(), fc.constantFrom(...INVISIBLES)), { minLength: 1, maxLength: 6 }),
  })
  .map(({ words, inserts }) => {
    const clean = words.join(' ');
    let dirty = clean;
    for (const [at, c] of inserts) {
      const k = at % (dirty.length + 1);
      dirty = dirty.slice(0, k) + c + dirty.slice(k);
    }
    return { clean, dirty };
  });

describe('invisible characters never reach a reply (issue 26)', () => {
  it('a message answers exactly as it does without them: same reading, same words quoted, same caret', () => {
    fc.assert(
      fc.property(messages, ({ clean, dirty }) => {
        const withThem = respond(dirty, null).reply;
        expect(withThem).toEqual(respond(clean, null).reply);
        expect(JSON.stringify(withThem)).not.toMatch(ANY_INVISIBLE);
        expect(renderText(withThem)).not.toMatch(ANY_INVISIBLE);
      }),
      { numRuns: 150 },
    );
  });

  it('an unknown word with an override inside is quoted without it, the caret under it', () => {
    const outcome = parseRequest('7b \u202ezer3 on 4090');
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.message).toContain('"zer3" (position 4)');
    expect(outcome.error.caret).toBe('7b zer3 on 4090\n   ^');
  });

  it('a word split by a zero-width space reads as the word', () => {
    const outcome = parseRequest('ll\u200bama-2-7b on a 4090');
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.items[0]).toMatchObject({ kind: 'model', id: 'llama-2-7b', text: 'llama-2-7b' });
  });

  it('takes out only the invisible characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        fc.pre(!ANY_INVISIBLE.test(text));
        expect(withoutInvisibles(text)).toBe(text);
      }),
    );
  });
});
