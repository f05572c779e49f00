import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { familySizeGuess, familySizeNote } from '../../src/language/family-size-note.js';
import { seriesSizes } from '../../src/scenario/model-series.js';
import { loadCorpus } from '../corpus/corpus.js';
import { readNoticed } from '../language/reading-fixtures.js';

/**
 * Issue 22 item 5: a family named with no size where it has several ("When I load llama2",
 * huggingface/transformers, corpus c685) is a guess, asked on the first screen with the family's
 * sizes: "llama2 — which size: 7b, 13b or 70b? read as 7b". A size, or a family of one size
 * ("mistral", c691), asks nothing.
 */
const question = (said: string) => /(?:^|\| )([^|]*?) — which size: ([^?]+)\? read as (\S+?)(?: \||$)/.exec(said);

describe('a family named with no size asks which size', () => {
  it('c685 without its log: "llama2" asks 7b, 13b or 70b, read as 7b, and says it once', () => {
    const text = loadCorpus().find((l) => l.id === 'c685')!.text.replace(/### Logs[\s\S]*$/, '');
    const { s, said } = readNoticed(text);
    expect(s.model.id).toBe('llama-2-7b');
    expect(question(said)?.slice(1)).toEqual(['llama2', '7b, 13b or 70b', '7b']);
    expect(said).not.toMatch(/"llama2" names no size/);
  });

  it('c685: the size its log\'s loader names ("INFO:Loading llama-70B-bin...", branch rlog) is the one read, said with its words', () => {
    const text = loadCorpus().find((l) => l.id === 'c685')!.text;
    const { s, said } = readNoticed(text);
    expect(s.model.id).toBe('llama-2-70b');
    expect(said).toMatch(/"llama2" with "70b" (?:said apart )?read as llama-2-70b/);
  });

  it.each([
    ['finetune llama2 with lora on a 4090', 'llama-2-7b'],
    ['LoRA fine-tune of Llama 3.1 on one H100', 'llama-3.1-8b'],
    ['用lora微调llama2，一张4090', 'llama-2-7b'],
    ['fine-tune bert on a T4', 'bert-base-uncased'],
  ])('%s: the sizes asked are the series of the model read, the one read among them', (text, id) => {
    const { s, said } = readNoticed(text);
    expect(s.model.id).toBe(id);
    const [, , choices, read] = question(said) ?? [];
    const sizes = seriesSizes(id);
    expect(sizes.length).toBeGreaterThan(1);
    expect(choices?.split(/, | or /)).toEqual(sizes);
    expect(sizes).toContain(read);
  });

  it.each(['finetune llama2 13b with lora on a 4090', 'finetune llama2-13b with lora on a 4090', 'serve mistral with vllm on an A100', '13B model, lora finetune of llama2 on an A100'])(
    '%s: a size said, or a family of one size, asks nothing',
    (text) => {
      expect(question(readNoticed(text).said)).toBeNull();
    },
  );

  it('the note reads back as it was written, for any words, member and sizes', () => {
    const word = fc.stringMatching(/^[a-z][a-z0-9. -]{0,12}[a-z0-9]$/);
    const size = fc.stringMatching(/^[1-9][0-9]{0,2}b$/);
    fc.assert(
      fc.property(word, word, fc.array(size, { maxLength: 4 }), (words, id, others) => {
        const guess = { words, id: id.replace(/\s/g, '-'), others };
        expect(familySizeGuess(familySizeNote(guess))).toEqual(guess);
      }),
    );
  });

  it('any other note is no guess', () => {
    expect(familySizeGuess('"llama2" with "13b" read as llama-2-13b')).toBeNull();
  });
});
