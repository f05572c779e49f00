import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * b19, huggingface/trl#876 (corpus c725): "a CUDA OOM error on A100 GPU on Colab regardless of batch
 * size, gradient accumulation steps, or precision level (fp16 or bf16)". Settings said not to matter
 * set nothing (prose.regardless-of); the first of "fp16 or bf16" had become the precision.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('settings said not to matter set nothing', () => {
  it('c725: the precision is the default, not fp16', () => {
    const s = read(line('c725').text).scenario;
    expect(s.compute).toBe(read('mistral-7b full on 1x a100').scenario.compute);
  });

  it.each([
    ['llama-2-7b full on 1x a100: OOM no matter what batch size (1 or 8) I use', 1],
    ['llama-2-7b full on 1x a100 fails irrespective of the precision, fp16 or bf16', 1],
    ['llama-2-7b full on 1x a100 with batch 4, OOM regardless of seq 512 or 1024', 4],
  ])('%s', (text, batch) => {
    const s = read(text).scenario;
    expect(s.microBatch).toBe(batch);
    expect(s.compute).toBe(read('llama-2-7b full on 1x a100').scenario.compute);
  });

  it('a setting said before "regardless" stays: "fp16 … regardless of batch size"', () => {
    expect(read('llama-2-7b full fp16 on 1x a100 OOMs regardless of batch size').scenario.compute).toBe('fp16');
  });
});
