import { describe, expect, it } from 'vitest';
import { judge } from '../../bench/language.js';
import { onTheWords, wordsCounts, type Judged } from '../../bench/language-words.js';

/**
 * bench:language's view "on the words": a flagged line whose every differing field is one its words do not
 * carry (the corpus line's `beyond`) is "assumed where the words are silent"; nothing else moves.
 */
const judged = (verdict: Judged['verdict'], differ: string[], beyond?: string[]): Judged => ({
  line: beyond ? { beyond } : {},
  verdict,
  compared: { differ },
});

describe('assumed where the words are silent', () => {
  it('a flagged line whose every differing field is beyond its words is assumed', () => {
    expect(onTheWords(judged('flagged', ['mode'], ['mode']))).toBe('assumed');
    expect(onTheWords(judged('flagged', ['mode', 'lora'], ['lora', 'mode', 'seq']))).toBe('assumed');
  });

  it('a flagged line with one differing field not in beyond stays flagged', () => {
    expect(onTheWords(judged('flagged', ['mode', 'hardware'], ['mode']))).toBe('flagged');
    expect(onTheWords(judged('flagged', ['seq'], ['mode']))).toBe('flagged');
    expect(onTheWords(judged('flagged', ['mode']))).toBe('flagged');
  });

  it('a silent line stays silent even when its field is beyond the words: the reply stated it with no doubt', () => {
    expect(onTheWords(judged('silent', ['mode'], ['mode']))).toBe('silent');
  });

  it('right and refused lines are unaffected', () => {
    expect(onTheWords(judged('right', [], ['mode']))).toBe('right');
    expect(onTheWords({ line: { beyond: ['mode'] }, verdict: 'refused' })).toBe('refused');
  });

  it('counts right on the words as right + assumed, and flagged without the assumed', () => {
    const counts = wordsCounts([
      judged('right', []),
      judged('flagged', ['mode'], ['mode']),
      judged('flagged', ['seq'], ['mode']),
      judged('silent', ['mode'], ['mode']),
      { line: {}, verdict: 'refused' },
    ]);
    expect(counts).toEqual({ lines: 5, right: 1, assumed: 1, rightOnWords: 2, flagged: 1, silent: 1, refused: 1 });
  });
});

describe('through the bench judge (an invented line whose words name no intent)', () => {
  // The reading trains adapters; the words say only the model and the card, so the reply assumes running it.
  const base = {
    id: 'invented',
    text: 'llama-2-7b on 1x a100-80g',
    source: 'invented',
    reading: 'llama-2-7b lora on 1x a100-80g',
    intent: 'assumed' as const,
  };

  it('the old verdict is flagged with or without beyond: the four figures do not move', () => {
    expect(judge(base).verdict).toBe('flagged');
    expect(judge({ ...base, beyond: ['mode', 'lora'] }).verdict).toBe('flagged');
  });

  it('is assumed when the mode is beyond the words, flagged when it is not', () => {
    const differ = judge(base).compared!.differ;
    expect(differ).toContain('mode');
    expect(onTheWords(judge({ ...base, beyond: differ }))).toBe('assumed');
    expect(onTheWords(judge(base))).toBe('flagged');
    expect(onTheWords(judge({ ...base, beyond: ['seq'] }))).toBe('flagged');
  });
});
