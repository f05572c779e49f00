import { describe, expect, it } from 'vitest';
import { segmentsOf } from '../../src/language/segments/index.js';
import { corpusText } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Batch b16 (test/corpus/first-sight.md), c634: an exception quoted as inline code
 * ("`ValueError: The model's max seq len (32768) is larger than …`") is the engine's log, not a
 * question the user asks; its "max seq len" set the "what max length" question
 * (segments/rules.ts, log.exception).
 */
const lineText = corpusText;

describe('an exception quoted as inline code is a log line', () => {
  it('c634 (QwenLM/Qwen3#16): vLLM\'s KV-cache error asks no "max seq" question', () => {
    const { scenario } = read(lineText('c634'));
    expect(scenario.question.kind).not.toBe('maxSeq');
    expect(scenario.hardware).toMatchObject({ gpuId: 'rtx-3090', count: 1 });
  });

  it.each([
    "vllm serve qwen1.5-7b on a 3090\n`ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be stored in KV cache (24320).`",
    "serve qwen1.5-7b on 1x rtx 3090\nerror:\n  `ValueError: The model's max seq len (32768) is larger than the KV cache`",
    "在一张3090上用vllm部署qwen1.5-7b，报错：\n`ValueError: The model's max seq len (32768) is larger than the maximum number of tokens`",
  ])('%s', (text) => {
    expect(read(text).scenario.question.kind).not.toBe('maxSeq');
  });

  it('the line is segmented as a log', () => {
    const segments = segmentsOf("model: qwen\n`ValueError: The model's max seq len (32768) is larger`\n");
    expect(segments.some((s) => s.kind === 'log' && s.rule === 'log.exception')).toBe(true);
  });

  it('the question asked in the user\'s own words is still read beside it', () => {
    const text = "vllm serve qwen1.5-7b on a 3090, what max seq len can I use?\n`ValueError: The model's max seq len (32768) is larger than the maximum number of tokens`";
    expect(read(text).scenario.question.kind).toBe('maxSeq');
  });
});
