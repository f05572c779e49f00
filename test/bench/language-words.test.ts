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

  it('right lines, and refusals other than the question for a model the words do not name, are unaffected', () => {
    expect(onTheWords(judged('right', [], ['mode']))).toBe('right');
    expect(onTheWords({ line: { beyond: ['mode'] }, verdict: 'refused' })).toBe('refused');
    expect(onTheWords({ line: { beyond: ['mode'] }, verdict: 'refused', detail: 'Which model? I read: 1× T4 16GB' })).toBe('refused');
    expect(onTheWords({ line: { beyond: ['model'] }, verdict: 'refused', detail: 'I don\'t know "feat" (position 1).' })).toBe('refused');
    expect(onTheWords({ line: {}, verdict: 'refused', detail: 'Which model? I read: 1× T4 16GB' })).toBe('refused');
  });

  it('a refusal asking for the model is asked where the model is beyond the words', () => {
    expect(onTheWords({ line: { beyond: ['model'] }, verdict: 'refused', detail: 'Which model? I read: 2× A100 40GB · full fine-tune' })).toBe('asked');
    expect(onTheWords({ line: { beyond: ['model', 'mode'] }, verdict: 'refused', detail: 'Which Qwen? It names a family, not one model.' })).toBe('asked');
    expect(onTheWords({ line: { beyond: ['model'] }, verdict: 'refused', detail: 'Which Qwen? I read: vllm' })).toBe('refused');
  });

  it('counts right on the words as right + assumed + asked, flagged and refused without them', () => {
    const counts = wordsCounts([
      judged('right', []),
      judged('flagged', ['mode'], ['mode']),
      judged('flagged', ['seq'], ['mode']),
      judged('silent', ['mode'], ['mode']),
      { line: {}, verdict: 'refused' },
      { line: { beyond: ['model'] }, verdict: 'refused', detail: 'Which model? I read: 1× RTX 4090 24GB' },
    ]);
    expect(counts).toEqual({ lines: 6, right: 1, assumed: 1, asked: 1, rightOnWords: 3, flagged: 1, silent: 1, refused: 1 });
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
