import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Batch b16 (test/corpus/first-sight.md), c632: a thread's cards ("deepseekv3.1 on 8xH20", read as
 * an HF layer split, pp 8) hold the split of a follow-up that says only its tp
 * (`--tensor-parallel-size 8`): tp 8 on the thread's 8 cards, not tp 8 × pp 8 on 64
 * (scenario/split.ts, carriedPipelineFitted).
 */
const line = loadCorpus().find((l) => l.id === 'c632')!;

function inThread(text: string, thread: string) {
  const opened = readInThread(thread, null).outcome;
  const state = opened.ok && opened.scenario ? { scenario: opened.scenario, history: [] } : null;
  const r = readInThread(text, state).outcome;
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
}

describe("a follow-up's tp fits the thread's cards", () => {
  it('c632 (sgl-project/sglang#9590): --tensor-parallel-size 8 after "on 8xH20" is tp 8 on 8 cards', () => {
    const { s, said } = inThread(line.text, line.thread!);
    expect({ tp: s.parallel.tp, pp: s.parallel.pp, count: s.hardware!.count }).toEqual({ tp: 8, pp: 1, count: 8 });
    expect(said).toMatch(/pp 1: the earlier pp 8 with this message's tp 8 would need 64 GPUs, and the thread says 8/);
  });

  it.each([
    ['qwen2.5-72b inference on 4x A100 80GB', 'vllm serve Qwen/Qwen2.5-72B-Instruct --tensor-parallel-size 4', 4, 1, 4],
    ['qwen2.5-72b 推理 8张A100', '启动命令: vllm serve Qwen/Qwen2.5-72B-Instruct --tensor-parallel-size 4', 4, 2, 8],
  ])('%s, then %s', (thread, text, tp, pp, count) => {
    const { s } = inThread(text, thread);
    expect({ tp: s.parallel.tp, pp: s.parallel.pp, count: s.hardware!.count }).toEqual({ tp, pp, count });
  });

  it('property: tp × pp never exceeds the thread\'s cards when the follow-up says only tp', () => {
    fc.assert(
      fc.property(fc.constantFrom(2, 4, 8), fc.constantFrom(1, 2, 4, 8), (cards, tp) => {
        fc.pre(tp <= cards);
        const { s } = inThread(`vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size ${tp}`, `llama-3.1-70b inference on ${cards}x H100`);
        expect(s.parallel.tp * s.parallel.pp).toBeLessThanOrEqual(cards);
        expect(s.hardware!.count).toBe(cards);
      }),
      { numRuns: 12 },
    );
  });
});
