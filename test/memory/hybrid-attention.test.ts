import { describe, expect, it } from 'vitest';
import { findModel, modelById } from '../../src/catalog/index.js';
import { kvBytesPerToken, kvCache } from '../../src/memory/inference.js';
import { layoutOf } from '../../src/memory/layout.js';
import { fullAttentionLayerCount, linearAttentionLayerCount, recurrentStateBytesPerSequence } from '../../src/memory/linear-attention.js';
import { countParams } from '../../src/memory/parameters.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { estimateOf, scenario } from './fixtures.js';

/**
 * Qwen3-Next (hybrid Gated DeltaNet + gated full attention): KV only on the full-attention layers
 * (one in full_attention_interval 4), a fixed conv + recurrent state per sequence on the other 36.
 * Shapes: transformers configuration_qwen3_next.py defaults = Qwen3-Next-80B-A3B config.json;
 * state sizes: vLLM mamba_utils.py MambaStateShapeCalculator.gated_delta_net_state_shape.
 */
function serving(engine: 'hf' | 'vllm', patch: Partial<Scenario> = {}): Scenario {
  const base = scenario('qwen3-next-80b-a3b', { mode: 'inference', seq: 4096, ...patch });
  return { ...base, inference: { ...base.inference, engine, ...(patch.inference ?? {}) } };
}
const perToken = (s: Scenario) => kvBytesPerToken(s, layoutOf(s));
const state = (s: Scenario) => recurrentStateBytesPerSequence(s, layoutOf(s));
const dense = (s: Scenario): Scenario => ({ ...s, model: { ...s.model, arch: { ...s.model.arch, linearAttention: undefined } } });

describe('Qwen3-Next in the catalog', () => {
  it('is found by its release names', () => {
    for (const name of ['Qwen3-Next-80B-A3B-Instruct', 'qwen3-next-80b-a3b-thinking', 'Qwen/Qwen3-Next-80B-A3B-Instruct', 'qwen3 next 80b']) {
      expect(findModel(name)?.id).toBe('qwen3-next-80b-a3b');
    }
  });

  it('counts 80B within 1% (79.7 B: 77.5 B of experts, 1.5 B attention + Gated DeltaNet, 0.62 B embedding and head)', () => {
    const m = modelById('qwen3-next-80b-a3b')!;
    const p = countParams(m.arch);
    expect(Math.abs(p.total / 80e9 - 1)).toBeLessThan(0.01);
    expect(p.total / 1e9).toBeCloseTo(79.67, 1);
  });

  it('has 12 full-attention and 36 linear-attention layers', () => {
    const arch = modelById('qwen3-next-80b-a3b')!.arch;
    expect(fullAttentionLayerCount(arch)).toBe(12);
    expect(linearAttentionLayerCount(arch)).toBe(36);
  });
});

describe('hybrid attention KV cache', () => {
  it('caches 12 layers × 2 × 2 KV heads × 256 × 2 B = 24 KiB a token, a quarter of the dense count over 48 layers', () => {
    const s = serving('vllm');
    expect(perToken(s)).toBe(12 * 2 * 2 * 256 * 2);
    expect(perToken(dense(s))).toBe(48 * 2 * 2 * 256 * 2);
    expect(perToken(dense(s)) / perToken(s)).toBe(4);
  });

  it('splits the 2 KV heads over tp 2 (12 KiB a token)', () => {
    expect(perToken(serving('vllm', { parallel: { tp: 2, pp: 1, sp: false, cp: 1, ep: 1 } }))).toBe(12 * 2 * 1 * 256 * 2);
  });

  it('holds per sequence in vLLM 36 × (8192 × 3 conv + 32 × 128 × 128 state) × 2 B = 39.5 MB', () => {
    expect(state(serving('vllm'))).toBe(36 * (8192 * 3 + 32 * 128 * 128) * 2);
    expect(state(serving('vllm')) / 1e6).toBeCloseTo(39.5, 1);
  });

  it('halves the vLLM state under tp 2 (conv channels and value heads split)', () => {
    const s = serving('vllm', { parallel: { tp: 2, pp: 1, sp: false, cp: 1, ep: 1 } });
    expect(state(s)).toBe(36 * (4096 * 3 + 16 * 128 * 128) * 2);
  });

  it("on a pipeline stage, the state and the KV line's formula count that stage's linear-attention layers", () => {
    const s = serving('vllm', { parallel: { tp: 1, pp: 2, sp: false, cp: 1, ep: 1 } });
    expect(state(s)).toBe(18 * (8192 * 3 + 32 * 128 * 128) * 2);
    expect(kvCache(s, layoutOf(s)).formula).toMatch(/\+ 18 linear-attention layers/);
  });

  it('in transformers keeps the full conv window in bf16 and the recurrent state in fp32', () => {
    expect(state(serving('hf'))).toBe(36 * (8192 * 4 * 2 + 32 * 128 * 128 * 4));
  });

  it('the KV line adds the state once per sequence: batch 3 at 4096 tokens', () => {
    const s = serving('vllm', { microBatch: 3 });
    const kv = kvCache(s, layoutOf(s));
    expect(kv.bytes).toBe(3 * (4096 * 24576 + 36 * 548864 * 2));
    expect(kv.formula).toMatch(/36 linear-attention layers/);
  });

  it('a model without linear attention holds no state', () => {
    expect(state(scenario('qwen3-30b-a3b', { mode: 'inference' }))).toBe(0);
  });
});

describe('hybrid attention in the reply', () => {
  it('serves ~4× the sequences a dense 48-layer count would allow, less the state of each', () => {
    const e = estimateOf('serve Qwen3-Next-80B-A3B-Instruct on 2x H200 tp 2 seq 32768');
    const sv = e.serving!;
    expect(sv.kvBytesPerToken).toBe(12 * 1024);
    const perSeq = 32768 * 12 * 1024 + 36 * (4096 * 3 + 16 * 128 * 128) * 2;
    expect(sv.concurrentSequences).toBe(Math.floor(sv.kvPoolBytes / perSeq));
    expect(sv.sequenceBytes).toBe(perSeq);
  });

  it('reads the Chinese thread line (hiyouga/LlamaFactory#9191) as the catalog model', () => {
    const e = estimateOf('qwen3-next-80B 8卡*80G A100 报错 OOM');
    expect(e.scenario.model.id).toBe('qwen3-next-80b-a3b');
  });
});

describe('hybrid attention in training activations', () => {
  it('saves more per layer than the same model counted as dense attention (Gated DeltaNet projections, approximated)', async () => {
    const { layerBytes } = await import('../../src/memory/activations.js');
    const s = scenario('qwen3-next-80b-a3b', { mode: 'lora', seq: 4096 });
    const extra = layerBytes(s) - layerBytes(dense(s));
    // (36 × (2·2048 + 2·4096 + 8192) + 12 × 4096) / 48 = 16,384 values a token, 2 B each.
    expect(extra).toBe(4096 * s.microBatch * 16384 * 2);
  });
});
