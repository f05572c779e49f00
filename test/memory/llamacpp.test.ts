import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateOf, part } from './fixtures.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { modelById } from '../../src/catalog/index.js';
import { GiB } from '../../src/memory/format.js';
import { ggufFileBytes, ggufGpuBytes, ggufHostBytes, ggufTokenEmbdBytes, llamaCppPlacement, useMoreBits } from '../../src/memory/gguf.js';

const llama31_8b = modelById('llama-3.1-8b').arch;

describe('GGUF tensor types (llama.cpp src/llama-quant.cpp llama_tensor_get_type)', () => {
  // llama.cpp tools/quantize/README.md, Llama-3.1-8B file sizes in GiB.
  const README: [Parameters<typeof ggufFileBytes>[1], number][] = [
    ['q8_0', 7.95],
    ['q6_k', 6.14],
    ['q5_k_m', 5.33],
    ['q4_k_m', 4.58],
    ['q3_k_m', 3.74],
    ['q2_k', 2.95],
  ];
  for (const [format, gib] of README) {
    it(`sums Llama-3.1-8B ${format.toUpperCase()} to the ${gib} GiB file of the quantize README`, () => {
      expect(ggufFileBytes(llama31_8b, format) / GiB).toBeCloseTo(gib, 1);
    });
  }

  it('use_more_bits picks half of 32 layers: the first and last four and every third between', () => {
    const picked = Array.from({ length: 32 }, (_, i) => i).filter((i) => useMoreBits(i, 32));
    expect(picked).toEqual([0, 1, 2, 3, 6, 9, 12, 15, 18, 21, 24, 27, 28, 29, 30, 31]);
  });
});

describe('llama.cpp -ngl N (src/llama-model.cpp load_tensors, src/llama-kv-cache.cpp offload_kqv)', () => {
  it('every byte of the file is on the GPU or in host RAM, whatever -ngl says', () => {
    const file = ggufFileBytes(llama31_8b, 'q4_k_m');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), (ngl) => {
        const p = llamaCppPlacement(llama31_8b, ngl, 1);
        const gpu = ggufGpuBytes(llama31_8b, 'q4_k_m', p);
        const host = ggufHostBytes(llama31_8b, 'q4_k_m', p);
        // The output norm (4 KiB of F32) travels with the output tensor.
        expect(Math.abs(gpu + host - file)).toBeLessThan(64 * 1024);
      }),
    );
  });

  it('offloads the last N layers; the output only when N exceeds the layer count; token_embd never', () => {
    const all = llamaCppPlacement(llama31_8b, undefined, 1);
    expect(all).toEqual({ gpuLayers: 32, layersHere: 32, outputOnGpu: true, cpuMoeLayers: 0 });
    expect(llamaCppPlacement(llama31_8b, 32, 1).outputOnGpu).toBe(false);
    expect(llamaCppPlacement(llama31_8b, 33, 1).outputOnGpu).toBe(true);
    const gpuAll = ggufGpuBytes(llama31_8b, 'q4_k_m', all);
    expect(gpuAll).toBeCloseTo(ggufFileBytes(llama31_8b, 'q4_k_m') - ggufTokenEmbdBytes(llama31_8b, 'q4_k_m'), -3);
  });

  it('weights and KV cache on the GPU scale with the layers offloaded; the rest goes to host RAM', () => {
    const all = estimateOf('llama-3.1-8b q4_k_m llama.cpp seq 8192 on 4090');
    const half = estimateOf('llama-3.1-8b q4_k_m -ngl 16 seq 8192 on 4090');
    expect(part(half, 'kv')).toBeCloseTo(part(all, 'kv') / 2, -3);
    expect(part(half, 'weights')).toBeLessThan(part(all, 'weights') / 2);
    expect(half.hostBytes).toBeGreaterThan(all.hostBytes + part(all, 'weights') / 2 - 1);
    expect(half.deviceBytes).toBeLessThan(all.deviceBytes);
  });

  it('a 70B Q4_K_M that does not fit a 24 GB card whole fits with 35 layers on it', () => {
    expect(estimateOf('llama-3-70b llama.cpp q4_k_m on 4090').fits).toBe(false);
    const partial = estimateOf('llama-3-70b llama.cpp q4_k_m -ngl 35 on 4090');
    expect(partial.fits).toBe(true);
    expect(part(partial, 'weights') / GiB).toBeGreaterThan(15);
    expect(partial.hostBytes / GiB).toBeGreaterThan(20);
  });

  for (const text of ['-ngl 35', '--n-gpu-layers 35', 'n_gpu_layers=35', '35 layers on gpu', 'ngl 35']) {
    it(`reads "${text}" as 35 layers on the GPU under llama.cpp`, () => {
      const e = estimateOf(`llama-3-70b q4_k_m ${text} on 4090`);
      expect(e.scenario.inference.gpuLayers).toBe(35);
      expect(e.scenario.framework).toBe('llamacpp');
      expect(e.scenario.mode).toBe('inference');
    });
  }

  it('-ngl -1 (every layer, the default) sets no layer count', () => {
    for (const text of ['-ngl -1', 'n_gpu_layers=-1']) expect(estimateOf(`llama-3-8b q4_k_m llama.cpp ${text} on 4090`).scenario.inference.gpuLayers).toBeUndefined();
  });

  it('the canonical text keeps -ngl', () => {
    const e = estimateOf('llama-3-70b q4_k_m -ngl 35 on 4090');
    const again = estimateOf(canonicalText(e.scenario));
    expect(again.scenario.inference.gpuLayers).toBe(35);
    expect(again.deviceBytes).toBe(e.deviceBytes);
  });
});

describe("DeepSeek's KV cache in llama.cpp before its MLA cache (llama-kv-cache: n_embd_k_gqa = heads × 192, n_embd_v_gqa = heads × 128)", () => {
  it("reproduces llama-cpp-python#1944's failed buffer: 204,800 MiB for 16 layers at n_ctx 163,840 (DeepSeek-V3's training context)", () => {
    // "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 204800.00 MiB on device 0 ... failed to
    // allocate buffer for kv cache": 61 layers over 4 GPUs puts 16 on the first; each caches 128 heads
    // × (192 K + 128 V) f16 values a token.
    const e = estimateOf('deepseek-v3 q2_k llama.cpp ctx 163840 on 4x a100-80g');
    expect(part(e, 'kv')).toBe(204_800 * 1024 * 1024);
  });
});
