import { describe, expect, it } from 'vitest';
import { PROMPT_BATCHES } from '../../src/language/reconcile/prompt-batches.js';
import { corpusLineRead, readNoticed } from './reading-fixtures.js';

/**
 * Beside llama.cpp and the apps on it (LM Studio, koboldcpp), "batch" and "micro-batch" said in prose are the
 * prompt-processing batch (n_batch / n_ubatch), tokens a step, not sequences (issue 22, rseq10; c2239).
 * Invented variations, scored before the fix (on the build with the global-batch pass): 1 of 6 read right,
 * five silent (the batch read as 128 to 4096 sequences).
 */

const PROMPT_TOKENS = /llama\.cpp's prompt tokens processed per step/;

describe('a batch beside llama.cpp is prompt tokens a step, not sequences', () => {
  it('its runtime pattern names its own example', () => {
    expect(PROMPT_BATCHES.runtime.test(PROMPT_BATCHES.example)).toBe(true);
  });

  it.each([
    'LM Studio running qwen2.5-14b q4_k_m on a 4090: batch 2048, microbatch 512, context 16384',
    'llama.cpp llama-3-8b q8_0 on a 3090 with batch size 4096 and ubatch 1024, ctx 8192',
    'koboldcpp gemma-2-9b q4_k_m on a 12GB 3060, batch 512 micro batch 256, context 4096',
    'LM Studio 跑 qwen2.5-32b q4_k_m，4090，batch 2048，microbatch 512，上下文 8192',
    'Running llama-3.1-8b Q4_K_M in LM Studio on a 16GB 4060 Ti; settings: context 8192, batch 512, micro batch 128',
  ])('%s', (text) => {
    const { s, said } = readNoticed(text);
    expect(s.microBatch).toBe(1);
    expect(s.gradAccum).toBe(1);
    expect(said).toMatch(PROMPT_TOKENS);
  });

  it('the flags keep their own reading: llama-server -b 4096 -ub 1024 is one sequence', () => {
    const { s } = readNoticed('llama-server -m qwen2.5-7b-instruct-q4_k_m.gguf -c 8192 -b 4096 -ub 1024 on a 4090');
    expect(s.microBatch).toBe(1);
  });

  it('a training run beside llama.cpp keeps its batch', () => {
    const { s } = readNoticed('finetune llama-3-8b lora bs 4 on a 4090, then export to llama.cpp');
    expect(s.microBatch).toBe(4);
  });

  it('c2239 (an LM Studio report): "batch 8192, microbatch 128 … one slot" is one sequence', () => {
    const { scenario } = corpusLineRead('c2239');
    expect(scenario.microBatch).toBe(1);
    expect(scenario.gradAccum).toBe(1);
  });
});
