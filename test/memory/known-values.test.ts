import { describe, expect, it } from 'vitest';
import { gpuById } from '../../src/catalog/index.js';
import { estimate } from '../../src/memory/estimate.js';
import { GiB, MiB } from '../../src/memory/format.js';
import { kvCache } from '../../src/memory/inference.js';
import { layoutOf } from '../../src/memory/layout.js';
import { countParams } from '../../src/memory/parameters.js';
import type { Architecture, Scenario } from '../../src/scenario/schema.js';
import { scenario } from './fixtures.js';

const STATE_KEYS = new Set(['weights', 'master', 'optimizer', 'gradients']);

function modelStatesGb(s: Scenario): number {
  return estimate(s).modelStates.filter((c) => STATE_KEYS.has(c.key)).reduce((sum, c) => sum + c.bytes, 0) / 1e9;
}

/** A generic 7.5 B-parameter shape for the ZeRO paper's analytic case (Ψ = 7.5 B exactly). */
function zeroPaperScenario(stage: number): Scenario {
  const base = scenario('llama-2-7b');
  const arch: Architecture = { ...base.model.arch };
  arch.sizeAdjustment = 7.5e9 - countParams({ ...arch, sizeAdjustment: 0 }).total;
  return {
    ...base,
    model: { ...base.model, arch, name: 'ZeRO 7.5B' },
    compute: 'fp16',
    optimizer: 'adam',
    sharding: stage === 0 ? { kind: 'ddp', stage: 0 } : { kind: 'zero', stage },
    hardware: { gpuId: null, capacityBytes: 80 * GiB, count: 64, perNode: 8 },
  };
}

describe('known values (DESIGN §6)', () => {
  it('Llama-2-70B KV cache at 4k tokens, batch 1, bf16 is 1.25 GiB', () => {
    const s = scenario('llama-2-70b', { mode: 'inference', seq: 4096 });
    expect(kvCache(s, layoutOf(s)).bytes / GiB).toBeCloseTo(1.25, 3);
  });

  it('Llama-3.1-70B bf16 weights are about 131 GiB', () => {
    const s = scenario('llama-3.1-70b', { mode: 'inference', seq: 1 });
    const weights = estimate(s).components.find((c) => c.key === 'weights')!;
    expect(weights.bytes / GiB).toBeGreaterThan(130.5);
    expect(weights.bytes / GiB).toBeLessThan(132);
  });

  it.each([
    [0, 120],
    [1, 31.4],
    [2, 16.6],
    [3, 1.9],
  ])('ZeRO paper, 7.5 B on 64 GPUs, stage %i: model states %f GB', (stage, gb) => {
    expect(modelStatesGb(zeroPaperScenario(stage))).toBeCloseTo(gb, 1);
  });

  it('counts mixed-precision AdamW at 16 bytes per parameter (2 + 2 + 4 + 8)', () => {
    const s = scenario('llama-2-7b');
    const p = countParams(s.model.arch).total;
    expect(modelStatesGb(s) * 1e9).toBeCloseTo(16 * p, -3);
  });

  it('a 7B full fine-tune in mixed precision lists only cards above its 16 B/param states', () => {
    const e = estimate(scenario('llama-2-7b'));
    const states = 16 * e.params.total;
    for (const id of e.fitsOn) expect(gpuById(id).usableMiB * MiB).toBeGreaterThan(states);
    expect(e.fitsOn).not.toContain('a100-80g');
  });

  it('13b bf16 zero3 seq 4096 on 4xA100-80G shows every component with its arithmetic', () => {
    const s = scenario('llama-2-13b', {
      seq: 4096,
      sharding: { kind: 'zero', stage: 3 },
      hardware: { gpuId: 'a100-80g', capacityBytes: 81050 * MiB, count: 4, perNode: 4 },
    });
    const e = estimate(s);
    const keys = e.components.map((c) => c.key);
    for (const key of ['weights', 'master', 'optimizer', 'gathered', 'activations', 'logits', 'slack', 'context', 'nccl']) expect(keys).toContain(key);
    for (const c of e.components) expect(c.formula).toMatch(/\d/);
    expect(e.components.find((c) => c.key === 'weights')!.formula).toContain('÷ 4');
    expect(e.components.find((c) => c.key === 'activations')!.formula).toMatch(/40 layers/);
  });

  it('GQA shrinks the KV cache by heads / KV heads (Llama-2-70B: 64 / 8)', () => {
    const s = scenario('llama-2-70b', { mode: 'inference', seq: 4096 });
    const mha = { ...s, model: { ...s.model, arch: { ...s.model.arch, kvHeads: s.model.arch.heads } } };
    expect(kvCache(mha, layoutOf(mha)).bytes / kvCache(s, layoutOf(s)).bytes).toBeCloseTo(8, 6);
  });
});
