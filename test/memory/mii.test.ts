import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { earlyStages } from '../../src/language/early-stages.js';
import { MII_RESERVE_BYTES, miiKvBudget } from '../../src/memory/mii.js';
import { estimateOf } from './fixtures.js';

/**
 * DeepSpeed-MII (FastGen): tensor_parallel defaults to WORLD_SIZE, else 1 (mii/config.py), so a
 * deployment that names none holds the whole model on one GPU per replica; the KV blocks take what
 * is free after the weights less MemoryConfig's 1 GB reserve (deepspeed/inference/v2/ragged/manager_configs.py).
 */
const kv = (e: ReturnType<typeof estimateOf>) => e.components.find((c) => c.key === 'kv')!.bytes;
const weights = (e: ReturnType<typeof estimateOf>) => e.components.filter((c) => c.group === 'weights').reduce((a, c) => a + c.bytes, 0);

describe('DeepSpeed-MII', () => {
  it('verdict corpus v183 (DeepSpeed-MII#374): import mii; mii.serve("mistralai/Mixtral-8x7B-v0.1") on 8× A100 80GB puts all 87 GiB of fp16 Mixtral on one card: does not fit', () => {
    const e = estimateOf('import mii\nclient = mii.serve("mistralai/Mixtral-8x7B-v0.1")\non 8x a100-80g');
    expect(e.scenario.inference.server).toBe('mii');
    expect(e.scenario.parallel.tp).toBe(1);
    expect(e.fits).toBe(false);
    expect(weights(e)).toBeGreaterThan(e.capacityBytes!);
    const { reply } = respond('import mii\nclient = mii.serve("mistralai/Mixtral-8x7B-v0.1")\non 8x a100-80g', null);
    expect(reply.kind === 'estimate' ? reply.assumptions.join(' ') : '').toMatch(/tensor_parallel defaults to WORLD_SIZE, else 1 .*say tp 8/);
  });

  it('tensor_parallel=8, read through MII\'s option list, shards the model and it fits', () => {
    const e = estimateOf('mii.serve("mistralai/Mixtral-8x7B-v0.1", tensor_parallel=8) on 8x a100-80g');
    expect(e.scenario.parallel.tp).toBe(8);
    expect(e.fits).toBe(true);
    expect(estimateOf('mixtral-8x7b deepspeed-mii tp 8 on 8x a100-80g').scenario.parallel.tp).toBe(8);
  });

  it("FastGen's KV is the card less weights, non-torch memory and the 1 GB reserve: no share of the card", () => {
    const e = estimateOf('llama-2-7b deepspeed-mii on 1x a100-80g');
    expect(e.scenario.inference.gpuMemoryUtilization).toBe(1);
    const nonTorch = e.components.filter((c) => c.group === 'overhead').reduce((a, c) => a + c.bytes, 0);
    expect(kv(e)).toBeCloseTo(e.capacityBytes! - weights(e) - nonTorch - MII_RESERVE_BYTES, -6);
    // vLLM at its 0.9 on the same card keeps a tenth of it outside the budget: a smaller pool.
    expect(kv(e)).toBeGreaterThan(kv(estimateOf('llama-2-7b serve vllm on 1x a100-80g')));
  });

  it('the budget never grows with the weights, and a bigger card never shrinks it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 200 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 50 }), (cardGiB, weightsGiB, more) => {
        const G = 2 ** 30;
        expect(miiKvBudget(cardGiB * G, (weightsGiB + more) * G, 0.5 * G)).toBeLessThanOrEqual(miiKvBudget(cardGiB * G, weightsGiB * G, 0.5 * G));
        expect(miiKvBudget((cardGiB + more) * G, weightsGiB * G, 0.5 * G)).toBeGreaterThanOrEqual(miiKvBudget(cardGiB * G, weightsGiB * G, 0.5 * G));
      }),
      { numRuns: 100 },
    );
  });

  it('its keyword arguments read with their meaning: max_length the context, replica_num and device_map no memory of their own', () => {
    const { config } = earlyStages('import mii\nclient = mii.serve("meta-llama/Llama-2-7b-hf", max_length=4096, replica_num=2, device_map={"localhost": [[0], [1]]})');
    expect(config.unknownKeys).toEqual([]);
    expect(config.text.steps.some((s) => s.rule === 'config.key.max_length' && s.wrote.includes('seq 4096'))).toBe(true);
    // MII's device_map names GPUs, not Hugging Face's layer split.
    expect(config.text.steps.some((s) => s.rule === 'config.key.device_map' && /[a-z]/.test(s.wrote))).toBe(false);
  });
});
