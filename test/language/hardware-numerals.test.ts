import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { NUMERAL_PART_RULES } from '../../src/language/hardware/numeral-rules.js';

/**
 * Counts of machines and cards written in Chinese numerals read as their digits do (issue 22; found
 * by bench:variations' count-cjk-words shape): "八张T4" (c062 hiyouga/LlamaFactory#3880 says "8张T4"),
 * "四台八卡80G" (c343 QwenLM/Qwen#887 says "4台8卡80G"), "两台服务器四张4090" (c246
 * modelscope/ms-swift#2715 says "2台服务器4张4090").
 */

const reading = (text: string): string => {
  const r = resolveRequest(text, null);
  return r.ok && r.scenario ? canonicalText(r.scenario) : r.ok ? 'no scenario' : `refused: ${r.error.message}`;
};

const NUMERAL = ['', '一', '两', '三', '四', '五', '六', '七', '八'];

describe('Chinese numerals count machines and cards', () => {
  it('each rule finds its own example', () => {
    for (const rule of NUMERAL_PART_RULES) expect([...rule.example.matchAll(rule.pattern)].length).toBeGreaterThan(0);
  });

  it('the real lines with their counts in words read as with digits', () => {
    expect(reading('我是用了八张T4 bs=1 微调llama3 70b')).toBe(reading('我是用了8张T4 bs=1 微调llama3 70b'));
    expect(reading('全量微调14b，四台八卡80G，每张显存60-70G')).toBe(reading('全量微调14b，4台8卡80G，每张显存60-70G'));
    expect(reading('lora微调qwen2.5-14b，多机多卡两台服务器四张4090')).toBe(reading('lora微调qwen2.5-14b，多机多卡2台服务器4张4090'));
    expect(reading('全量微调14b，四台八卡80G')).toMatch(/on 32x 80gb/);
  });

  it('any count of machines and cards, in words or digits, reads the same', () => {
    const template = fc.constantFrom(
      (n: string, m: string) => `全量微调qwen2-7b，${n}台${m}卡A100 80G`,
      (n: string, m: string) => `lora微调qwen2.5-14b，${n}台服务器${m}张4090`,
      (n: string, m: string) => `推理qwen2-72b，${n}个节点，每个节点${m}张H800`,
      (_n: string, m: string) => `用了${m}张T4微调llama3 8b`,
      (_n: string, m: string) => `用${m}块L4跑qwen2-7b推理`,
    );
    fc.assert(
      // One card is written 单卡 or 一张, not 一卡: counts of cards from two.
      fc.property(template, fc.integer({ min: 2, max: 8 }), fc.integer({ min: 2, max: 8 }), (t, n, m) => {
        expect(reading(t(NUMERAL[n]!, NUMERAL[m]!))).toBe(reading(t(String(n), String(m))));
      }),
      { numRuns: 60 },
    );
  });

  it('an ordinal or a desktop is no count of machines', () => {
    expect(reading('第三台服务器上两张A100 跑qwen2-72b')).not.toMatch(/nodes/);
    expect(reading('两台式机各一张4090 跑qwen2-7b')).not.toMatch(/nodes/);
  });
});
