import { describe, expect, it } from 'vitest';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * s32 (rcount): parallel degrees written as labels set the degree, and a card named with no count then has
 * that many. c2385 (an SGLang recipe's pull request: "deltas compare non-MTP … rows only. The May artifact has
 * non-MTP TP8/EP8 rows …") lost TP8/EP8 because a "compare" with no "vs" after it failed the parse at its end
 * (orphan-family.ts now sets it aside first), and "8-way TP" was no item at all (prose.n-way-parallel).
 * Variations invented (first sight 2 of 12, after 12 of 12).
 */

const layout = (text: string) => {
  const s = read(text).scenario;
  return { gpu: s.hardware?.gpuId ?? null, count: s.hardware?.count ?? null, tp: s.parallel.tp, pp: s.parallel.pp, ep: s.parallel.ep };
};

describe('a "compare" with nothing to compare costs no setting', () => {
  it.each([
    ['Updates Qwen3-235B-A22B-FP8 H100 SGLang recipes. Note: deltas compare non-MTP rows only. The old artifact has TP8/EP8 rows at conc 4, 8, 16 and 32.', 'h100-80g', 8, 8, 1, 8],
    ['To compare, I serve llama 3 70b with vllm on H100 at tp 4', 'h100-80g', 4, 4, 1, 1],
    ['llama 3 70b with vllm on A100 80GB. For comparison the numbers are from tp=2 runs.', 'a100-80g', 2, 2, 1, 1],
    ['I want to compare throughput: vllm serving llama 3 70b, tensor parallel 8 on H100', 'h100-80g', 8, 8, 1, 1],
    ['benchmark diff for llama 3 70b sglang on H200: TP8 rows only', 'h200', 8, 8, 1, 1],
  ])('%s', (text, gpu, count, tp, pp, ep) => {
    expect(layout(text)).toEqual({ gpu, count, tp, pp, ep });
  });

  it('c2385: TP8/EP8 on eight H100s', () => {
    const s = corpusLineRead('c2385').scenario;
    expect([s.hardware?.gpuId, s.hardware?.count, s.parallel.tp, s.parallel.ep]).toEqual(['h100-80g', 8, 8, 8]);
  });
});

describe('an N-way degree is the degree', () => {
  it.each([
    ['serving llama 3 70b with vllm using 8-way TP on H100', 'h100-80g', 8, 8, 1, 1],
    ['serving llama 3 70b with vllm using 4-way tensor parallelism on A100 80GB', 'a100-80g', 4, 4, 1, 1],
    ['llama 3 70b vllm 4 way tensor parallel on H100', 'h100-80g', 4, 4, 1, 1],
    ['用vllm部署llama 3 70b，8路张量并行，H100', 'h100-80g', 8, 8, 1, 1],
    ['vllm serve llama 3 70b on H100 with 2-way pipeline parallel and 4-way tensor parallel', 'h100-80g', 8, 4, 2, 1],
    ['sglang, qwen3-235b-a22b fp8, 8-way EP and 8-way TP on H200', 'h200', 8, 8, 1, 8],
  ])('%s', (text, gpu, count, tp, pp, ep) => {
    expect(layout(text)).toEqual({ gpu, count, tp, pp, ep });
  });
});
