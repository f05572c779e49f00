import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOKEN_COUNT_ZH_RULES } from '../../src/language/prose/rules/token-count-zh.js';
import { corpusLineRead, readNoticed } from './reading-fixtures.js';

/**
 * A count of tokens written the Chinese way, with 左右 / 上下 / 多 / 个 / 的 between the number and its
 * unit, is the length (xorbitsai/inference#852, c1253: "6000左右的token awq量化的SUS-Chat-34B-AWQ会爆显存").
 */
const rule = TOKEN_COUNT_ZH_RULES[0]!;

describe('a Chinese token count with words between number and unit is a length', () => {
  it('the rule rewrites its own example', () => {
    expect(new RegExp(rule.pattern.source).test(rule.example)).toBe(true);
  });

  it.each([
    ['双3090跑qwen2.5-7b，6000左右的token会爆显存', 6000],
    ['双3090跑qwen2.5-7b，6000个token会爆显存', 6000],
    ['双3090跑qwen2.5-7b，3000多个token就会爆显存', 3000],
    ['双3090跑qwen2.5-7b，8k左右的tokens会爆显存', 8192],
    ['双3090跑qwen2.5-7b，6000上下的token会爆显存', 6000],
    ['双3090跑qwen2.5-7b，6000左右的tokenawq量化的模型会爆显存', 6000],
  ])('%s: seq %i', (text, seq) => {
    expect(readNoticed(text).s.seq).toBe(seq);
  });

  it('a tokenizer is no unit', () => {
    expect(new RegExp(rule.pattern.source).test('6000个tokenizer')).toBe(false);
  });

  it('any count, joined any of these ways (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 600, max: 30000 }), fc.constantFrom('左右的', '个', '多个', '的', '左右'), (n, join) => {
        expect(readNoticed(`两张4090跑llama-3-8b推理，输入${n}${join}token的时候显存不够`).s.seq).toBe(n);
      }),
      { numRuns: 25 },
    );
  });

  it('c1253 (xorbitsai/inference#852): the AWQ run that fails at about 6000 tokens, not the EXL2 run at 7000', () => {
    expect(corpusLineRead('c1253').scenario.seq).toBe(6000);
  });

  it('c1010 (vllm, InternVL3.5-38B): the ~40000 tokens another model sends without error are no length of this run', () => {
    expect(corpusLineRead('c1010').scenario.seq).toBe(40960);
  });

  it.each([
    'vllm serve qwen2.5-7b --max-model-len 32768 用2张4090，发送视频就oom。使用其他模型，可以正常发送20000左右的token对话不报错。',
    'vllm serve qwen2.5-7b --max-model-len 32768 用2张4090，发送视频就oom。换成别的模型，20000个token也没报错。',
  ])('a count said of a run that works is set aside: %s', (text) => {
    expect(readNoticed(text).s.seq).toBe(32768);
  });
});
