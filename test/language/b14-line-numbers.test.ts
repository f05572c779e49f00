import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINE_NUMBER_RULES } from '../../src/language/prose/rules/line-numbers.js';
import { loadCorpus } from '../corpus/corpus.js';
import { readNoticed as read } from './reading-fixtures.js';

/**
 * Line numbers are no setup (b14, wenda-LLM/wenda#418, c571: "修改llms/llm_glm6b.py第70-71行" was
 * read as seq 70, "Additional context" lending its keyword).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const rule = LINE_NUMBER_RULES[0]!;
const blanked = (text: string) => {
  rule.pattern.lastIndex = 0;
  return text.toLowerCase().replace(rule.pattern, (m) => ' '.repeat(m.length));
};

describe('a line number is no setup', () => {
  it('c571: no length of 70, the 8G card kept', () => {
    const { s } = read(line('c571').text);
    expect(s.seq).not.toBe(70);
    expect(s.hardware!.count).toBe(1);
  });

  it.each([
    ['llama-2-7b lora on a 4090, context: I changed lines 70-71 of train.py', 70],
    ['llama-2-7b lora on a 4090, more context in line 128 of the script', 128],
    ['qwen-7b inference on a 3090, error at model.py:412 context length', 412],
    ['llama-2-7b lora on a 4090. context https://github.com/x/y/blob/main/train.py#L70-L71', 70],
    ['qwen-7b 推理 3090，上下文 第 512 行 报错', 512],
    ['qwen-7b 推理 3090，上下文 第512到520行 报错', 512],
  ])('%s', (text, number) => {
    expect(read(text).s.seq).not.toBe(number);
  });

  it('cards and counts named like lines stay: an L40, 2 L4, "line 4 GPUs"', () => {
    expect(read('llama-2-7b inference on an L40, seq 4096').s.hardware!.gpuId).toMatch(/l40/i);
    expect(read('llama-2-7b inference on 2 L4, context 4096, see line 70').s.seq).toBe(4096);
    expect(blanked('a second line 4 gpus')).toContain('4 gpus');
  });

  const lineNumber = fc.integer({ min: 1, max: 99999 }).filter((n) => n !== 4090 && n !== 4096);
  it('every written line number is blanked whole, and nothing else on the line', () => {
    fc.assert(
      // A line number equal to a number the template itself holds (seq 4096, a 4090) could not be told apart in the output.
      fc.property(lineNumber, lineNumber, fc.constantFrom('line {a}', 'lines {a}-{b}', '第{a}行', '第{a}-{b}行', 'train.py:{a}', 'train.py:{a}:{b}', '#L{a}-L{b}'), (a, b, form) => {
        const said = form.replace('{a}', String(a)).replace('{b}', String(b));
        const out = blanked(`seq 4096, ${said} on a 4090`);
        expect(out).not.toMatch(new RegExp(`(?<!\\d)(?:${a}|${b})(?!\\d)`));
        expect(out).toContain('seq 4096,');
        expect(out).toContain(' on a 4090');
      }),
      { numRuns: 50 },
    );
  });
});
