import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MappedText } from '../../src/language/mapped-text.js';
import { parseRequest } from '../../src/language/parse.js';
import { oneSpaced } from '../../src/language/spacing.js';

/**
 * Spaces typed twice between words read as one (src/language/spacing.ts, issue 22's variations
 * bench, "double-space"). Real lines with their spaces doubled, and invented ones in other orders
 * and another language.
 */

/** What a request is read as: its items' kinds and values, without the spans that spacing moves. */
function meaning(text: string): string {
  const read = parseRequest(text);
  if (!read.ok) return `refused: ${read.error.message.split('\n')[0]}`;
  return JSON.stringify(read.items.map(({ at: _at, end: _end, text: _text, ...rest }) => rest));
}

const REQUESTS = [
  // c035 meta-pytorch/torchtune#1694, first sentence.
  "I'm currently fine-tuning LLAMA 3.1 on a single Nvidia RTX 4090.",
  // c039 huggingface/text-generation-inference#832: a serve setting, not a max-batch question.
  'I use 4*80G A100 to launcher the llama2-70b, it has the information: Setting max batch total tokens to 406560',
  // Invented: another order, a Chinese line, a config line after prose.
  'on 2 x A100 80GB, qwen 2.5 7b lora r 16, max seq len 4096',
  '用 llama 3.1 8b 在 4090 上 lora 微调',
  'fine-tune mistral 7b with qlora\nper_device_train_batch_size: 4',
];

const doubled = fc.tuple(fc.constantFrom(...REQUESTS), fc.array(fc.nat(), { maxLength: 8 })).map(([text, picks]) => {
  const gaps = [...text.matchAll(/(?<=\S) (?=\S)/g)].map((m) => m.index);
  const chosen = new Set(picks.map((p) => gaps[p % gaps.length]));
  return { text, spaced: [...text].map((c, i) => (chosen.has(i) ? (i % 2 ? '  ' : ' \t ') : c)).join('') };
});

describe('spaces typed twice between words', () => {
  it('a request reads the same with any of its spaces doubled', () => {
    fc.assert(
      fc.property(doubled, ({ text, spaced }) => {
        expect(meaning(spaced)).toBe(meaning(text));
      }),
      { numRuns: 60 },
    );
  });

  it('c035 with two spaces after each word names Llama 3.1, not "which model?"', () => {
    const text = "I'm  currently  fine-tuning  LLAMA  3.1  on  a  single  Nvidia  RTX  4090.";
    expect(meaning(text)).toBe(meaning(text.replace(/ {2}/g, ' ')));
    expect(meaning(text)).toContain('llama');
  });

  it('keeps indentation and line breaks, which a pasted config needs', () => {
    const text = 'deepspeed:\n    zero_optimization:  {\n        stage:   3\n  }';
    expect(oneSpaced(MappedText.of(text)).text).toBe('deepspeed:\n    zero_optimization: {\n        stage: 3\n  }');
  });

  it('maps every kept word back to where the user typed it', () => {
    const text = 'llama  3.1   on  a  4090';
    const spaced = oneSpaced(MappedText.of(text));
    const at = spaced.text.indexOf('4090');
    expect(spaced.userText(at, at + 4)).toBe('4090');
  });
});
