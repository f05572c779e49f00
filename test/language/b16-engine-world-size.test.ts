import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Batch b16 (test/corpus/first-sight.md), c636: a TensorRT-LLM engine runs on the tp × pp it was
 * built for. trtllm-build's `--gpus_per_node` is the cluster's spec, and the machine's cards said
 * in prose are the machine's: neither is the run's count (reconcile/engine-world-size.ts).
 */
const line = loadCorpus().find((l) => l.id === 'c636')!;

function inThread(text: string, thread: string) {
  const opened = readInThread(thread, null).outcome;
  const state = opened.ok && opened.scenario ? { scenario: opened.scenario, history: [] } : null;
  const r = readInThread(text, state).outcome;
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { scenario: r.scenario, said: r.assumptions.join(' | ') };
}

describe('a TensorRT-LLM engine runs on the GPUs it was built for', () => {
  it('c636 (NVIDIA/TensorRT-LLM#2688): a tp 2 checkpoint built with --gpus_per_node 8 on "8 46GB GPUs" is 2 cards of 46 GB', () => {
    const { scenario, said } = inThread(line.text, line.thread!);
    expect(scenario.parallel.tp).toBe(2);
    expect(scenario.hardware!.count).toBe(2);
    expect(Math.round(scenario.hardware!.capacityBytes / 2 ** 30)).toBe(46);
    expect(said).toMatch(/"--gpus_per_node 8" is TensorRT-LLM's cluster spec/);
    expect(said).toMatch(/2 GPUs: a TensorRT-LLM engine built for tp 2 runs on 2 of the machine's 8 cards/);
  });

  it.each([
    ['llama-3-8b trtllm-build --checkpoint_dir ./ckpt_tp4 --gpus_per_node 8 --gemm_plugin auto, on 8x A100 80GB', 4, 'a100-80g'],
    ['I built a TensorRT-LLM engine for llama-3-70b with tp 4 pp 2; the node has 16 H100 GPUs', 8, 'h100-80g'],
    ['trt-llm serve llama-3-8b tp 2. My server: 4x L40S', 2, 'l40s'],
  ])('%s', (text, count, gpu) => {
    const { scenario, said } = read(text);
    expect(scenario.hardware).toMatchObject({ gpuId: gpu, count });
    expect(said).toMatch(/a TensorRT-LLM engine built for/);
  });

  it('--gpus_per_node alone is no GPU count in a TensorRT-LLM build', () => {
    const { scenario, said } = read('trtllm-build llama-3-8b --checkpoint_dir ./ckpt_tp2 --gpus_per_node 8');
    expect(scenario.hardware?.count ?? null).not.toBe(8);
    expect(scenario.unnamedGpus ?? null).not.toBe(8);
    expect(said).toMatch(/cluster spec/);
  });

  it('outside TensorRT-LLM a machine and a serving split keep the machine count (vLLM replicas)', () => {
    expect(read('vllm serve llama-3-8b --tensor-parallel-size 2, I have 8x A100 80GB').scenario.hardware!.count).toBe(8);
  });

  it('property: the engine count is tp × pp whenever the machine has more cards', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 2, 4), fc.constantFrom(1, 2), fc.integer({ min: 1, max: 4 }), (tp, pp, extra) => {
        fc.pre(tp * pp > 1);
        const machine = tp * pp * 2 + extra;
        const { scenario } = read(`tensorrt-llm serve llama-3-8b tp ${tp}${pp > 1 ? ` pp ${pp}` : ''}, I have ${machine}x H100 80GB`);
        expect(scenario.hardware!.count).toBe(tp * pp);
      }),
      { numRuns: 20 },
    );
  });
});
