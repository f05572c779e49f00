import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cuesIn } from '../../src/language/owners/clauses.js';
import { parseRequest } from '../../src/language/parse.js';

/**
 * Owner cues are found with the spaces between words folded to one (src/language/owners/clauses.ts,
 * foldedSpaces): "I  can  train  it  when  cpt" still says cpt is the run that works
 * (verl-project/verl#3364, c332, with its spaces doubled; bench:variations "double-space").
 */

const LINES = [
  // c332 verl-project/verl#3364
  'Qwen3-30B-A3B OOM with GRPO on 4x8H200 141G. I can train it when cpt, why grpo failed',
  // Invented: a past run, a reference, another order.
  'Previously, I trained llama-2-7b on 8 A100 without problems; now I want to fine-tune llama-2-13b on 4 A100',
  'The paper says 70b runs on 8x H100. Can I fine-tune 70b with qlora on 2 A100 80G?',
];

const doubled = fc.tuple(fc.constantFrom(...LINES), fc.array(fc.nat(), { maxLength: 10 })).map(([text, picks]) => {
  const gaps = [...text.matchAll(/(?<=\S) (?=\S)/g)].map((m) => m.index);
  const chosen = new Set(picks.map((p) => gaps[p % gaps.length]));
  return { text, spaced: [...text].map((c, i) => (chosen.has(i) ? '  ' : c)).join('') };
});

/** A cue as its owner, rule and the user's words it covers (spaces folded, to compare). */
const cueWords = (text: string) => cuesIn(text).map((c) => `${c.owner} ${c.rule} ${text.slice(c.at, c.end).replace(/\s+/g, ' ')}`);

function meaning(text: string): string {
  const read = parseRequest(text);
  if (!read.ok) return `refused: ${read.error.message.split('\n')[0]}`;
  return JSON.stringify(read.items.map(({ at: _at, end: _end, text: _text, ...rest }) => rest));
}

describe('owner cues with spaces typed twice', () => {
  it('finds the same cues, over the same words, with any spaces doubled', () => {
    fc.assert(
      fc.property(doubled, ({ text, spaced }) => {
        expect(cueWords(spaced)).toEqual(cueWords(text));
      }),
      { numRuns: 100 },
    );
  });

  it('c332 with doubled spaces sets cpt aside as the run that works, as typed with one', () => {
    const spaced = LINES[0]!.replace(/ /g, '  ');
    expect(meaning(spaced)).toBe(meaning(LINES[0]!));
    expect(meaning(spaced)).not.toContain('pretrain');
  });

  it('keeps a cue\'s place in the user\'s text', () => {
    const text = 'OOM with grpo.  I  can  train  it  when  cpt';
    const cue = cuesIn(text).find((c) => c.rule === 'owner.past.could-run')!;
    expect(text.slice(cue.at, cue.end)).toBe('I  can  train');
  });
});
