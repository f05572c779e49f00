import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

const read = (text: string) => respond(text, null).reply as EstimateReply;

/** Issue 22 §7: a KV-cache format sets the cache's, never the weights'. */
describe('a KV cache quantised to 8 or 4 bits is the cache\'s format, said as not modelled', () => {
  it('lmdeploy --quant-policy 4 written as words keeps 16-bit weights (InternLM/lmdeploy#1536)', () => {
    const reply = read('qwen1.5-110b serve lmdeploy tp 8 kv cache int4 on 8x v100-32g');
    expect(['bf16', 'fp16']).toContain(reply.scenario.weights); // a V100 has no bf16
    expect(reply.assumptions.join(' ')).toMatch(/KV cache in int4 is not modelled/);
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
