import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { estimate } from '../../src/memory/estimate.js';
import { GiB } from '../../src/memory/format.js';
import { kvBytesPerToken } from '../../src/memory/inference.js';
import { layoutOf } from '../../src/memory/layout.js';
import { profileTokens } from '../../src/memory/serving.js';
import { vllmEngine } from '../../src/memory/vllm-release.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { part, scenario } from './fixtures.js';

/** Issue 23 item 1: what vLLM holds at start-up by engine and release (memory/vllm-release.ts). */

const on3090 = { hardware: { gpuId: 'rtx-3090', capacityBytes: 23.7 * GiB, count: 1, perNode: 1 } };
function served(model: string, seq: number, vllmVersion?: string, extra: Partial<Scenario['inference']> = {}, tp = 1): Scenario {
  const base = scenario(model, { mode: 'inference', seq, ...on3090, parallel: { tp, pp: 1, sp: false, cp: 1, ep: 1 } });
  return { ...base, weights: 'bf16', inference: { ...base.inference, engine: 'vllm', ...(vllmVersion ? { vllmVersion } : {}), ...extra } };
}

function readBack(text: string): Scenario {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}`);
  return reply.scenario;
}

describe('the request names vLLM\'s release', () => {
  it.each([
    ['serve llama-3-8b vllm 0.6.4 on 1x 3090', '0.6.4'],
    ['serve llama-3-8b vllm==0.5.4 on 1x 3090', '0.5.4'],
    ['serve llama-3-8b vllm v0.5.4 on 1x 3090', '0.5.4'],
    ['llama-3-8b vllm 0.10 on 1x h100', '0.10'],
    ['serve llama-3-8b vllm v0 on 1x 3090', 'v0'],
    ['serve llama-3-8b vllm v1 engine on 1x 3090', 'v1'],
    ['serve llama-3-8b vllm use v1 0 on 1x 3090', 'v0'],
  ])('%s → %s, served by vLLM', (text, release) => {
    const s = readBack(text);
    expect(s.mode).toBe('inference');
    expect(s.inference.engine).toBe('vllm');
    expect(s.inference.vllmVersion).toBe(release);
  });

  it('a release with a suffix stays a version, never a setting or a count: its patch suffix is the release it patches', () => {
    const s = readBack('serve llama-3-8b vllm==0.6.4.post1 on 1x 3090');
    expect(s.inference.vllmVersion).toBe('0.6.4');
    expect(s.hardware?.count).toBe(1);
  });

  it('canonical text reads back to the same release', () => {
    const { reply } = respond('serve llama-3-8b seq 8k vllm 0.5.4 on 1x 3090', null);
    if (reply.kind !== 'estimate') throw new Error('no estimate');
    expect(readBack(reply.canonical).inference.vllmVersion).toBe('0.5.4');
  });

  it('releases before 0.8 are the V0 engine, later ones and none named V1', () => {
    expect(vllmEngine(served('llama-3-8b', 8192, '0.7.3'))).toBe('v0');
    expect(vllmEngine(served('llama-3-8b', 8192, '0.8.0'))).toBe('v1');
    expect(vllmEngine(served('llama-3-8b', 8192))).toBe('v1');
  });
});

describe('V0 profiles max-model-len in one forward unless it chunks prefill', () => {
  it('without chunked prefill (max-model-len up to 32K) the profile run is max(max-model-len, 2048) tokens', () => {
    fc.assert(
      fc.property(fc.integer({ min: 256, max: 32_768 }), fc.constantFrom('v0', '0.4.1', '0.5.4', '0.6.4', '0.7.3'), (seq, release) => {
        expect(profileTokens(served('llama-3.1-8b', seq, release))).toBe(Math.max(seq, 2048));
      }),
      { numRuns: 60 },
    );
  });

  it('over 32K, 0.6 on chunks prefill (512 tokens in 0.6, 2048 from 0.7); 0.5 still profiles the whole length', () => {
    expect(profileTokens(served('llama-3.1-8b', 35_000, '0.6.4'))).toBe(512);
    expect(profileTokens(served('llama-3.1-8b', 35_000, '0.7.3'))).toBe(2048);
    expect(profileTokens(served('llama-3.1-8b', 35_000, '0.5.4'))).toBe(35_000);
  });

  it('below 32K a longer max-model-len never leaves V0 a larger KV pool (its profile run grows with it)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2048, max: 30_000 }), fc.integer({ min: 1, max: 2_000 }), (seq, more) => {
        const kv = (n: number) => part(estimate(served('llama-3.1-8b', n, 'v0')), 'kv');
        expect(kv(seq + more)).toBeLessThanOrEqual(kv(seq));
      }),
      { numRuns: 30 },
    );
  });

  it('worked example (vllm#10517, Llama-3.1-8B on a 3090, V0): the whole 29,000-token profile leaves no room for one sequence; the V1 profile of 2,048 does', () => {
    // Budget: 0.9 × 23.7 GiB − 15.0 weights − 29,000 × 2 B × (5·4096 + 3·14336) ≈ 3.4 GiB − sampler − non-torch < 29,000 × 128 KiB.
    expect(estimate(served('llama-3.1-8b', 29_000, 'v0')).fits).toBe(false);
    expect(estimate(served('llama-3.1-8b', 29_000)).fits).toBe(true);
  });
});

describe('vLLM captures CUDA graphs after the KV cache (V0, and V1 without VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1)', () => {
  const pool = (release: string | undefined, eager: boolean) => part(estimate(served('llama-3.1-8b', 8192, release, eager ? { enforceEager: true } : {})), 'kv');
  it('so --enforce-eager leaves the KV pool as it was, in either engine, where no graph estimate is taken (V0; V1 before 0.21)', () => {
    expect(pool('0.5.4', true)).toBe(pool('0.5.4', false));
    expect(pool('0.20.1', true)).toBe(pool('0.20.1', false));
  });

  it('from 0.21 (and a vLLM named without a release, the newest) the budget loses a graph estimate only where graphs will be captured: eager gets its stand-in back', () => {
    const e = estimate(served('llama-3.1-8b', 8192));
    expect(pool(undefined, true) - pool(undefined, false)).toBeCloseTo(part(e, 'context') + part(e, 'nccl'), -3);
  });
});

describe('DeepSeek MLA: vLLM caches the latent from 0.7.1', () => {
  it('before it, K and V per head padded to 256: 2 × heads ÷ tp × 256 × layers × 2 B a token', () => {
    const old = served('deepseek-v2-lite', 8192, '0.5.4', {}, 2);
    const { layers, heads, mla } = old.model.arch;
    expect(kvBytesPerToken(old, layoutOf(old))).toBe(layers * 2 * (heads / 2) * 256 * 2);
    const latent = served('deepseek-v2-lite', 8192, '0.7.1', {}, 2);
    expect(kvBytesPerToken(latent, layoutOf(latent))).toBe(layers * (mla!.kvLoraRank + mla!.ropeHeadDim) * 2);
  });
});
