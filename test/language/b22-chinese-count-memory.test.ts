import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/** Cards counted in Chinese before a memory of one digit (hw.count-chinese-numeral). */
describe('两张8g: a count before a one-digit memory', () => {
  it.each([
    // Qwen c803's thread (QwenLM/Qwen), as posted, with a model named.
    ['qwen-7b推理，然后给他放到两张8g的卡上跑推理', 2, 8],
    // chenyiwan/chatglm-6b-fine-tuning#15.
    ['chatglm-6b 现在手里只有两张8G的显卡', 2, 8],
    ['qwen-7b 三张6g的卡 推理', 3, 6],
    ['qwen-7b 两张24g的卡 推理', 2, 24],
  ])('%s', (text, count, gib) => {
    const hw = read(text).scenario.hardware!;
    expect(hw.count).toBe(count);
    expect(Math.round(hw.capacityBytes / 2 ** 30)).toBe(gib);
  });
});

describe('a bare count in the clause of a usage figure is that figure\'s (countsOfUsage)', () => {
  it("reads c803's thread as two 8g cards, not the one card of '单卡…需要9g'", () => {
    const text = '单卡部署qwen-7b推理大概需要9g左右的显存，然后给他放到两张8g的卡上跑推理';
    const { scenario, said } = read(text);
    expect(scenario.hardware?.count).toBe(2);
    expect(said).toMatch(/"单卡" read as the cards of a usage figure/);
  });

  it('keeps the count when the message counts its cards nowhere else (invented)', () => {
    expect(read('qwen-7b 单卡推理需要9g显存 on 24GB').scenario.hardware?.count).toBe(1);
  });
});
