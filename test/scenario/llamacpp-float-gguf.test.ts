import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimate as estimateMemory } from '../../src/memory/estimate.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * llama.cpp with a float dtype said runs the GGUF of that type, and keeps its KV cache in f16
 * (common/common.h cache_type_k/v = GGML_TYPE_F16). v206 (mozilla-ai/llamafile#372): the F32
 * TinyLlama-1.1B-Chat with every layer offloaded, n_ctx 512, on a 4 GB GTX 1050 Ti; the log
 * prints "CUDA0 buffer size = 3946.35 MiB" and the next 66.50 MB allocation (the compute buffer)
 * fails. It had read as the preset's Q4_K_M with an fp32 KV cache (1.2 GiB, "fits").
 */

const scenarioOf = (text: string): Scenario => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(r.ok ? 'help' : r.error.message);
  return r.scenario;
};
const MiB = 1024 ** 2;

describe('llama.cpp with a float dtype said', () => {
  it('v206: TinyLlama-1.1B F32 takes 3.9 GiB of weights on the GPU and does not fit a 4 GB card', () => {
    const s = scenarioOf('tinyllama-1.1b fp32 llama.cpp ctx 512 on 1x 4GB');
    expect(s.weights).toBe('fp32');
    expect(s.inference.kvDtype).toBe('fp16');
    const e = estimateMemory(s);
    const weights = e.components.find((c) => c.key === 'weights')!;
    // The log's CUDA0 buffer: 3946.35 MiB (token_embd stays on the CPU).
    expect(Math.abs(weights.bytes / MiB - 3946.35) / 3946.35).toBeLessThan(0.02);
    // The allocation that failed: "66.50 MB", the compute buffer (512 × (32,000 + 2,048) × 4 B).
    expect(e.components.find((c) => c.key === 'compute')!.bytes / MiB).toBe(66.5);
    expect(e.deviceBytes).toBeGreaterThan(4 * 1024 ** 3);
  });

  it('invented: the F32 file with -ngl 21 keeps one layer, token_embd and the output in host RAM, and host plus GPU hold the whole file', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 22 }), (ngl) => {
        const e = estimateMemory(scenarioOf(`tinyllama-1.1b fp32 llama.cpp ctx 512 -ngl ${ngl} on 1x 4GB`));
        const gpu = e.components.find((c) => c.key === 'weights')!.bytes;
        expect((gpu + e.hostBytes) / (e.params.total * 4)).toBeCloseTo(1, 3);
      }),
      { numRuns: 12 },
    );
    const e = estimateMemory(scenarioOf('tinyllama-1.1b fp32 llama.cpp ctx 512 -ngl 21 on 1x 4GB'));
    expect(e.hostBytes).toBe((e.params.embedding + e.params.perLayer + e.params.lmHead) * 4);
  });

  it('invented: fp16 names an F16 GGUF, a named GGUF type or none keeps the preset', () => {
    expect(scenarioOf('llama-2-7b fp16 llama.cpp on 1x rtx 3090').weights).toBe('fp16');
    expect(scenarioOf('llama-2-7b q8_0 llama.cpp on 1x rtx 3090').weights).toBe('q8_0');
    expect(scenarioOf('llama-2-7b llama.cpp on 1x rtx 3090').weights).toBe('q4_k_m');
    expect(scenarioOf('llama-2-7b fp32 vllm on 1x a100').inference.kvDtype).toBe('fp32');
  });

  it('property: a float GGUF never takes less of the card than the same run at Q4_K_M, and its KV stays f16', () => {
    fc.assert(
      fc.property(fc.constantFrom('tinyllama-1.1b', 'llama-2-7b', 'mistral-7b'), fc.constantFrom('fp32', 'fp16', 'bf16'), fc.constantFrom(512, 4096), (model, dtype, ctx) => {
        const float = scenarioOf(`${model} ${dtype} llama.cpp ctx ${ctx} on 1x a100`);
        const q4 = scenarioOf(`${model} llama.cpp ctx ${ctx} on 1x a100`);
        expect(float.inference.kvDtype).toBe('fp16');
        expect(estimateMemory(float).deviceBytes).toBeGreaterThan(estimateMemory(q4).deviceBytes);
      }),
      { numRuns: 18 },
    );
  });
});
