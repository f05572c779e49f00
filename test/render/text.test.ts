import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { renderText, WIDTH, wrap } from '../../src/render/text.js';

const REQUESTS = [
  '13b bf16 zero3 seq 4096 on 4xA100-80G',
  'llama-2-70b infer bf16 ctx 4096',
  'mixtral-8x7b qlora on 2x3090',
  'llama-3-8b lora max batch on h100',
  '70b serve on 2xh100',
  '13b zer3',
  'oom',
];

describe('text rendering', () => {
  it.each(REQUESTS)('"%s" is readable in an 80-column terminal', (text) => {
    const out = renderText(respond(text, null).reply);
    for (const line of out.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(WIDTH);
  });

  it('a caret far into a long request stays under its character', () => {
    const text = `${'7b '.repeat(30)}zer3`;
    const lines = renderText(respond(text, null).reply).split('\n');
    const caretLine = lines.findIndex((l) => /^\s*\^/.test(l));
    expect(caretLine).toBeGreaterThan(0);
    const col = lines[caretLine]!.indexOf('^');
    expect(lines[caretLine - 1]!.slice(col, col + 4)).toBe('zer3');
  });

  it('wrap never loses a word and respects the width', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,12}$/), { maxLength: 60 }), fc.integer({ min: 20, max: 100 }), (words, width) => {
        const wrapped = wrap(words.join(' '), width, 2);
        expect(wrapped.split(/\s+/).filter(Boolean)).toEqual(words);
        for (const line of wrapped.split('\n')) expect(line.length).toBeLessThanOrEqual(width);
      }),
    );
  });
});
