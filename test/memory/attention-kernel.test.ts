import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layerBytes, layerTensors } from '../../src/memory/activations.js';
import { hfDefaultAttention, sdpaMathFallback } from '../../src/memory/attention-kernel.js';
import { prefillWorkingSet } from '../../src/memory/inference.js';
import { layoutOf } from '../../src/memory/layout.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { scenario } from './fixtures.js';

/**
 * The kernel transformers really runs when none is named (memory/attention-kernel.ts):
 * Falcon-7B's one unrepeated K/V head sends SDPA to its math kernel (PyTorch sdp_utils
 * check_batch_size_and_num_heads), and Gemma 2 loads with eager attention (transformers#32865, 4.45).
 */

function resolved(text: string): { s: Scenario; said: string } {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
}

const scoreBytes = (s: Scenario) => layerTensors(s).filter((t) => t.symbol === 'a·s').reduce((sum, t) => sum + t.width * t.bytes, 0);

describe('Falcon-7B under SDPA runs the math kernel', () => {
  it('worked example: 71 heads × 4096² × 2 B = 2.38 GB of softmax output per layer at seq 4096, batch 1 (DeepSpeed#3901 setup)', () => {
    const { s, said } = resolved('falcon-7b full zero3 seq 4096 on 8x a100-40g');
    expect(s.attention).toBe('sdpa');
    expect(sdpaMathFallback(s)).toBe(true);
    expect(said).toMatch(/math kernel: 1 K\/V head beside 71 query heads/);
    // per token a·s elements in bf16; over s tokens: 71 × 4096 × 4096 × 2 B
    expect(scoreBytes(s) * s.seq).toBe(71 * 4096 * 4096 * 2);
    // k and v are kept with their one head (64 wide), not repeated to 71 heads, and no output / log-sum-exp.
    const names = layerTensors(s).map((t) => t.name);
    expect(names).toContain('k, 1 head (not repeated)');
    expect(names).not.toContain('log-sum-exp, fp32');
  });

  it('"flash attention" takes FalconFlashAttention2, which keeps no scores', () => {
    const { s } = resolved('falcon-7b full zero3 seq 4096 flash attention on 8x a100-40g');
    expect(s.attention).toBe('flash');
    expect(scoreBytes(s)).toBe(0);
  });

  it('Falcon-40B (new_decoder_architecture expands K/V to every head) keeps the fused kernels', () => {
    const { s, said } = resolved('falcon-40b full zero3 seq 2048 on 8x a100-80g');
    expect(s.attention).toBe('flash');
    expect(said).not.toMatch(/math kernel/);
  });

  it('a Llama-style GQA model is untouched (transformers repeats K/V before SDPA)', () => {
    const { s } = resolved('llama-3-8b full zero3 seq 4096 on 8x a100-80g');
    expect(s.attention).toBe('flash');
    expect(hfDefaultAttention(s, 'hf')).toBeNull();
  });

  it('frameworks with their own attention (torchtune, litgpt, Megatron) are not sent to the math kernel', () => {
    for (const framework of ['torchtune', 'litgpt', 'megatron'] as const) {
      const s = scenario('falcon-7b', { framework, attention: 'sdpa' });
      expect(sdpaMathFallback(s)).toBe(false);
      expect(hfDefaultAttention(s, 'hf')).toBeNull();
    }
  });

  it('the math-kernel scores grow with s² and never fall below the fused kernel count at seq ≥ 256', () => {
    fc.assert(
      fc.property(fc.integer({ min: 256, max: 16384 }), fc.integer({ min: 1, max: 8 }), (seq, microBatch) => {
        const math = scenario('falcon-7b', { attention: 'sdpa', seq, microBatch });
        const fused = { ...math, attention: 'flash' as const };
        expect(scoreBytes(math)).toBe(71 * seq * 2);
        expect(layerBytes(math)).toBeGreaterThan(layerBytes(fused));
      }),
      { numRuns: 40 },
    );
  });
});

describe('Gemma 2 defaults to eager attention under transformers', () => {
  it('worked example: Gemma-2-9B LoRA at seq 4096 keeps 16 × 4096² scores per layer, fp32 softmax + bf16 copy + tanh output = 8 B each', () => {
    const { s, said } = resolved('gemma-2-9b lora seq 4096 on a100-80g');
    expect(s.attention).toBe('eager');
    expect(said).toMatch(/eager attention \(default\): transformers ≥ 4\.45 loads Gemma 2 with eager/);
    expect(scoreBytes(s) * s.seq).toBe(16 * 4096 * 4096 * (4 + 2 + 2));
  });

  it('HF generate takes eager too; vLLM keeps its own kernel', () => {
    expect(resolved('gemma-2-9b inference ctx 8192 on a100-80g').s.attention).toBe('eager');
    expect(resolved('gemma-2-9b vllm ctx 8192 on a100-80g').s.attention).toBe('flash');
  });

  it('a named kernel wins: "flash attention" (FlashAttention ≥ 2.6 soft-caps) keeps no scores', () => {
    const { s, said } = resolved('gemma-2-9b lora seq 4096 flash attention on a100-80g');
    expect(s.attention).toBe('flash');
    expect(said).not.toMatch(/loads Gemma 2 with eager/);
  });

  it('Gemma 1 (no soft-capping) keeps the flash default', () => {
    expect(resolved('gemma-7b lora seq 4096 on a100-80g').s.attention).toBe('flash');
  });

  it('the tanh output adds exactly one compute-dtype copy per score over plain eager', () => {
    const capped = scenario('gemma-2-9b', { attention: 'eager', seq: 1024 });
    const plain = { ...capped, model: { ...capped.model, arch: { ...capped.model.arch, attnSoftcap: false } } };
    expect(scoreBytes(capped) - scoreBytes(plain)).toBe(16 * 1024 * 2);
  });
});

describe('Falcon-7B under HF generate', () => {
  it('worked example: a 2048-token prefill holds q·kᵀ and its softmax, 71 × 2048² × (2 + 2) B, in one layer', () => {
    const { s, said } = resolved('falcon-7b inference ctx 2048 on a100-40g');
    expect(s.attention).toBe('sdpa');
    expect(said).toMatch(/math kernel/);
    const fused = prefillWorkingSet({ ...s, attention: 'flash' }, 2048, layoutOf(s)).bytes;
    expect(prefillWorkingSet(s, 2048, layoutOf(s)).bytes - fused).toBe(71 * 2048 * 2048 * 4);
  });

  it('vLLM runs its own kernel: no default change and no math-kernel scores even if "sdpa" is set', () => {
    const { s } = resolved('falcon-7b vllm ctx 2048 on a100-40g');
    expect(s.attention).toBe('flash');
    expect(sdpaMathFallback({ ...s, attention: 'sdpa' })).toBe(false);
  });
});
