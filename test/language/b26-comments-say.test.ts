import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * "我看一些评论说正常 1B 参数 fp32 推理需要 4G左右" (I saw some comments say 1B parameters in fp32 need about 4G
 * for inference; QwenLM/Qwen#1297, c945): what comments, someone or the web say (评论说, 有人说, 网上说) is
 * another's figure (owner.reference.zh), as 听说 and 据说 are; its fp32 is not the user's weights.
 */
describe('what comments say is not the setup', () => {
  it('Qwen#1297: the fp32 of the comments sets no precision', () => {
    const { scenario } = read('我看一些评论说正常 1B 参数 fp32 推理需要 4G左右。\nqwen 7B 推理只需要8.2G  比理论上少 20G 请问是怎么做到的呢？');
    expect(scenario.recipe).not.toBe('fp32');
    expect(['bf16', 'fp16']).toContain(scenario.weights);
  });

  it.each([
    ['有人说 (invented)', '有人说 1B 参数 fp32 推理要 4G。我用 qwen-7b 推理，在 1x 24GB 上'],
    ['网上说 (invented)', '网上说 1B 参数 fp32 推理要 4G。我用 qwen-7b 推理，在 1x 24GB 上'],
  ])('%s: no fp32', (_name, text) => {
    expect(read(text).scenario.recipe).not.toBe('fp32');
  });

  it('the user\'s own fp32 is still read (invented)', () => {
    expect(read('我用 fp32 推理 qwen-7b，在 1x a100-80g 上').scenario.recipe).toBe('fp32');
  });
});
