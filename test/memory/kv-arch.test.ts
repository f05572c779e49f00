import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { modelById } from '../../src/catalog/index.js';
import { cachedTokens, kvBytesPerToken, kvCache, slidingLayerCount } from '../../src/memory/inference.js';
import { layoutOf } from '../../src/memory/layout.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { scenario } from './fixtures.js';

function serving(id: string, engine: 'hf' | 'vllm', patch: Partial<Scenario> = {}): Scenario {
  const base = scenario(id, { mode: 'inference', seq: 4096, ...patch });
  return { ...base, inference: { ...base.inference, engine, ...(patch.inference ?? {}) } };
}

const perToken = (s: Scenario) => kvBytesPerToken(s, layoutOf(s));

describe('MLA KV cache per engine', () => {
  it('vLLM caches DeepSeek-V3 latent: (512 + 64) values × 61 layers × 2 B = 70,272 B a token', () => {
    expect(perToken(serving('deepseek-v3', 'vllm'))).toBe(576 * 61 * 2);
  });

  it('transformers caches DeepSeek-V3 decompressed: 128 heads × (192 K + 128 V) × 61 layers × 2 B a token', () => {
    expect(perToken(serving('deepseek-v3', 'hf'))).toBe(128 * (192 + 128) * 61 * 2);
    // 71× the latent: why HF generate on DeepSeek runs out of memory where vLLM does not.
    expect(perToken(serving('deepseek-v3', 'hf')) / perToken(serving('deepseek-v3', 'vllm'))).toBeCloseTo(71.1, 1);
  });

  it('the vLLM latent is the same on every TP rank; the decompressed heads split over TP', () => {
    for (const tp of [1, 2, 4, 8]) {
      const parallel = { tp, pp: 1, sp: false, cp: 1, ep: 1 };
      expect(perToken(serving('kimi-k2', 'vllm', { parallel }))).toBe(576 * 61 * 2);
      expect(perToken(serving('kimi-k2', 'hf', { parallel }))).toBe(((64 * 320) / tp) * 61 * 2);
    }
  });

  it('an fp8 KV cache halves the latent (1 B a value)', () => {
    const fp8 = serving('deepseek-r1', 'vllm', { inference: { engine: 'vllm', newTokens: 0, kvDtype: 'fp8', gpuMemoryUtilization: 0.9 } });
    expect(perToken(fp8)).toBe(576 * 61);
  });

  it('pipeline stages hold only their layers of latent', () => {
    const s = serving('deepseek-v3', 'vllm', { parallel: { tp: 1, pp: 2, sp: false, cp: 1, ep: 1 } });
    expect(perToken(s)).toBe(576 * 31 * 2);
  });
});

describe('sliding-window caps', () => {
  it('gpt-oss-120b: 18 of 36 layers keep at most 128 tokens', () => {
    const arch = modelById('gpt-oss-120b').arch;
    expect(slidingLayerCount(arch)).toBe(18);
    expect(cachedTokens(arch, 100)).toBe(100);
    expect(cachedTokens(arch, 131072)).toBe(0.5 * 128 + 0.5 * 131072);
  });

  it('gpt-oss-120b KV at 128k tokens: 18 full layers × 131072 + 18 window layers × 128, × 8 KV heads × 64 × 2 (K, V) × 2 B', () => {
    const s = serving('gpt-oss-120b', 'hf', { seq: 131072 });
    const expected = (18 * 131072 + 18 * 128) * 8 * 64 * 2 * 2;
    expect(kvCache(s, layoutOf(s)).bytes).toBeCloseTo(expected, 0);
  });

  it('Gemma 3 27B: five 1024-token local layers per global one (52 of 62)', () => {
    const arch = modelById('gemma-3-27b').arch;
    expect(slidingLayerCount(arch)).toBe(52);
    const s = serving('gemma-3-27b', 'hf', { seq: 32768 });
    const expected = (52 * 1024 + 10 * 32768) * 16 * 128 * 2 * 2;
    expect(kvCache(s, layoutOf(s)).bytes).toBeCloseTo(expected, 0);
  });

  it('Gemma 3 1B uses a 512-token window', () => {
    expect(cachedTokens(modelById('gemma-3-1b').arch, 8192)).toBeCloseTo((22 * 512 + 4 * 8192) / 26, 6);
  });

  it('Llama 4 chunked-attention layers hold at most one 8192-token chunk; every fourth layer is global', () => {
    const arch = modelById('llama-4-scout').arch;
    expect(cachedTokens(arch, 1_000_000)).toBeCloseTo((36 * 8192 + 12 * 1_000_000) / 48, 6);
  });

  it('a window never grows the cache, and only windowed layers stop growing (property)', () => {
    const ids = ['gpt-oss-20b', 'gpt-oss-120b', 'gemma-3-1b', 'gemma-3-4b', 'gemma-3-12b', 'gemma-3-27b', 'gemma-2-9b', 'mistral-7b', 'starcoder2-7b', 'llama-4-maverick'];
    fc.assert(
      fc.property(fc.constantFrom(...ids), fc.integer({ min: 1, max: 2_000_000 }), fc.integer({ min: 1, max: 100_000 }), (id, seq, more) => {
        const arch = modelById(id).arch;
        const now = cachedTokens(arch, seq);
        expect(now).toBeLessThanOrEqual(seq);
        const later = cachedTokens(arch, seq + more);
        expect(later).toBeGreaterThanOrEqual(now);
        const global = arch.layers - slidingLayerCount(arch);
        // Past the window only the global layers keep growing, one token each.
        if (seq >= arch.slidingWindow!) expect(later - now).toBeCloseTo((more * global) / arch.layers, 6);
      }),
    );
  });

  it('models without a window cache the whole sequence', () => {
    expect(cachedTokens(modelById('deepseek-v3').arch, 100_000)).toBe(100_000);
    expect(cachedTokens(modelById('qwen3-235b-a22b').arch, 100_000)).toBe(100_000);
  });
});

describe('KV heads under tensor parallelism', () => {
  it('serving replicates KV heads when tp exceeds them: Qwen3-235B (4 KV heads) on tp 8 holds one head a rank', () => {
    const r = resolveRequest('qwen3-235b-a22b serve on 8x h200 tp 8', null);
    expect(r.ok).toBe(true);
    const s = r.ok ? r.scenario! : null;
    expect(perToken(s!)).toBe(2 * 94 * 1 * 128 * 2);
  });

  it('training keeps the stricter rule: Megatron splits KV groups, it does not replicate them', () => {
    expect(resolveRequest('qwen3-235b-a22b full on 8x h200 tp 8', null).ok).toBe(false);
  });
});
