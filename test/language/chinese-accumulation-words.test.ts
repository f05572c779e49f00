import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isForeignFiller } from '../../src/language/foreign-filler.js';
import { read } from './reading-fixtures.js';

/**
 * Gradient accumulation and checkpointing named in Chinese (prose.chinese-words): "请问为什么梯度累积是1？"
 * (yangzhipeng1108/DeepSpeed-Chat-ChatGLM#1), "梯度累积（gradient accumulation）" (PlayVoice/whisper-vits-svc#122).
 * They had been listed as not read, with "no gradient accumulation (default)" beside them. Traditional
 * characters read as simplified, the filler words too (會不會 is 会不会).
 */
describe('梯度累积 / 梯度检查点: the settings named in Chinese', () => {
  it('real: DeepSpeed-Chat-ChatGLM#1, gradient accumulation 1 on one A100', () => {
    expect(read('请问为什么梯度累积是1？单张A100训练chatglm-6b 显存爆了').scenario.gradAccum).toBe(1);
  });

  it('invented: simplified and traditional, the number after the word, checkpointing turned on', () => {
    const cases: [string, number][] = [
      ['8张3090全参数微调qwen2-7b，zero3，梯度累积8', 8],
      ['8张3090全参数微调qwen2-7b，zero3，梯度累加 4', 4],
      ['8張RTX 3090做Qwen2-7B全參數微調，用deepspeed zero3，cutoff_len 2048，每卡batch 1，梯度累積8，會不會爆顯存？', 8],
    ];
    for (const [text, ga] of cases) expect(read(text).scenario.gradAccum, text).toBe(ga);
    expect(read('8张3090全参数微调qwen2-7b，zero3，开了梯度检查点').scenario.recompute).toBe('full');
    expect(read('8張3090全參數微調qwen2-7b，zero3，開了梯度檢查點').scenario.recompute).toBe('full');
  });

  it('property: a filler word reads as filler in either script', () => {
    const pairs: [string, string][] = [['會不會', '会不会'], ['請問', '请问'], ['為什麼', '为什么'], ['還是', '还是']];
    fc.assert(
      fc.property(fc.constantFrom(...pairs), ([traditional, simple]) => {
        expect(isForeignFiller(traditional)).toBe(isForeignFiller(simple));
      }),
    );
  });
});
