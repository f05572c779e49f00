import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { graphCollectives } from '../../src/memory/graph-collectives.js';
import { captureBatchSizes, largestCapturedBatch } from '../../src/memory/serving.js';
import { estimateOf, part } from './fixtures.js';

/**
 * Issue 23 item 1: the decode batches vLLM captures CUDA graphs for, by engine and release
 * (serving.ts captureBatchSizes). The graphs share one memory pool, sized by the largest batch
 * (vllm#7894: "the cost should only scale with the max batchsize"); the count sets how many
 * collectives are captured under tensor parallelism (graph-collectives.ts).
 */

const scenarioOf = (text: string) => estimateOf(text).scenario;
const largest = (text: string) => largestCapturedBatch(scenarioOf(text));

describe('vLLM CUDA-graph capture sizes', () => {
  it('V1 before 0.10 captures up to 512 whatever --max-num-seqs; from 0.10.0 up to min(2 × max_num_seqs, 512) (vllm#20628)', () => {
    expect(largest('serve llama-3-8b vllm 0.9.2 --max-num-seqs 1 on 1x h100')).toBe(512);
    expect(captureBatchSizes(scenarioOf('serve llama-3-8b vllm 0.10.0 --max-num-seqs 1 on 1x h100'))).toEqual([1, 2]);
    expect(largest('serve llama-3-8b vllm --max-num-seqs 64 on 1x h100')).toBe(128);
    // The defaults (256 or 1024 sequences) reach the 512 ceiling: 67 graphs, as before.
    expect(captureBatchSizes(scenarioOf('serve llama-3-8b vllm on 1x h100')).length).toBe(67);
    expect(captureBatchSizes(scenarioOf('serve llama-3-8b vllm on 1x l4')).length).toBe(67);
  });

  it('V1 never captures a batch past --max-num-batched-tokens', () => {
    expect(largest('serve llama-3-8b vllm --max-num-batched-tokens 128 on 1x h100')).toBe(128);
    expect(largest('serve llama-3-8b vllm 0.8.5 --max-num-batched-tokens 100 on 1x h100')).toBe(96);
  });

  it('V0: up to the graph batch of max_num_seqs, at most 256 before 0.6.0, up to 8,192 from 0.6.0 (vllm#7894)', () => {
    expect(largest('serve llama-3-8b vllm 0.5.4 --max-num-seqs 1024 on 1x h100')).toBe(256);
    expect(largest('serve llama-3-8b vllm 0.6.3 --max-num-seqs 1024 on 1x h100')).toBe(1024);
    expect(largest('serve llama-3-8b vllm 0.6.3 --max-num-seqs 100 on 1x h100')).toBe(104);
    expect(largest('serve llama-3-8b vllm v0 on 1x h100')).toBe(256);
  });

  it('no graphs before vLLM 0.2.6 (vllm#1926), none for GPTQ in 0.2.6 (vllm#2154); 0.2.7 captures every size to 256 whatever --max-num-seqs (vllm#2437 came in 0.3.0)', () => {
    expect(largest('serve llama-2-7b vllm 0.2.4 on 1x a100-80g')).toBe(0);
    expect(part(estimateOf('serve llama-2-7b vllm 0.2.4 on 1x a100-80g'), 'cuda-graphs')).toBe(0);
    expect(largest('serve llama-2-7b gptq vllm 0.2.6 on 1x a100-80g')).toBe(0);
    expect(largest('serve llama-2-7b vllm 0.2.6 on 1x a100-80g')).toBe(256);
    expect(captureBatchSizes(scenarioOf('serve llama-2-7b gptq vllm 0.2.7 --max-num-seqs 16 on 1x a100-80g')).length).toBe(35);
    expect(largest('serve llama-2-7b vllm 0.3.0 --max-num-seqs 16 on 1x a100-80g')).toBe(16);
  });

  it('--enforce-eager captures none', () => {
    expect(captureBatchSizes(scenarioOf('serve llama-3-8b vllm --enforce-eager on 1x h100'))).toEqual([]);
  });

  it('worked example: Llama-3-8B under vLLM 0.6.3 at 1,024 sequences keeps a 124 MiB graph pool, four times the 256-sequence one (one layer at 1,024 decode tokens)', () => {
    const at = (seqs: number) => part(estimateOf(`serve llama-3-8b vllm 0.6.3 --max-num-seqs ${seqs} on 1x h100`), 'cuda-graphs');
    expect(at(1024) / 2 ** 20).toBeCloseTo(124, 0);
    expect(at(1024) / at(256)).toBeCloseTo(4, 1);
  });

  it('more sequences never capture a smaller largest batch nor shrink the graph pool (V0 0.6 and V1 0.10 on)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2048 }), fc.integer({ min: 0, max: 2048 }), fc.constantFrom('vllm 0.6.3', 'vllm 0.10.0', 'vllm'), (a, extra, release) => {
        const text = (n: number) => `serve llama-3-8b ${release} --max-num-seqs ${n} on 1x h100`;
        expect(largest(text(a + extra))).toBeGreaterThanOrEqual(largest(text(a)));
        expect(part(estimateOf(text(a + extra)), 'cuda-graphs')).toBeGreaterThanOrEqual(part(estimateOf(text(a)), 'cuda-graphs'));
      }),
      { numRuns: 20 },
    );
  });

  it('V0 under pipeline parallelism captures each size once per virtual engine: Llama-3-70B at tp 2 pp 2 captures 2 × 35 graphs of 81 all-reduces', () => {
    const s = scenarioOf('serve llama-3-70b vllm v0 tp 2 pp 2 on 4x h100');
    expect(graphCollectives(s)).toEqual({ graphs: 70, perGraph: 81, total: 70 * 81 });
    // V1 keeps one set of graphs.
    expect(graphCollectives(scenarioOf('serve llama-3-70b vllm tp 2 pp 2 on 4x h100'))?.graphs).toBe(67);
  });
});
