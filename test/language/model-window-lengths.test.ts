import { describe, expect, it } from 'vitest';
import { corpusLineRead, readNoticed } from './reading-fixtures.js';

/**
 * s32: a model's own window is not the user's length (reconcile/cues.ts modelWindows). b67–b69 at first sight:
 * "gemma-3-12b-it … has a long-context of 128k tokens" beside max_model_len=4096 (c2386) and "It should be
 * 128K, right?" against a /models answer of "max_model_len":8096 (c2426) both read 131072. Invented
 * variations, first sight 4 of 8 right (1 flagged); after, 6 of 8 (the Korean flag value "4096으로" and a
 * model refusal left).
 */
describe("the model's window said beside the run's length", () => {
  it.each([
    ['gemma-3-12b-it fits in 2x24G GPU but has a long-context of 128k tokens, so I start vllm with --max-model-len 4096 --tensor-parallel-size 2', 4096],
    ['Llama 3.1 8B has a 128k context window, but I serve it with vllm --max-model-len 8192 on a L4', 8192],
    ['qwen2.5-7b-instruct supports up to 128K tokens; my vllm server runs with max_model_len=16384 on one 4090 and OOMs', 16384],
    ['vllm serve Qwen/Qwen2.5-14B-Instruct --max-model-len 8096 on an A100 40GB. It should be 32K, right?', 8096],
    ['Qwen2-7B 模型本身支持128k上下文，我用vllm部署时 max_model_len=8192，4090 显存还是不够', 8192],
    ["the model's context is 128k while I only need 4k: vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len 4096 on a T4", 4096],
  ])('%s', (text, seq) => {
    expect(readNoticed(text).s.seq).toBe(seq);
  });

  it('a length the user sets with "should be" and a key stays theirs', () => {
    expect(readNoticed('llama-3-8b vllm on a 4090, max_model_len should be 8192').s.seq).toBe(8192);
  });

  it('c2386 and c2426: the key the run was given, not the window', () => {
    expect(corpusLineRead('c2386').scenario.seq).toBe(4096);
    expect(corpusLineRead('c2426').scenario.seq).toBe(8096);
  });
});
