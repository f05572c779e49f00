import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allReducesPerForward, captureSizes, graphCollectives, ncclAllocatesPerCapturedLaunch } from '../../src/memory/graph-collectives.js';
import { estimateOf } from './fixtures.js';

/**
 * The all-reduces vLLM's CUDA graphs capture under tensor parallelism (parallel_state.py
 * graph_capture: PyNccl inside the capture where custom all-reduce is off), each of which NCCL
 * gives device memory of its own (enqueue.cc uploadWork) up to NCCL 2.21, the NCCL of vLLM's releases
 * before 0.9 (PyTorch ≤ 2.6). The count is from source; the bytes are the driver's, so the estimate
 * says the count and adds no term.
 */

const scenarioOf = (text: string) => estimateOf(text).scenario;

describe('captured all-reduces', () => {
  it('V0 captures 1, 2, 4 and multiples of 8 up to 256 (35 graphs); V1 up to 512 (67)', () => {
    const v0 = captureSizes(scenarioOf('serve vllm 0.5.4 yi-34b tp 4 on 4x 4090'));
    expect(v0.length).toBe(35);
    expect(v0.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(v0.at(-1)).toBe(256);
    const v1 = captureSizes(scenarioOf('serve vllm yi-34b tp 4 on 4x 4090'));
    expect(v1.length).toBe(67);
    expect(v1.at(-1)).toBe(512);
  });

  it('worked example, v039: Yi-34B (60 layers) at tp 4 under vLLM 0.5.4 captures 35 × 121 = 4,235 all-reduces', () => {
    const s = scenarioOf('serve yi-34b tp 4 gpu-memory-utilization 0.9 batch 4 seq 2048 vllm 0.5.4 on 4x 4090');
    expect(s.model.arch.layers).toBe(60);
    expect(allReducesPerForward(s)).toBe(121);
    expect(graphCollectives(s)).toEqual({ graphs: 35, perGraph: 121, total: 4235 });
    expect(estimateOf('serve yi-34b tp 4 gpu-memory-utilization 0.9 batch 4 seq 2048 vllm 0.5.4 on 4x 4090').notes.join(' ')).toContain('35 batch sizes × 121 all-reduces = 4,235');
  });

  it('SGLang captures its own list (1, 2, 4, 8, 12, 16 … cuda_graph_max_bs): 80 at tp 8 on an L4, so 14 graphs × 161 all-reduces for Llama-3-70B', () => {
    const s = scenarioOf('sglang llama-3-70b tp 8 --mem-fraction-static 0.9 on 8x l4');
    expect(graphCollectives(s)).toEqual({ graphs: 14, perGraph: 161, total: 14 * 161 });
    // No SGLang release is read: the newest, on PyTorch ≥ 2.7 and NCCL 2.26, whose captured all-reduces keep their work in the kernel arguments.
    expect(ncclAllocatesPerCapturedLaunch(s)).toBe(false);
    expect(estimateOf('sglang llama-3-70b tp 8 --mem-fraction-static 0.9 on 8x l4').notes.join(' ')).not.toMatch(/all-reduces =/);
  });

  it('NCCL allocates per captured launch only under vLLM before 0.9 (PyTorch ≤ 2.6, NCCL ≤ 2.21; 0.9.0 moved to PyTorch 2.7, NCCL 2.26.2)', () => {
    // From 0.3.0 (CUDA graphs came in 0.2.6) every release captures graphs at tp 4.
    for (const minor of [3, 4, 5, 6, 7, 8, 9, 10, 11]) {
      const text = `serve vllm 0.${minor}.0 yi-34b tp 4 on 4x 4090`;
      expect(ncclAllocatesPerCapturedLaunch(scenarioOf(text))).toBe(minor < 9);
      // The count stays what the release captures; the sentence about NCCL's per-launch memory goes with NCCL 2.22.
      expect(graphCollectives(scenarioOf(text))).not.toBeNull();
      expect(estimateOf(text).notes.join(' ').includes('all-reduces =')).toBe(minor < 9);
    }
    expect(ncclAllocatesPerCapturedLaunch(scenarioOf('serve vllm yi-34b tp 4 on 4x 4090'))).toBe(false);
  });

  it('worked example, v972: Qwen3-30B-A3B at tp 4 on four 4090s under vLLM 0.11.0 captures 67 × 97 all-reduces with no NCCL memory of their own', () => {
    const text = 'serve qwen3-30b-a3b vllm 0.11.0 tp 4 on 4x rtx-4090';
    expect(graphCollectives(scenarioOf(text))).toEqual({ graphs: 67, perGraph: 97, total: 67 * 97 });
    expect(estimateOf(text).notes.join(' ')).not.toMatch(/NCCL launch/);
  });

  it('none without tensor parallelism or with --enforce-eager (no graphs)', () => {
    expect(graphCollectives(scenarioOf('serve vllm 0.5.4 llama-3-8b on 1x 4090'))).toBeNull();
    expect(graphCollectives(scenarioOf('deepseek-r1-distill-qwen-1.5b serve vllm 0.7.0 tp 4 --max-model-len 32768 --enforce-eager on 4x l4'))).toBeNull();
    expect(estimateOf('serve vllm llama-3-8b on 1x 4090').notes.join(' ')).not.toMatch(/all-reduces =/);
  });

  it('V0 --max-num-seqs 64 captures up to its graph batch, 64: 1, 2, 4, 8 … 64 (11 graphs)', () => {
    expect(captureSizes(scenarioOf('serve vllm 0.5.4 llama-3-8b tp 2 max seqs 64 on 2x 4090'))).toEqual([1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64]);
  });

  it('V0: fewer sequences never capture more graphs (property over --max-num-seqs)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 1, max: 600 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const at = (n: number) => captureSizes(scenarioOf(`serve vllm 0.5.4 llama-3-8b tp 2 max seqs ${n} on 2x 4090`)).length;
        expect(at(lo)).toBeLessThanOrEqual(at(hi));
        // Every captured size covers a batch vLLM can run: none past the largest graph batch of 256.
        expect(captureSizes(scenarioOf(`serve vllm 0.5.4 llama-3-8b tp 2 max seqs ${hi} on 2x 4090`)).every((bs) => bs <= 256)).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it('pipeline stages split the layers: a stage never captures more all-reduces than the whole model', () => {
    const whole = allReducesPerForward(scenarioOf('serve vllm llama-3-70b tp 2 on 2x h100'));
    const staged = allReducesPerForward(scenarioOf('serve vllm llama-3-70b tp 2 pp 2 on 4x h100'));
    expect(whole).toBe(2 * 80 + 1);
    expect(staged).toBe(2 * 40 + 1);
  });
});
