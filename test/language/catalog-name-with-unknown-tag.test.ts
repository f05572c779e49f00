import { describe, expect, it } from 'vitest';
import { read, readsAs } from './reading-fixtures.js';

/**
 * A catalog model's name with a tag the catalog does not know glued after it (rmodel20, issue 22): a release
 * or conversion tag ("DeepSeek-R1-Channel-INT8", sgl-project/sglang#4418 c2845 b83; "Kimi-K2.5",
 * SemiAnalysisAI/InferenceX#1587 c2607 b76; "DeepSeek-V3.1-w8a8-mtp-QuaRot", vllm-project/vllm-ascend#11255
 * c3190 b95) is that model, read on weak evidence: the reply names the model it read and the words it did not
 * know, so the user can correct it. These variations were written from the phenomenon before the fix.
 */

describe('a catalog name with an unknown tag after it is that model, said', () => {
  it.each<[string, string]>([
    ['Support serving DeepSeek-R1-Channel-INT8 with 32 L40S.', 'deepseek-r1'],
    ['vllm serve deepseek-ai/DeepSeek-R1-Zero --tensor-parallel-size 8 on 8x H200', 'deepseek-r1'],
    ['Running DeepSeek-V3.1-Terminus on 16 H100s with sglang runs out of memory', 'deepseek-v3'],
    ['Kimi-K2.5 INT4 on 8×H100 with TP=8 crashes at startup (KV cache OOM)', 'kimi-k2'],
    ['我在8张H20上部署 Kimi-K2.5，显存不够', 'kimi-k2'],
    ['serve the DeepSeek-R1-AWQ-Channelwise checkpoint on 8x A100 80G', 'deepseek-r1'],
    ['`DeepSeek-V3-w8a8-QuaRot`: requires at least 2 nodes of 8x 64GB', 'deepseek-v3'],
    ['can 8x H200 run kimi-k2-instruct-custom in fp8?', 'kimi-k2'],
    ['Mixtral-8x7B-Instruct-v0.1-limarp-zloss lora on 2x A100 80G', 'mixtral-8x7b'],
  ])('%s', (text, name) => {
    readsAs(text, name);
  });

  it('keeps a weight format written inside the tag (c3190: "-w8a8-mtp-QuaRot")', () => {
    const got = read('vllm serve DeepSeek-V3.1-w8a8-mtp-QuaRot on 16x H100').scenario;
    expect(got.weights).toEqual(read('vllm serve deepseek-v3 int8 on 16x H100').scenario.weights);
  });

  it('says the words it did not know beside the model it read', () => {
    expect(read('Support serving DeepSeek-R1-Channel-INT8 with 32 L40S.').said).toMatch(/DeepSeek-R1-Channel/i);
  });

  it.each<[string]>([
    // A kind word after the name is another model (model-kinds.ts): never its text twin.
    ['serve Qwen2.5-7B-VL on a 4090'],
  ])('a kind word after the name is not the text model: %s', (text) => {
    expect(() => readsAs(text, 'qwen2.5-7b')).toThrow();
  });
});

describe('a tail that may name another model is not read as the head', () => {
  it.each<[string, string]>([
    // Written with the variations, before the fix: "-Pro" names another member as "-mini" does (OTHER_MEMBER).
    ['DeepSeek-R1-Pro 部署需要多少显存？8卡 H100 够吗', 'deepseek-r1'],
    ['fine-tune Phi-4-mini-instruct with lora on a 4090', 'phi-4'],
    ['训练qwen-vl-2,5-3b出现oom, lora on 4x h100', 'qwen-vl-9.6b'],
  ])('%s', (text, name) => {
    expect(() => readsAs(text, name)).toThrow();
  });
});
