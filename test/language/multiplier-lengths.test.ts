import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { readNoticed } from './reading-fixtures.js';

/**
 * A multiplier belongs to the number it follows, with or without a hyphen or a space, in every script:
 * "Document 1M-token training" (huggingface/trl#6846, corpus c2641) had left "1M" as a model size nobody has and
 * read "a book-length sequence per step on one 8xH100 node" as seq 1. The variations are invented (first sight
 * on the code before the fix: 5 of 10 right).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('a length with its multiplier is one number', () => {
  it.each([
    ['Document 1M-token training for qwen3-8b on 8xH100', 1_048_576],
    ['qwen3-8b training at 1M tokens per sequence, 8x H100', 1_048_576],
    ['can i run llama-4-scout with a 2M context on 8 h100s?', 2_097_152],
    ['qwen2.5-7b-instruct-1m 用vllm部署，上下文开到1百万 token，8张A100够吗', 1_000_000],
    ['用 qwen3-14b 训练，序列长度 32千 token，4张4090', 32_000],
    ['Qwen2.5-14B-Instruct-1M 모델을 1M 컨텍스트로 vLLM 서빙하려면 H100 몇 장 필요한가요?', 1_048_576],
    ['llama-3.1-8b 1M上下文 推理 on 8x h100', 1_048_576],
    ['fine-tune qwen2.5-7b lora on 1.5k-token samples on a 4090', 1536],
  ])('%s', (text, seq) => {
    expect(readNoticed(text).s.seq).toBe(seq);
  });

  it('a data set counted in millions of tokens is no length', () => {
    expect(readNoticed('pretrain a 1b model on 300M tokens on 8x a100').s.seq).not.toBe(300 * 1_048_576);
    expect(readNoticed('qwen2.5-7b full fine-tune with 2M tokens of data on 8x a100').s.seq).not.toBe(2_097_152);
  });

  it('"1M-token training" keeps the training word for the mode', () => {
    expect(readNoticed('Document 1M-token training for qwen3-8b on 8xH100').s.mode).not.toBe('inference');
  });

  it('c2641: seq 1048576, not the "one" of "on one 8xH100 node"', () => {
    const { s, said } = readNoticed(line('c2641').text);
    expect(s.seq).toBe(1_048_576);
    expect(said).toMatch(/1 token is no length/);
  });
});
