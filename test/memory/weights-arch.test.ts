import { describe, expect, it } from 'vitest';
import { modelById } from '../../src/catalog/index.js';
import { checkpointBytes, FP8_BLOCK_BYTES_PER_WEIGHT, MXFP4_BYTES_PER_WEIGHT, nativeWeightFormat } from '../../src/memory/checkpoint.js';
import { estimate } from '../../src/memory/estimate.js';
import { GiB } from '../../src/memory/format.js';
import { activeMlpWidth, prefillWorkingSet } from '../../src/memory/inference.js';
import { layoutOf } from '../../src/memory/layout.js';
import { countParams } from '../../src/memory/parameters.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { scenario } from './fixtures.js';

function served(id: string, patch: Partial<Scenario> = {}): Scenario {
  return scenario(id, { mode: 'inference', seq: 1, ...patch });
}

const weightBytes = (s: Scenario) => estimate(s).components.find((c) => c.key === 'weights')!.bytes;

describe('block-scaled checkpoint formats', () => {
  it('MXFP4 is 4.25 bits a weight (32 FP4 values + one 8-bit scale); block FP8 is 1 B + an fp32 scale per 128×128', () => {
    expect(MXFP4_BYTES_PER_WEIGHT * 8).toBe(4.25);
    expect(FP8_BLOCK_BYTES_PER_WEIGHT).toBe(1 + 4 / 16384);
  });

  it('gpt-oss-120b in its MXFP4 checkpoint is about 61 GiB (experts in MXFP4, the rest bf16)', () => {
    const whole = checkpointBytes(modelById('gpt-oss-120b').arch)!;
    expect(whole.bytes / GiB).toBeGreaterThan(60);
    expect(whole.bytes / GiB).toBeLessThan(65);
    // Only the routed experts are quantised: 114.7 B of 116.8 B.
    expect(whole.quantised / 1e9).toBeCloseTo(114.7, 1);
    const s = served('gpt-oss-120b', { weights: 'mxfp4' });
    expect(weightBytes(s)).toBeCloseTo(whole.bytes, -3);
  });

  it('gpt-oss-120b fits one 80 GB card in MXFP4 and not in bf16', () => {
    expect(weightBytes(served('gpt-oss-120b', { weights: 'mxfp4' })) / GiB).toBeLessThan(79);
    expect(weightBytes(served('gpt-oss-120b', { weights: 'bf16' })) / GiB).toBeGreaterThan(200);
  });

  it('gpt-oss-20b in MXFP4 is about 12.8 GiB, as its 16 GB-card claim needs', () => {
    const bytes = checkpointBytes(modelById('gpt-oss-20b').arch)!.bytes;
    expect(bytes / GiB).toBeGreaterThan(12);
    expect(bytes / GiB).toBeLessThan(14);
  });

  it('MXFP4 on gpt-oss keeps attention, router and embeddings 16-bit, so it is larger than MXFP4 on every linear layer', () => {
    const arch = modelById('gpt-oss-120b').arch;
    const everyLinear = countParams(arch).linear * MXFP4_BYTES_PER_WEIGHT + (countParams(arch).total - countParams(arch).linear) * 2;
    expect(checkpointBytes(arch)!.bytes).toBeGreaterThan(everyLinear);
  });

  it('DeepSeek-V3 in its block-FP8 checkpoint is about 627 GiB, half of bf16', () => {
    const s = served('deepseek-v3', { weights: 'fp8' });
    expect(weightBytes(s) / GiB).toBeGreaterThan(620);
    expect(weightBytes(s) / GiB).toBeLessThan(635);
    expect(weightBytes(served('deepseek-v3', { weights: 'bf16' })) / weightBytes(s)).toBeGreaterThan(1.95);
  });

  it('the native format of each checkpoint is the one its config.json names', () => {
    expect(nativeWeightFormat(modelById('gpt-oss-20b').arch)).toBe('mxfp4');
    expect(nativeWeightFormat(modelById('deepseek-r1').arch)).toBe('fp8');
    expect(nativeWeightFormat(modelById('kimi-k2').arch)).toBe('fp8');
    expect(nativeWeightFormat(modelById('qwen3-235b-a22b').arch)).toBeNull();
  });
});

describe('MoE weights and activations', () => {
  it('every expert stays resident: weights count the total, not the active parameters', () => {
    const s = served('qwen3-30b-a3b');
    expect(weightBytes(s)).toBeCloseTo(countParams(s.model.arch).total * 2, -3);
  });

  it('expert parallelism divides the MXFP4 experts of gpt-oss-120b across the EP ranks', () => {
    const one = weightBytes(served('gpt-oss-120b', { weights: 'mxfp4' }));
    const ep4 = weightBytes(served('gpt-oss-120b', { weights: 'mxfp4', parallel: { tp: 1, pp: 1, sp: false, cp: 1, ep: 4 }, hardware: { gpuId: null, capacityBytes: 80 * GiB, count: 4, perNode: 4 } }));
    const experts = checkpointBytes(modelById('gpt-oss-120b').arch)!.quantised * MXFP4_BYTES_PER_WEIGHT;
    expect(one - ep4).toBeCloseTo(experts * 0.75, -4);
  });

  it('a MoE prefill passes each token through its top-k routed experts plus the shared one', () => {
    expect(activeMlpWidth(modelById('qwen3-235b-a22b').arch)).toBe(8 * 1536);
    // DeepSeek-V3: 8 × 2048 routed + 2048 shared, narrower than its three dense layers (18432).
    expect(activeMlpWidth(modelById('deepseek-v3').arch)).toBe(18432);
    expect(activeMlpWidth(modelById('kimi-k2').arch)).toBe(18432);
    expect(activeMlpWidth(modelById('gpt-oss-120b').arch)).toBe(4 * 2880);
    expect(activeMlpWidth(modelById('llama-2-7b').arch)).toBe(11008);
    const s = served('qwen3-30b-a3b', { seq: 4096 });
    const moe = prefillWorkingSet(s, 4096, layoutOf(s)).bytes;
    const oneExpert = prefillWorkingSet({ ...s, model: { ...s.model, arch: { ...s.model.arch, expertsPerToken: 1 } } }, 4096, layoutOf(s)).bytes;
    expect(moe - oneExpert).toBe(4096 * 2 * 3 * 7 * 768);
  });
});
