import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sentenceAround } from '../../src/language/prose/rules/asked.js';
import { maskAbbreviations, sentenceStart, sentenceStop } from '../../src/language/sentence-ends.js';

const around = (text: string, span: string) => {
  const at = text.indexOf(span);
  return sentenceAround(text, at, at + span.length).sentence;
};

describe('sentence ends', () => {
  it('keeps a dot inside a name, a version or a file name in its sentence', () => {
    // rquestion's finding (fifteenth session): the dot of "qwen2.5" cut the sentence that held it.
    expect(around('Is a 4090 enough for qwen2.5-32b at 8k? I have 64GB RAM.', '4090')).toBe('Is a 4090 enough for qwen2.5-32b at 8k?');
    expect(around('Is a 4090 enough for qwen2.5-32b at 8k? I have 64GB RAM.', '32b')).toBe('Is a 4090 enough for qwen2.5-32b at 8k?');
    expect(around('vllm v0.8.3 with tp 2 fails. Which GPU should I add?', 'tp 2')).toBe('vllm v0.8.3 with tp 2 fails.');
    expect(around('I edited config.json and set max_position_embeddings. It still OOMs', 'max_position_embeddings')).toBe('I edited config.json and set max_position_embeddings.');
  });

  it('ends a sentence at a full stop before a space, a line break, ? ! and the CJK stops', () => {
    expect(around('Running llama 3.1 8b. It works on one A100.', 'A100')).toBe('It works on one A100.');
    expect(around('第一句。用 qwen1.5-7b 跑', 'qwen1.5')).toBe('用 qwen1.5-7b 跑');
    expect(around('works fine!which gpu for 70b', '70b')).toBe('which gpu for 70b');
    expect(around('line one\nqwen2.5 7b on t4', 't4')).toBe('qwen2.5 7b on t4');
  });

  it('reads no end at the dot of an abbreviation', () => {
    expect(around('A big model, e.g. llama-3-70b, on 2 cards?', '2 cards')).toBe('A big model, e.g. llama-3-70b, on 2 cards?');
  });

  it('never starts a sentence right after a dot that a letter or digit follows (property)', () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,6}$/);
    fc.assert(
      fc.property(word, word, word, (a, b, c) => {
        const text = `${a}.${b} ${c}`;
        return sentenceStart(text, text.length - c.length) === 0 && sentenceStop(text, 0) === text.length;
      }),
    );
  });

  it('a floor only limits how far back it looks: the same start as the whole scan, or the floor (property)', () => {
    const piece = fc.constantFrom('qwen2.5 ', 'e.g. ', 'fails. ', 'ok? ', 'x\n', '70b ', 'v0.8.3 ', 'etc. ', '。');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 12 }), fc.nat(), fc.nat(), (pieces, a, b) => {
        const text = pieces.join('');
        const at = a % (text.length + 1);
        const from = b % (at + 1);
        return sentenceStart(text, at, from) === Math.max(sentenceStart(text, at), from);
      }),
    );
  });

  it('looks in growing windows and finds the same ends as one scan of the whole text (property)', () => {
    // The scans before windows (s48): mask the whole text before `at`, or after `from`, once per call.
    const END = /\.(?=\s|$)|[!?\n。？！]/g;
    const wholeStart = (text: string, at: number, from: number) => {
      const offset = Math.max(0, from - 4);
      let start = from;
      for (const m of maskAbbreviations(text.slice(offset, at + 1)).matchAll(END)) if (offset + m.index < at) start = Math.max(start, offset + m.index + 1);
      return start;
    };
    const wholeStop = (text: string, from: number) => {
      const m = new RegExp(END.source).exec(maskAbbreviations(text.slice(from)));
      return m ? from + m.index + 1 : text.length;
    };
    const piece = fc.constantFrom('qwen2.5 ', 'e.g. ', 'fails. ', 'ok? ', 'x\n', '70b ', 'vs. ', 'etc. ', '。', 'a'.repeat(90), 'b '.repeat(70), '.');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 40 }), fc.nat(), fc.nat(), (pieces, a, b) => {
        const text = pieces.join('');
        const at = a % (text.length + 1);
        const from = b % (at + 1);
        expect(sentenceStart(text, at, from)).toBe(wholeStart(text, at, from));
        expect(sentenceStop(text, from)).toBe(wholeStop(text, from));
      }),
      { numRuns: 400 },
    );
  });
});
