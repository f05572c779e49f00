import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { estimateOf } from './fixtures.js';

/**
 * Aphrodite Engine keeps vLLM's gpu_memory_utilization budget but not vLLM's start-up refusal: from
 * v0.6.0 aphrodite/task_handler/worker.py `raise_if_cache_size_invalid` has vLLM's ValueError
 * commented out and logs "Forcing max_model_len to {max_seq_len}" instead (PygmalionAI/aphrodite-engine
 * f1d0b77c, the 0.6.0 release candidate); a pool of no blocks still raises "No available memory for
 * the cache blocks".
 */
const kv = (e: ReturnType<typeof estimateOf>) => e.components.find((c) => c.key === 'kv')!.bytes;

describe('Aphrodite Engine', () => {
  it('Llama-2-13B fp16 with 5 GiB of weights in CPU memory on an RTX 4090 (dphnAI/sonar#598, verdict corpus v386): a 1,814-token pool, max_model_len forced down to it, the server starts', () => {
    const e = estimateOf('llama-2-13b fp16 serve aphrodite --cpu-offload-gb 5 on 1x rtx-4090');
    expect(e.scenario.inference.fork).toBe('aphrodite');
    // 1,663 before the profile run's sampler was counted beyond its forward only (vllm-profile-peak.ts).
    expect(e.serving!.kvCapacityTokens).toBe(1814);
    expect(e.serving!.clipsToPool).toBe(true);
    expect(e.fits).toBe(true);
    expect(e.notes.join(' ')).toMatch(/Forcing max_model_len to 1814/);
    // The same plan under vLLM's name refuses: one 4,096-token sequence needs 3.1 GiB of the 1.3 GiB pool.
    const vllm = estimateOf('llama-2-13b fp16 serve vllm --cpu-offload-gb 5 on 1x rtx-4090');
    expect(kv(vllm)).toBe(kv(e));
    expect(vllm.fits).toBe(false);
  });

  it('a pool of no blocks still stops it (verdict corpus v197: Llama-3-8B at 8,192 on one T4)', () => {
    const e = estimateOf('llama-3-8b serve aphrodite ctx 8192 on 1x t4');
    expect(e.scenario.inference.fork).toBe('aphrodite');
    expect(e.fits).toBe(false);
  });

  it('the canonical text names aphrodite, and a follow-up naming vLLM drops the fork', () => {
    const e = estimateOf('llama-2-13b fp16 serve aphrodite --cpu-offload-gb 5 on 1x rtx-4090');
    const text = canonicalText(e.scenario);
    expect(text).toMatch(/\baphrodite\b/);
    expect(estimateOf(text).scenario.inference.fork).toBe('aphrodite');
    expect(estimateOf('llama-2-13b fp16 serve vllm --cpu-offload-gb 5 on 1x rtx-4090').scenario.inference.fork).toBeUndefined();
  });

  it('property: Aphrodite plans the same pool as vLLM and starts whenever vLLM starts, or the pool is not empty', () => {
    fc.assert(
      fc.property(fc.constantFrom('llama-2-7b', 'llama-2-13b', 'mistral-7b', 'qwen2.5-14b'), fc.constantFrom(2048, 4096, 8192, 16384, 32768), fc.constantFrom('rtx-4090', 'l4', 'a100-40g'), (model, seq, gpu) => {
        const a = estimateOf(`${model} serve aphrodite seq ${seq} on 1x ${gpu}`);
        const v = estimateOf(`${model} serve vllm seq ${seq} on 1x ${gpu}`);
        expect(kv(a)).toBe(kv(v));
        if (v.fits) expect(a.fits).toBe(true);
        expect(a.fits).toBe(a.serving!.kvCapacityTokens > 0);
      }),
      { numRuns: 30 },
    );
  });
});
