import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * b19: a tp said in a follow-up that names no count replaces the thread's layer split over its
 * cards (scenario/split.ts, carriedPipelineFitted). "[Bug] Llama4 Scout will hit OOM during
 * launch_server on 8 H200" reads as HF generate (pp 8); SGLang's `--tp 8` in the reply
 * (sgl-project/sglang#5755, c728) became tp 8 × pp 8 = 64 GPUs, and "tp 8" after "llama-2-70b
 * inference on 8x a100" was refused as a split 8 GPUs cannot hold.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

function inThread(text: string, thread: string): { scenario: Scenario; said: string } {
  const opened = readInThread(thread, null);
  const state = opened.outcome.ok && opened.outcome.scenario ? { scenario: opened.outcome.scenario, history: [] } : opened.waiting;
  const outcome = readInThread(text, state).outcome;
  if (!outcome.ok || !outcome.scenario) throw new Error(`not read: ${text.slice(0, 80)}: ${outcome.ok ? 'help' : outcome.error.message}`);
  return { scenario: outcome.scenario, said: outcome.assumptions.join(' | ') };
}
const gpus = (s: Scenario) => s.hardware?.count ?? s.unnamedGpus ?? 1;

describe("a follow-up's tp on the thread's cards replaces the thread's layer split", () => {
  it('c728: SGLang --tp 8 after "launch_server on 8 H200" is tp 8 on 8 GPUs, said', () => {
    const { scenario, said } = inThread(line('c728').text, line('c728').thread!);
    expect(gpus(scenario)).toBe(8);
    expect([scenario.parallel.tp, scenario.parallel.pp]).toEqual([8, 1]);
    expect(said).toMatch(/pp 1: the earlier pp 8 with this message's tp 8 would need 64 GPUs, and the thread has 8/);
  });

  it('c632: --tensor-parallel-size 8 after a title of 8 H20 is tp 8 on 8 GPUs (sgl-project/sglang#9590)', () => {
    const { scenario } = inThread(line('c632').text, line('c632').thread!);
    expect(gpus(scenario)).toBe(8);
    expect([scenario.parallel.tp, scenario.parallel.pp]).toEqual([8, 1]);
  });

  it('any spelling of tp, any count it divides: the count stays, tp × pp fills it (property)', () => {
    const spellings = [(n: number) => `tp ${n}`, (n: number) => `--tensor-parallel-size ${n}`, (n: number) => `vllm serve with tensor_parallel_size=${n}`, (n: number) => `what about TP${n}?`];
    fc.assert(
      fc.property(fc.constantFrom(2, 4, 8), fc.constantFrom(1, 2, 4, 8), fc.constantFrom(...spellings), (count, tp, write) => {
        fc.pre(count % tp === 0);
        const { scenario } = inThread(write(tp), `llama-2-70b inference on ${count}x a100`);
        expect(gpus(scenario)).toBe(count);
        expect(scenario.parallel.tp).toBe(tp);
        expect(scenario.parallel.tp * scenario.parallel.pp).toBeLessThanOrEqual(count);
      }),
      { numRuns: 30 },
    );
  });

  it('a pp said again, or a count said, still decides', () => {
    expect(gpus(inThread('tp 2 pp 4', 'llama-2-70b inference on 8x a100').scenario)).toBe(8);
    const { scenario } = inThread('tp 8 on 64 a100', 'llama-2-70b inference pp 8 on 8x a100');
    expect(gpus(scenario)).toBe(64);
  });
});
