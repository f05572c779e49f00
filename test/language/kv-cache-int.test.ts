import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

const read = (text: string) => respond(text, null).reply as EstimateReply;

/**
 * Issue 22 §7: a KV-cache format sets the cache's, never the weights'. Issue 23 (vserve3): a 4-bit width is the
 * 4-bit cache (kv int4, sized as llama.cpp's q4_0 / ExLlamaV2's Q4), an 8-bit one the 8-bit cache (kv fp8).
 */
describe('a KV cache quantised to 8 or 4 bits is the cache\'s format', () => {
  it('lmdeploy --quant-policy 4 written as words keeps 16-bit weights (InternLM/lmdeploy#1536)', () => {
    const reply = read('qwen1.5-110b serve lmdeploy tp 8 kv cache int4 on 8x v100-32g');
    expect(['bf16', 'fp16']).toContain(reply.scenario.weights); // a V100 has no bf16
    expect(reply.scenario.inference.kvDtype).toBe('int4');
  });

  it('any spelling and order leaves the weights as the message states them', () => {
    const cache = fc.constantFrom('kv cache int8', 'int8 kv cache', 'KV cache quantization int4', 'kv-cache 8bit', 'kv_cache_dtype=int8', 'q8_0 kv cache');
    const weights = fc.constantFrom('', ' awq');
    fc.assert(
      fc.property(cache, weights, (said, w) => {
        const reply = read(`llama-2-70b${w} vllm with ${said} on 2x a100-80g`);
        if (w) expect(reply.scenario.weights).toBe('awq');
        else expect(['bf16', 'fp16']).toContain(reply.scenario.weights);
      }),
      { numRuns: 12 },
    );
  });
});

/**
 * ExLlama's quantised caches are written without "kv": "with Q4 cache" (turboderp-org/exllamav2#425), "Q8 or
 * unquantized cache" (#575), "(no 4 bit or 8 bit cache)" (#385, corpus c879, where "8 bit" had been read as
 * int8 weights). A width, or a list of widths, before "cache" is the cache's; "no" before it leaves the 16-bit cache.
 */
describe('a width before "cache" is the cache\'s, and "no" before it is no quantised cache', () => {
  it('c879 (turboderp-org/exllamav2#385): "no 4 bit or 8 bit cache" sets no weight format', () => {
    const reply = read("I'm unable to get Qwen1.5-14B to run. In Ooba, I have it set to a max context length of 8192 (no 4 bit or 8 bit cache) and it loads into my 4090 using about 19GB of VRAM.");
    expect(['bf16', 'fp16']).toContain(reply.scenario.weights);
    expect(reply.assumptions.join(' ')).toMatch(/"4 bit or 8 bit cache" said as not used: the KV cache stays 16-bit/);
  });

  it.each([
    ['Q4 cache (exllamav2#425)', 'llama-3-8b inference on 1x 4090 with Q4 cache', /KV cache int4/],
    ['8-bit cache (invented)', 'llama-3-8b inference on 1x 4090 with 8-bit cache', /"8-bit cache" sized as an 8-bit KV cache/],
    ['without, and', 'llama-3-8b inference on 1x 4090 without 8bit and 4bit cache', /said as not used/],
  ])('%s: the weights stay 16-bit', (_name, text, note) => {
    const reply = read(text);
    expect(['bf16', 'fp16']).toContain(reply.scenario.weights);
    expect(`${reply.assumptions.join(' ')} KV cache ${reply.scenario.inference.kvDtype}`).toMatch(note);
  });

  it('a width not before "cache" is still the weights\' (invented)', () => {
    expect(read('llama-3-8b inference on 1x 4090 in 8bit').scenario.weights).toBe('int8');
  });
});
