import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { read } from './reading-fixtures.js';

/**
 * "How many at once can it serve?" asked in Chinese, Japanese or Korean is the largest serving batch, as
 * "how many concurrent requests" is (question-serving.ts); a concurrency stated with its number is no question.
 */
describe('a concurrency asked in Chinese, Japanese or Korean is "max batch"', () => {
  const SETUP = 'vllm部署DeepSeek-R1-Distill-Qwen-32B，两张A100 40G，max-model-len 8192，tensor-parallel-size 2，';
  it.each(['显存够吗？大概能支持多少并发？', '最大并发是多少？', '能跑几路并发', '可以支持多少个并发用户？', '同时支持多少用户？'])('%s', (asked) => {
    expect(canonicalText(read(SETUP + asked).scenario)).toMatch(/max batch$/);
  });

  it.each([
    'qwen2.5-7b を vllm で 1x a100-80g、max-model-len 8192 で同時に何リクエスト処理できますか？',
    'vllm로 qwen2.5-7b 를 1x a100-80g 에서 max-model-len 8192 로 서빙하면 동시 사용자 몇 명까지 가능한가요?',
  ])('%s', (text) => expect(canonicalText(read(text).scenario)).toMatch(/max batch$/));

  it('a concurrency stated with its number is no question', () => {
    expect(canonicalText(read(`${SETUP}并发 16，显存够吗？`).scenario)).not.toMatch(/max batch/);
  });
});
