import { describe, expect, it } from 'vitest';
import { layerTensors } from '../../src/memory/activations.js';
import { hfDefaultAttention } from '../../src/memory/attention-kernel.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * ChatGLM-6B (the first generation) trains through its own remote code, whose attention_fn
 * (THUDM/chatglm-6b modeling_chatglm.py) has no SDPA or flash path: baddbmm into a [b·a, s, s]
 * buffer, `attention_scores.float()`, F.softmax (its fp32 output kept for backward), `.type(dtype)`
 * (the 16-bit copy kept by the bmm with V). memory/attention-kernel.ts marks it eager (arch.eagerOnly).
 */

function resolved(text: string): { s: Scenario; said: string } {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
}

/** Bytes of the a·s-wide tensors of one layer, times s: the attention scores a layer keeps. */
const scoreBytes = (s: Scenario) => layerTensors(s).filter((t) => t.symbol === 'a·s').reduce((sum, t) => sum + t.width * t.bytes, 0) * s.seq;

describe('ChatGLM-6B trains with its own eager attention', () => {
  it('worked example: 32 heads × 1024² × (4 B fp32 softmax + 2 B 16-bit copy) = 201 MB per layer at seq 1024, batch 1', () => {
    const { s, said } = resolved('chatglm-6b lora bs 1 seq 1024 on 1x a100-40g');
    expect(s.attention).toBe('eager');
    expect(said).toMatch(/own modeling code has no SDPA or flash path/);
    expect(scoreBytes(s)).toBe(32 * 1024 * 1024 * (4 + 2));
    // 28 layers without recomputation: 5.6 GB (5.25 GiB) of scores, which the flash default never counted.
    expect((28 * scoreBytes(s)) / 2 ** 30).toBeCloseTo(5.25, 2);
  });

  it('the scores grow with s²: seq 2048 keeps four times what seq 1024 keeps', () => {
    const short = resolved('chatglm-6b lora bs 1 seq 1024 on 1x a100-40g').s;
    const long = resolved('chatglm-6b lora bs 1 seq 2048 on 1x a100-40g').s;
    expect(scoreBytes(long)).toBe(4 * scoreBytes(short));
  });

  it('LLaMA-Factory loads the same remote code: eager too', () => {
    const { s } = resolved('chatglm-6b lora bs 1 seq 1024 llamafactory on 1x a100-40g');
    expect(s.attention).toBe('eager');
  });

  it('ChatGLM2-6B and ChatGLM3-6B call scaled_dot_product_attention (CoreAttention): untouched', () => {
    for (const model of ['chatglm2-6b', 'chatglm3-6b']) {
      const { s, said } = resolved(`${model} lora bs 1 seq 1024 on 1x a100-40g`);
      expect(s.attention).toBe('flash');
      expect(said).not.toMatch(/own modeling code/);
      expect(scoreBytes(s)).toBe(0);
    }
  });

  it('serving is left as it was (the prefill term is not modelled for it here)', () => {
    const { s } = resolved('chatglm-6b int4 infer on 1x 6GB');
    expect(hfDefaultAttention(s, s.inference.engine)?.attention).not.toBe('eager');
  });

  it('a kernel the user names is kept', () => {
    const { s } = resolved('chatglm-6b lora bs 1 seq 1024 sdpa on 1x a100-40g');
    expect(s.attention).toBe('sdpa');
  });
});
