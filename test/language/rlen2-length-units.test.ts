import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PROSE_RULES } from '../../src/language/prose/rules/index.js';
import { LENGTH_UNIT_RULES } from '../../src/language/prose/rules/length-units.js';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * The length slot's unit (fortieth session, rlen2; docs/reading.md "The length slot"): a misspelt length noun is
 * read as the noun, and a length in characters, words or pages is set aside and said, never taken as tokens.
 */

describe('a misspelt length noun reads as "length" (prose.length-misspelt)', () => {
  it('c3372: "Input length = 640, Output lenght = 100" is a 740-token request (vllm-project/vllm#1508)', () => {
    expect(corpusLineRead('c3372').scenario.seq).toBe(740);
  });

  it.each([
    ['serving llama-2-13b with vllm on 1 A100, input length 640 and output lenght 100', 740],
    ['mistral-7b on 1x a10g with vllm, prompt legnth 1000, output length 200', 1200],
    ['qwen2.5-7b lora on 1x a100, max sequence lenght 4096', 4096],
    ['llama-3-8b lora 1x 4090 seq lenght 2048', 2048],
  ])('%s: seq %i', (text, seq) => {
    expect(read(text).scenario.seq).toBe(seq);
  });

  it('a key keeps its spelling: --model_max_lenght is the program\'s flag, not prose', () => {
    const rule = LENGTH_UNIT_RULES.find((r) => r.id === 'prose.length-misspelt')!;
    expect('--model_max_lenght=1638'.replace(rule.pattern, 'length')).toBe('--model_max_lenght=1638');
    expect('output lenght = 100'.replace(rule.pattern, 'length')).toBe('output length = 100');
  });
});

describe('a length in characters, words or pages is no token count (prose.length-in-other-units)', () => {
  it.each([
    ['7b lora on 1x 3090, max length of 5000 characters', '5000 characters'],
    ['7b lora on 1x 3090, seq len 3000 chars', '3000 chars'],
    ['7b lora on 1x 3090, context of 2000 words', '2000 words'],
    ['7b lora on 1x 3090, prompts of about 3000 words each', '3000 words'],
    ['qwen2-7b lora 1x a100 上下文长度3000字', '3000字'],
    ['qwen2-7b lora 1x a100 输入长度大概3000个汉字', '3000个汉字'],
    ['qwen2.5-7b lora 1x a100 컨텍스트 길이 3000자', '3000자'],
  ])('%s: the default length, said, and the words set aside', (text, words) => {
    const { scenario, said } = read(text);
    expect(scenario.seq).toBe(2048);
    expect(said).toMatch(/seq 2048 \(default\)/);
    expect(said).toContain(words);
    expect(said).toMatch(/not tokens/);
  });

  it('served: the engine\'s default window stays, and "output 500 words" is no generation length', () => {
    const { scenario, said } = read('serve llama-3-8b with vllm on 1x l4, input 2000 words output 500 words');
    expect(scenario.seq).toBe(8192);
    expect(scenario.inference.newTokens).toBe(0);
    expect(said).toMatch(/not tokens/);
    expect(read('serve llama-3-8b with vllm on 1x l4, 8k words of context').said).toMatch(/8k words of context" set aside/);
  });

  it('a length in tokens beside a count of words keeps the tokens', () => {
    expect(read('7b lora on 1x 3090, sequence length 4096 tokens, roughly 3000 words').scenario.seq).toBe(4096);
    expect(read('qwen2-7b lora 1x a100 上下文长度3000').scenario.seq).toBe(3000);
    expect(read('qwen2-7b lora 1x a100 上下文长度3000 tokens').scenario.seq).toBe(3000);
  });

  it('bytes are no characters: 字节 is left to the memory rules', () => {
    const rule = LENGTH_UNIT_RULES.find((r) => r.id === 'prose.length-in-other-units')!;
    rule.pattern.lastIndex = 0;
    expect(rule.pattern.test('输入长度8字节')).toBe(false);
  });

  it('property: any length noun, number and unit of text is set aside, whatever the spacing', () => {
    const rule = LENGTH_UNIT_RULES.find((r) => r.id === 'prose.length-in-other-units')!;
    fc.assert(
      fc.property(
        fc.constantFrom('max length', 'seq len', 'context length', 'input', 'prompt length', '上下文长度', '输入长度'),
        fc.constantFrom(' ', ' = ', ' of ', ': '),
        fc.integer({ min: 10, max: 200_000 }),
        fc.constantFrom(' ', ''),
        fc.constantFrom('characters', 'chars', 'words', 'pages', '字', '个汉字', '字符'),
        (noun, join, n, gap, unit) => {
          const text = `${noun}${join}${n}${gap}${unit}`;
          const written = text.replace(new RegExp(rule.pattern.source, rule.pattern.flags), (m) => ' '.repeat(m.length));
          expect(written).not.toContain(String(n));
        },
      ),
    );
  });

  it('both rules are in the prose order', () => {
    const ids = PROSE_RULES.map((r) => r.id);
    expect(ids.indexOf('prose.length-misspelt')).toBeLessThan(ids.indexOf('prose.input-output'));
    expect(ids.indexOf('prose.length-in-other-units')).toBeLessThan(ids.indexOf('prose.length-value'));
  });
});

describe('the unit rules stay linear over long blanks', () => {
  it.each(LENGTH_UNIT_RULES.map((r) => [r.id, r] as const))('%s over a length noun and 20,000 blanks takes under 250 ms (linear: a quadratic scan of 60,000 characters takes seconds)', (_id, rule) => {
    const text = `max length ${' '.repeat(20_000)}of${' '.repeat(20_000)}5000 tokens 上下文长度${' '.repeat(20_000)}x`;
    const started = performance.now();
    text.replace(new RegExp(rule.pattern.source, rule.pattern.flags), '');
    expect(performance.now() - started).toBeLessThan(250);
  });
});
