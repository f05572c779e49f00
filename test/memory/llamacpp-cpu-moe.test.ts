import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateOf, part } from './fixtures.js';
import { modelById } from '../../src/catalog/index.js';
import { respond } from '../../src/core/assistant.js';
import { checkpointBytes } from '../../src/memory/checkpoint.js';
import { GiB } from '../../src/memory/format.js';
import { ggufFileBytes, ggufGpuBytes, ggufHostBytes, ggufRoutedExpertBytes, llamaCppPlacement } from '../../src/memory/gguf.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { CPU_MOE_ALL } from '../../src/scenario/schema.js';

/**
 * llama.cpp's --cpu-moe / --n-cpu-moe N / -ot "exps=CPU" (common/arg.cpp): the routed experts of
 * every layer, or of the first N, in host RAM; the attention, shared experts, router and output stay
 * on the GPU (memory/gguf.ts, memory/llamacpp-cpu-moe.ts).
 */

const qwen3Moe = modelById('qwen3-30b-a3b').arch;

function scenarioOf(text: string) {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate') throw new Error(`${text}: ${reply.kind === 'error' ? reply.message : reply.kind}`);
  return reply;
}

describe('GGUF placement with the experts kept back', () => {
  it('what leaves the GPU arrives in host RAM: GPU + host is the file, for any --n-cpu-moe (property)', () => {
    const file = ggufFileBytes(qwen3Moe, 'q4_k_m');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: qwen3Moe.layers + 5 }), (n) => {
        const p = llamaCppPlacement(qwen3Moe, undefined, 1, n);
        expect(ggufGpuBytes(qwen3Moe, 'q4_k_m', p) + ggufHostBytes(qwen3Moe, 'q4_k_m', p)).toBeCloseTo(file, -3);
      }),
    );
  });

  it('more layers kept back never raise the GPU weights, and the first N are the ones kept (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: qwen3Moe.layers - 1 }), (n) => {
        const gpu = (k: number) => ggufGpuBytes(qwen3Moe, 'q4_k_m', llamaCppPlacement(qwen3Moe, undefined, 1, k));
        expect(gpu(n + 1)).toBeLessThanOrEqual(gpu(n));
        expect(gpu(n) - gpu(n + 1)).toBeCloseTo(ggufRoutedExpertBytes(qwen3Moe, 'q4_k_m', n), -3);
      }),
    );
  });

  it('--cpu-moe leaves Qwen3-30B-A3B Q4_K_M its attention, router and output: about a tenth of the file on the GPU', () => {
    const all = llamaCppPlacement(qwen3Moe, undefined, 1, CPU_MOE_ALL);
    const gpu = ggufGpuBytes(qwen3Moe, 'q4_k_m', all);
    const file = ggufFileBytes(qwen3Moe, 'q4_k_m');
    // 48 layers × 128 experts × 3 × 2048 × 768 = 28.99 B of its 30.5 B weights are routed experts.
    expect(gpu / file).toBeGreaterThan(0.03);
    expect(gpu / file).toBeLessThan(0.12);
  });

  it('a dense model has no experts to keep back: the placement is unchanged', () => {
    const llama = modelById('llama-3.1-8b').arch;
    expect(ggufGpuBytes(llama, 'q4_k_m', llamaCppPlacement(llama, undefined, 1, CPU_MOE_ALL))).toBe(ggufGpuBytes(llama, 'q4_k_m', llamaCppPlacement(llama, undefined, 1)));
  });
});

describe('gpt-oss in its own MXFP4 with --cpu-moe', () => {
  it('the GPU keeps the 16-bit rest, the host the MXFP4 experts', () => {
    const whole = checkpointBytes(modelById('gpt-oss-120b').arch)!;
    const on = estimateOf('gpt-oss-120b llama.cpp --cpu-moe on a 4090');
    const off = estimateOf('gpt-oss-120b llama.cpp on a 4090');
    expect(part(off, 'weights') - part(on, 'weights')).toBeCloseTo(whole.quantised * whole.bytesPerQuantised, -6);
    expect(part(on, 'weights') / GiB).toBeLessThan(5);
    expect(on.hostBytes - off.hostBytes).toBeCloseTo(whole.quantised * whole.bytesPerQuantised, -6);
  });
});

describe('reading the flags and the words', () => {
  const cases: [string, number][] = [
    ['./llama-server -m Qwen3-30B-A3B-Q4_K_M.gguf -ngl 99 --n-cpu-moe 20 -c 8192 on an RTX 3060 12GB', 20],
    ['./llama-server -m Qwen3-30B-A3B-Q4_K_M.gguf -ngl 99 --cpu-moe on an RTX 3060 12GB', CPU_MOE_ALL],
    ['./llama-server -m Qwen3-30B-A3B-Q4_K_M.gguf -ngl 99 -ot ".ffn_.*_exps.=CPU" on an RTX 3060 12GB', CPU_MOE_ALL],
    ['./llama-server -m Qwen3-30B-A3B-Q4_K_M.gguf -ngl 99 -ot exps=CPU on an RTX 3060 12GB', CPU_MOE_ALL],
    ['Is it possible to run qwen3-30b-a3b on an RTX 3060 12GB with llama.cpp offloading the experts to CPU?', CPU_MOE_ALL],
    ['qwen3 30b a3b q4_k_m with the moe experts on cpu, 3060 12gb, llama.cpp', CPU_MOE_ALL],
  ];
  for (const [text, layers] of cases) {
    it(`${text} → experts of ${layers === CPU_MOE_ALL ? 'every layer' : `${layers} layers`} in host RAM, the card kept`, () => {
      const r = scenarioOf(text);
      expect(r.scenario.inference.cpuMoeLayers).toBe(layers);
      expect(r.scenario.hardware?.gpuId).toBe('rtx-3060');
      expect(r.scenario.framework).toBe('llamacpp');
    });
  }

  it('canonical text reads back as the same scenario ("cpu moe", "n cpu moe N")', () => {
    for (const text of ['qwen3-30b-a3b llama.cpp cpu moe on a 3060', 'qwen3-30b-a3b llama.cpp n cpu moe 12 on a 3060']) {
      const first = scenarioOf(text).scenario;
      const again = scenarioOf(canonicalText(first)).scenario;
      expect(again.inference.cpuMoeLayers).toBe(first.inference.cpuMoeLayers);
      expect(canonicalText(again)).toBe(canonicalText(first));
    }
  });

  it('a dense model or another engine sets it aside, said, and the estimate is as without it', () => {
    const dense = scenarioOf('llama-3-8b q4_k_m llama.cpp --cpu-moe on a 3060');
    expect(dense.scenario.inference.cpuMoeLayers).toBeUndefined();
    expect(dense.assumptions.join(' ')).toContain('has no experts to keep in host RAM');
    expect(dense.estimate.peakReservedBytes).toBe(estimateOf('llama-3-8b q4_k_m llama.cpp on a 3060').peakReservedBytes);
    const vllm = scenarioOf('serve qwen3-30b-a3b vllm cpu moe on an h100');
    expect(vllm.scenario.inference.cpuMoeLayers).toBeUndefined();
    expect(vllm.assumptions.join(' ')).toContain("this run is not llama.cpp's");
  });
});
