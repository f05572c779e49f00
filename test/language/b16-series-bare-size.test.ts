import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * Batch b16 (test/corpus/first-sight.md), c616: "GRPO fine-tune Qwen3 0.6 model" names the series
 * and a size without its "b" before the word "model": that member (Qwen3-0.6B), said as read,
 * not the series' default 8B (read-tokens/model-names.ts, nameSeries).
 */
const modelId = (text: string) => read(text).scenario.model.id;

describe('a series with a bare size before "model" is that member', () => {
  it('c616 title (huggingface/trl#3456): "Qwen3 0.6 model" is Qwen3-0.6B', () => {
    const r = read('Out of Memory when GRPO fine-tune Qwen3 0.6 model on 80G A100 GPU');
    expect(r.scenario.model.id).toBe('qwen3-0.6b');
    expect(r.said).toMatch(/"qwen3 0\.6" read as qwen3-0\.6b/i);
  });

  it.each([
    ['serve the qwen2.5 72 model on 4x A100', 'qwen2.5-72b'],
    ['qwen3 4 model, full fine-tune on one H100', 'qwen3-4b'],
    ['Qwen3-0.6 model GRPO on an A100', 'qwen3-0.6b'],
  ])('%s', (text, id) => {
    expect(modelId(text)).toBe(id);
  });

  it('a number that counts something else is no size: "qwen3 8 GPUs" stays the series, said', () => {
    const r = read('qwen3 8 GPUs training');
    expect(r.scenario.hardware?.count ?? r.scenario.unnamedGpus).toBe(8);
    expect(r.said).toMatch(/qwen3 — which size: 0\.6b, [^?]*\? read as 8b/);
  });

  it('a number no member is sized by is not read as a size', () => {
    expect(read('qwen3 3 model full fine-tune on an H100').said).toMatch(/names no size|qwen3/i);
  });
});
