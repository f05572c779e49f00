import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';
import { MappedText } from '../../src/language/mapped-text.js';
import { compactBlanks } from '../../src/language/spacing.js';

/**
 * The blanks the segment and config stages leave are cut short before the hardware and prose rules read the text
 * (spacing.ts compactBlanks): runs of blanks bound every rule's backtracking, and nothing a reading needs is lost.
 */
const pieces = fc.array(fc.constantFrom('lora', '7b', 'on', '4090', '微调', 'seq', '4096', ' ', '  ', ' '.repeat(50), '\t', '\n', '\n\n\n', ' \n ', '\n    '), {
  minLength: 1,
  maxLength: 40,
});
const nonBlanks = (text: string) => [...text].flatMap((c, k) => (/\s/.test(c) ? [] : [k]));

describe('compactBlanks', () => {
  it('leaves no run of blanks longer than 32, no blank before a line break and at most two breaks in a row', () => {
    fc.assert(
      fc.property(pieces, (words) => {
        const out = compactBlanks(MappedText.of(words.join(''))).text;
        expect(out).not.toMatch(/[ \t]{33}|[ \t]\n|\n{3}/);
      }),
      { numRuns: 300 },
    );
  });

  it('deletes only blanks: every other character is kept, where the user wrote it', () => {
    fc.assert(
      fc.property(pieces, (words) => {
        const given = MappedText.of(words.join(''));
        const out = compactBlanks(given);
        const [kept, before] = [nonBlanks(out.text), nonBlanks(given.text)];
        expect(kept.map((k) => out.text[k])).toEqual(before.map((k) => given.text[k]));
        kept.forEach((k, n) => expect(out.userSpan(k, k + 1)).toEqual(given.userSpan(before[n]!, before[n]! + 1)));
        // A line break still stands wherever the user broke a line, and words a blank parted stay parted.
        expect(out.text.replace(/\s+/g, (m) => (m.includes('\n') ? '\n' : ' '))).toBe(given.text.replace(/\s+/g, (m) => (m.includes('\n') ? '\n' : ' ')));
      }),
      { numRuns: 300 },
    );
  });

  it('is a fixed point on its own output', () => {
    fc.assert(
      fc.property(pieces, (words) => {
        const once = compactBlanks(MappedText.of(words.join('')));
        expect(compactBlanks(once).text).toBe(once.text);
      }),
    );
  });

  it('keeps a run of blanks long enough to part what the readers join: a short one is kept whole', () => {
    const given = MappedText.of(`4 gpus${' '.repeat(30)}4 x a100`);
    expect(compactBlanks(given).text).toBe(given.text);
    expect(compactBlanks(MappedText.of(`4 gpus${' '.repeat(300)}4 x a100`)).text).toBe(`4 gpus${' '.repeat(32)}4 x a100`);
  });

  it('keeps a command\'s blanked keys as a gap between the words either side (c2155)', () => {
    // "ktransformers" and the --model_path value after the keys it blanked are two words, not one name.
    const text = 'ktransformers --type transformers --model_path /vol1/models/deepseek-ai/DeepSeek-R1-Distill-Qwen-32B --port 10002 on a 4090';
    const outcome = parseRequest(text);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const model = outcome.items.find((i) => i.kind === 'model');
    expect(model?.text.trim()).not.toMatch(/ktransformers/i);
  });
});
