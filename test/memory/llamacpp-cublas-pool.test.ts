import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateOf, part } from './fixtures.js';
import { LLAMACPP_CUBLAS_PROMPT_FROM_BUILD, LLAMACPP_SINGLE_FILE_CUDA_TO_BUILD } from '../../src/memory/llamacpp-cublas-pool.js';

/**
 * llama.cpp b1430–b2474 multiplies a prompt batch over 32 tokens through cuBLAS, converting the
 * quantized matrix to fp16 in its CUDA pool (llamacpp-cublas-pool.ts, ggml-cuda.cu
 * ggml_cuda_op_mul_mat_cublas). Real case: xorbitsai/inference#1036 (2024-02-23, llama-cpp-python of
 * that month): Yi-34B-Chat Q4_K_M on a 22 GB 2080 Ti ran at a 2,048-token context and failed in
 * `ggml_cuda_pool_malloc_vmm` at 4,096 with a 200-token prompt, while prompts under 50 tokens ran.
 */
const yi = (extra: string) => `yi-34b q4_k_m llama.cpp ${extra}`;

describe('llama.cpp b1430–b2474: the CUDA pool a long prompt grows (cuBLAS over dequantized weights)', () => {
  it('Yi-34B Q4_K_M, build 2200: the LM head in fp16 and a 512-token batch beside it, 0.92 GiB', () => {
    const e = estimateOf(yi('build 2200 ctx 4096 on 1x 22GB'));
    // output.weight 64,000 × 7,168 converted to fp16, src1 512 × 7,168 and dst 512 × 64,000 in fp16.
    expect(part(e, 'cublas-pool')).toBe(64000 * 7168 * 2 + 512 * (64000 + 7168) * 2);
    // No flash attention in that build: one layer's f32 scores, 56 heads × 512 × 4,096.
    expect(e.scenario.attention).toBe('eager');
    expect(part(e, 'compute')).toBe(Math.max(56 * 512 * 4096 * 4 + 512 * 7168 * 4 * 2, 512 * (64000 + 7168) * 4));
  });

  it('the thread\'s pair: the 4,096 context leaves less than the 2,048 one, under 1% of the card at 4,096', () => {
    const at = (ctx: number) => estimateOf(yi(`build 2200 ctx ${ctx} on 1x 22GB`));
    const long = at(4096);
    const short = at(2048);
    expect(long.deviceBytes).toBeGreaterThan(short.deviceBytes);
    expect(long.headroomBytes!).toBeGreaterThan(0);
    expect(long.headroomBytes!).toBeLessThan(0.01 * long.capacityBytes!);
    // 2,048 more tokens of KV (60 layers × 2 × 8 × 128 × 2 B a token) and half the scores come back.
    expect(short.headroomBytes! - long.headroomBytes!).toBeGreaterThan(2048 * 60 * 2 * 8 * 128 * 2);
  });

  it('is not counted for today\'s llama.cpp, for builds outside b1430–b2474, or on a P40', () => {
    expect(part(estimateOf(yi('ctx 4096 on 1x 22GB')), 'cublas-pool')).toBe(0);
    expect(part(estimateOf(yi(`build ${LLAMACPP_CUBLAS_PROMPT_FROM_BUILD - 1} ctx 4096 on 1x 22GB`)), 'cublas-pool')).toBe(0);
    expect(part(estimateOf(yi(`build ${LLAMACPP_SINGLE_FILE_CUDA_TO_BUILD + 1} ctx 4096 on 1x 22GB`)), 'cublas-pool')).toBe(0);
    expect(part(estimateOf(yi('build 2200 ctx 4096 on 1x p40')), 'cublas-pool')).toBe(0);
    expect(part(estimateOf(yi(`build ${LLAMACPP_CUBLAS_PROMPT_FROM_BUILD} ctx 4096 on 1x a100`)), 'cublas-pool')).toBeGreaterThan(0);
  });

  it('with the output on the CPU (-ngl ≤ n_layer) the largest matrix is the MLP\'s', () => {
    const e = estimateOf(yi('build 2200 -ngl 60 ctx 4096 on 1x 22GB'));
    expect(part(e, 'cublas-pool')).toBe(20480 * 7168 * 2 + 512 * (20480 + 7168) * 2);
  });

  it('a context of 32 tokens or fewer never leaves the quantized kernels', () => {
    expect(part(estimateOf(yi('build 2200 ctx 32 on 1x 22GB')), 'cublas-pool')).toBe(0);
    expect(part(estimateOf(yi('build 2200 ctx 33 on 1x 22GB')), 'cublas-pool')).toBeGreaterThan(0);
  });

  it('the pool only adds: a build of that span never plans less than the same setup read as today\'s (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('llama-2-7b', 'llama-2-13b', 'mistral-7b', 'yi-34b'), fc.constantFrom(512, 2048, 4096), fc.integer({ min: LLAMACPP_CUBLAS_PROMPT_FROM_BUILD, max: LLAMACPP_SINGLE_FILE_CUDA_TO_BUILD }), (model, ctx, build) => {
        const then = estimateOf(`${model} q4_k_m llama.cpp build ${build} ctx ${ctx} on 1x a100-80g`);
        const now = estimateOf(`${model} q4_k_m llama.cpp ctx ${ctx} on 1x a100-80g`);
        expect(then.peakAllocatedBytes).toBeGreaterThan(now.peakAllocatedBytes);
      }),
      { numRuns: 30 },
    );
  });
});
