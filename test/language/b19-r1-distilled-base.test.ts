import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read, readNoticed } from './reading-fixtures.js';

/**
 * b19, kvcache-ai/ktransformers#210 (corpus c732): "12G显存 64G内存，能不能跑deepseek蒸馏版的qwen-32B" (DeepSeek's
 * distilled Qwen-32B). DeepSeek-R1-Distill-Qwen-32B is a Qwen2.5-32B fine-tune; "qwen-32B" alone had
 * read as the nearest Qwen, Qwen3-32B (prose.r1-distilled-base).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe("DeepSeek's distilled Qwen or Llama is the distill's base", () => {
  it('c732: Qwen2.5-32B', () => {
    expect(read(line('c732').text).scenario.model.id).toBe('qwen2.5-32b');
  });

  it.each([
    ['can I run the DeepSeek distilled Qwen 32B on 1x 4090', 'qwen2.5-32b'],
    ['R1-distilled llama-70b on 2x a100', 'llama-3.1-70b'],
    ['qwen-32b distilled from deepseek on 1x 4090', 'qwen2.5-32b'],
    ['能不能在4090上跑deepseek的蒸馏版qwen 14b', 'qwen2.5-14b'],
  ])('%s: %s', (text, id) => {
    expect(read(text).scenario.model.id).toBe(id);
  });

  it('"qwen-32b" with no distill is not read as the distill', () => {
    // Read as Qwen2.5-32B by its family and size alone (scenario/family-size.ts), said as a guess of
    // the release, not as R1's distill.
    const r = readNoticed('qwen-32b on 1x a100');
    expect(r.s.model.id).toBe('qwen2.5-32b');
    expect(r.said).not.toMatch(/distill/i);
    expect(r.said).toMatch(/Qwen2\.5-32B — from "qwen-32b"\? say "qwen3-32b" or "qwen1\.5-32b" if you mean another generation/);
  });
});
