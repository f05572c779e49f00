import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Branch rmode4 (issue 22): "graph" in an engine's or a compiler's words is no chart asked: CUDA graphs
 * written as a flag's name in prose ("the `cuda-graph-max-bs` must be set to 32", sgl-project/sglang#3580,
 * c2022, had read as a breakdown chart and a batch of 32), graph capture, graph breaks, the computation graph.
 * "show me a graph" stays the chart.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const read = (text: string): Scenario => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return r.scenario;
};

describe("an engine's graphs are no chart", () => {
  it('c2022: (P.S. the `mem-fraction-static` must be set under 0.8 and `cuda-graph-max-bs` must be set to 32 …)', () => {
    // A reply in its thread, read as the chat reads it: after the thread's title.
    const { text, thread } = line('c2022');
    const opened = readInThread(thread!, null);
    const state = opened.outcome.ok && opened.outcome.scenario ? { scenario: opened.outcome.scenario, history: [] } : opened.waiting;
    const r = readInThread(text, state).outcome;
    if (!r.ok || !r.scenario) throw new Error('c2022 not read');
    const s = r.scenario;
    expect(s.chart).toBe('none');
    expect(s.microBatch).toBe(1);
  });

  it.each([
    'llama-3-8b vllm on a 4090, the `cuda-graph-max-bs` must be set to 32 to build cuda graph',
    'serve llama-3-8b with sglang on 1x h100, cuda_graph_max_bs must stay at 16',
    'llama-3-8b with vllm on a 4090, graph capture takes 3 GB',
    'llama-3-8b on a 4090 with torch.compile, lots of graph breaks',
    'llama-3-8b full on 1x a100, the computation graph is kept for backward',
  ])('%s', (text) => {
    const s = read(text);
    expect(s.chart).toBe('none');
    expect(s.microBatch).toBe(1);
  });

  it('"show me a graph" is the chart', () => {
    expect(read('llama-3-8b on a 4090, show me a graph').chart).toBe('breakdown');
  });
});
