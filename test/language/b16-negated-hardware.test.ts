import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Batch b16 (test/corpus/first-sight.md), c631: hardware the user says they do not have is not
 * theirs, and "I only have one" right after it is one of those cards — all they have, so a split
 * or a node count that needs more is set aside (reconcile/negated-hardware.ts).
 */
const lineText = (id: string) => loadCorpus().find((l) => l.id === id)!.text;
const cards = (text: string) => {
  const s = read(text).scenario;
  return { gpu: s.hardware?.gpuId ?? null, count: s.hardware?.count ?? null, tp: s.parallel.tp };
};

describe('hardware the user says they do not have', () => {
  it('c631 (deepseek-ai/DeepSeek-V3#401): "I don\'t have 8 x NVIDIA H200 GPUs (in fact, I only have one)" is one H200, not 16', () => {
    expect(cards(lineText('c631'))).toEqual({ gpu: 'h200', count: 1, tp: 1 });
    const said = read(lineText('c631')).said;
    expect(said).toMatch(/"8 x NVIDIA H200" set aside: hardware you say you do not have/);
    expect(said).toMatch(/"--tp 8" set aside: it needs 8 GPUs, more than the 1 you say is all you have/);
  });

  it.each([
    ["I don't have 4x A100 80GB (actually I only have one), can I serve llama-3-8b?", 'a100-80g', 1],
    ['我没有8张A100，只有一张，能跑llama-3-8b推理吗', 'a100-80g', 1],
    ['we do not have 8 H100s; we just have 2. serve llama-3-70b with vllm', 'h100-80g', 2],
    ["I haven't got 8x L40S, I only have one. serve llama-3-8b", 'l40s', 1],
  ])('%s', (text, gpu, count) => {
    expect(cards(text)).toMatchObject({ gpu, count });
  });

  it('a denied card beside the one the user has leaves theirs', () => {
    expect(cards("I don't have an H100, can I run llama-3-8b inference on my 3090?")).toMatchObject({ gpu: 'rtx-3090', count: 1 });
  });

  it('cards said without a denial stay', () => {
    expect(cards('I have 8 H100s, serve llama-3-70b')).toMatchObject({ gpu: 'h100-80g', count: 8 });
    expect(cards("I have 8 H100s, don't know why serve llama-3-70b fails")).toMatchObject({ gpu: 'h100-80g', count: 8 });
  });

  it('property: whatever count is denied, the count said after "only" is read', () => {
    const words = ['one', 'two', 'three', 'four'];
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 16 }), fc.integer({ min: 1, max: 4 }), fc.constantFrom('H100', 'A100 80GB', 'L40S'), (denied, own, card) => {
        fc.pre(own < denied);
        const text = `I don't have ${denied}x ${card} (in fact, I only have ${words[own - 1]}). serve llama-3-8b`;
        expect(cards(text).count).toBe(own);
      }),
      { numRuns: 30 },
    );
  });
});
