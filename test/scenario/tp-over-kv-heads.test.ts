import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { read } from '../language/reading-fixtures.js';

/**
 * A model served on more GPUs than it has KV heads is still split by tensor parallelism: vLLM
 * copies each KV head to tp / kv_heads GPUs (QKVParallelLinear's num_kv_head_replicas), and the
 * KV cache per GPU is then one head (memory/inference.ts). b14, QwenLM/Qwen3-VL#1493 (c579):
 * Qwen3-VL-235B (4 KV heads) on 8 × H20 was answered as 8 full replicas.
 */
describe('tensor parallel past the KV heads', () => {
  it('Qwen3-235B-A22B (64 heads, 4 KV heads) served with vLLM on 8 GPUs is tp 8', () => {
    const { scenario, said } = read('serve qwen3-235b-a22b with vllm on 8x h20');
    expect(scenario.parallel.tp).toBe(8);
    expect(said).toMatch(/tensor parallel 8/);
  });

  it('a count the KV heads neither divide nor are divided by is not split', () => {
    // 64 heads, 8 KV heads: 12 GPUs divides neither way.
    expect(read('serve llama-3-70b with vllm on 12x a100-80g').scenario.parallel.tp).toBe(1);
  });

  it('whenever the default split is taken, the heads divide and the KV heads divide or are copied evenly', () => {
    fc.assert(
      fc.property(fc.constantFrom(2, 3, 4, 6, 8, 12, 16), fc.constantFrom('llama-3-70b', 'qwen3-235b-a22b', 'llama-3-8b', 'mistral-7b'), (n, model) => {
        const { scenario } = read(`serve ${model} with vllm on ${n}x h100-80g`);
        const { tp, pp } = scenario.parallel;
        const { heads, kvHeads } = scenario.model.arch;
        if (tp === 1) return;
        // Over several nodes vLLM's guide splits tensors within a node and pipelines across them (resolve-sharding.ts).
        const perNode = scenario.hardware?.perNode ?? n;
        expect(tp * pp).toBe(n);
        expect(tp).toBe(perNode < n ? perNode : n);
        expect(heads % tp).toBe(0);
        expect(kvHeads % tp === 0 || tp % kvHeads === 0).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
