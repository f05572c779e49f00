import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * b19, alibaba/Megatron-LLaMA#34 (corpus c718): "设置8张量并行，1流水线并行" (tensor parallel 8, pipeline
 * parallel 1) was not read. A parallel size in Chinese, before or after its name, is tp / pp / ep
 * (training.parallel-size-zh).
 */

describe('parallel sizes said in Chinese', () => {
  it.each([
    ['训练LLaMA2-70B模型，4个节点，A800*80GB 设置8张量并行，1流水线并行，训练报错', 8, 1],
    ['llama-2-70b 全参 张量并行为8 on 32x a800', 8, 1],
    ['llama-2-70b 全参 8路张量并行，流水线并行度 2 on 32x a800', 8, 2],
    ['llama-2-70b 全参，管道并行=4，张量并行：2，32张a800', 2, 4],
  ])('%s: tp %i pp %i', (text, tp, pp) => {
    const s = read(text).scenario;
    expect([s.parallel.tp, s.parallel.pp]).toEqual([tp, pp]);
  });

  it('the name alone, asked about, sets nothing: "是不是没开张量并行"', () => {
    expect(read('qwen2.5-32b 推理 4卡a100，是不是没开张量并行？').scenario.parallel.tp).toBe(1);
  });
});
