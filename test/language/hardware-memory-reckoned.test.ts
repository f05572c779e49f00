import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Memory the user measures or reckons is no card (issue 22 §3: the grammar's guards). "我这边用自己量化的和官方
 * 量化的int4模型要22gb左右是否正常" (it takes about 22gb, is that normal? InternLM/lmdeploy#452, corpus c917)
 * and "qwen 7B 推理只需要8.2G 比理论上少 20G" (20G less than in theory, QwenLM/Qwen#1297, c945) were read as
 * a 22 GB and a 20 GB card; c945's "。7B *4 =28G" (the user's fp32 reckoning after a Chinese full stop)
 * as four 28 GB cards. An amount with 左右 (about) after it, a difference said with 比…少/多, and the
 * weights' arithmetic after a full stop with no space are set aside.
 */
const hardwareOf = (text: string) => {
  const r = resolveRequest(text, null);
  return r.ok && r.scenario ? r.scenario.hardware : r;
};

describe('memory reckoned or measured is no card', () => {
  it.each([
    'internlm-20b awq 量化后启动 gradio 服务运行大概显存占多少，我这边用自己量化的和官方量化的int4模型要22gb左右是否正常',
    '我看一些评论说正常 1B 参数 fp32 推理需要 4G左右。7B *4 =28G\nqwen 7B 推理只需要8.2G  比理论上少 20G 请问是怎么做到的呢？',
    'qwen-7b 推理，int4 模型大概要 6G 左右，正常吗',
    'qwen-7b 推理只用了9G，比预期少了 6G',
  ])('"%s"', (text) => {
    expect(hardwareOf(text)).toBeNull();
  });

  it('a card of about 24G keeps its memory ("24G左右的显卡")', () => {
    expect(hardwareOf('qwen-7b 推理 用一张24G左右的显卡')).toMatchObject({ capacityBytes: 24 * 2 ** 30 });
  });

  it('c803\'s thread keeps its two 8G cards beside "单卡…大概需要9g左右的显存"', () => {
    const text = '单卡部署qwen-7b推理大概需要9g左右的显存，然后给他放到两张8g的卡上跑推理，0卡的显存占用是2g多，1卡的显存占用是7.8g';
    expect(hardwareOf(text)).toMatchObject({ count: 2, capacityBytes: 8 * 2 ** 30 });
  });
});
