import { describe, expect, it } from 'vitest';
import { scanHardware } from '../../src/language/hardware/index.js';
import { normalise } from '../../src/language/normalise.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Branch rforum (batch b38, questions written as forum posts): a count said right after its card
 * with nothing between ("4090单卡", "4090双卡") is the count of that card, so the first setup a
 * forum question names is read, and a fallback said after it ("不行的话两张4090能否…", "if not,
 * two?") stays another run, as it does when the first setup carries its count.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const gpusOf = (text: string) => {
  const { scenario } = read(text);
  return { count: scenario.hardware!.count, gpu: scenario.hardware!.gpuId };
};
const scan = (text: string) => scanHardware(normalise(text).text).readings.map((r) => r.canonical);

describe('a count glued after its card', () => {
  it('"请问用4090单卡是否可以lora微调13b模型？不行的话两张4090…" is one 4090, the two a fallback (Facico/Chinese-Vicuna#146, c1290)', () => {
    expect(gpusOf(lineText('c1290'))).toEqual({ count: 1, gpu: 'rtx-4090' });
  });

  it.each([
    ['用4090单卡能否lora微调qwen2.5-7b？不行的话两张4090呢', 1, 'rtx-4090'],
    ['A100单卡能不能全参微调qwen2.5-1.5b，如果不行就用四张A100', 1, 'a100-80g'],
    ['3090双卡跑qwen2-7b lora可以吗', 2, 'rtx-3090'],
    ['4090双卡 lora微调llama-3-8b，不行的话换8卡', 2, 'rtx-4090'],
    ['H800单卡推理qwen2.5-72b够吗', 1, 'h800'],
  ])('"%s" is %i × %s (invented)', (text, count, gpu) => {
    expect(gpusOf(text)).toEqual({ count, gpu });
  });

  it('"V100单卡有32G显存" says what each card has, no count: the user\'s "2张4090卡" stays the setup (hiyouga/LlamaFactory#1878, c1280)', () => {
    expect(gpusOf(lineText('c1280'))).toEqual({ count: 2, gpu: 'rtx-4090' });
    expect(scan('V100单卡有32G显存这个没法尝试')).not.toContain('1x v100');
    expect(scan('A100单卡为80G')).not.toContain('1x a100');
  });

  it('a number that is no card before 单 stays none ("第1单卡" is no count, "2单卡" neither)', () => {
    expect(scan('用了2单卡')).toEqual([]);
  });
});
