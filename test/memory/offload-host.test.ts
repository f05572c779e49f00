import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { estimate } from '../../src/memory/estimate.js';
import { layoutOf } from '../../src/memory/layout.js';
import { fsdpCpuOffloadHostBytesPerRank, offloadHostBytes, zero3OffloadHostBytesPerRank, zeroOffloadHostBytesPerRank } from '../../src/memory/offload.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { estimateOf, scenario } from './fixtures.js';

const GiB = 2 ** 30;
const a100x8 = estimateOf('llama-2-7b full on 8x a100-80g').scenario.hardware;

describe('offload, tensor by tensor (DeepSpeed stage_1_and_2.py / stage3.py, FSDP _flat_param.py)', () => {
  it('ZeRO-2 offload keeps 18 B per partitioned parameter on the host: fp32 master, fp32 grad, 16-bit copy-back buffer, Adam m and v', () => {
    const s = scenario('llama-2-7b', { sharding: { kind: 'zero', stage: 2 }, offload: { optimizer: 'cpu', params: 'none' }, hardware: a100x8 });
    const l = layoutOf(s);
    expect(zeroOffloadHostBytesPerRank(s, l)).toBeCloseTo((l.params.total / l.shard.optimizer) * 18, -3);
    // Gradient accumulation adds a 16-bit accumulated gradient per partitioned parameter.
    const accumulating = { ...s, gradAccum: 4 };
    expect(zeroOffloadHostBytesPerRank(accumulating, l)).toBeCloseTo((l.params.total / l.shard.optimizer) * 20, -3);
  });

  it('ZeRO-3 offload keeps 16 B per parameter for the optimizer, 18 B with parameter offload (estimate_zero3_model_states_mem_needs before its 1.5)', () => {
    const base = scenario('llama-2-7b', { sharding: { kind: 'zero', stage: 3 }, hardware: a100x8 });
    const optimizerOnly = { ...base, offload: { optimizer: 'cpu' as const, params: 'none' as const } };
    const both = { ...base, offload: { optimizer: 'cpu' as const, params: 'cpu' as const } };
    const l = layoutOf(base);
    const partition = l.params.total / l.shard.optimizer;
    expect(zero3OffloadHostBytesPerRank(optimizerOnly, l)).toBeCloseTo(partition * 16, -3);
    expect(zero3OffloadHostBytesPerRank(both, l)).toBeCloseTo(partition * 18, -3);
    // Per node: the eight ranks' partitions together are the whole model once.
    expect(offloadHostBytes(both, l)).toBeCloseTo(l.params.total * 18, -3);
  });

  it('FSDP CPUOffload pins the fp32 shard and a same-sized gradient, with the optimizer states beside them: 16 B per parameter under mixed precision', () => {
    const s = scenario('llama-2-13b', { sharding: { kind: 'fsdp', stage: 3 }, offload: { optimizer: 'none', params: 'cpu' }, recipe: 'amp' });
    const l = layoutOf(s);
    expect(fsdpCpuOffloadHostBytesPerRank(s, l)).toBeCloseTo((l.params.total / l.shard.weights) * 16, -3);
  });

  it('host RAM short ⇒ does not fit, whatever the GPU margin (axolotl#1439: 70B ZeRO-3 offload on a 1024 GB node)', () => {
    const short = estimateOf('70b full zero3 cpu offload adamw bs 1 seq 2048 axolotl on 8x a100-80g with 1024GB RAM');
    expect(short.hostBytes).toBeGreaterThan(1024 * GiB);
    expect(short.fits).toBe(false);
    expect(short.notes.some((n) => n.startsWith('host RAM runs out'))).toBe(true);
    const enough = estimateOf('70b full zero3 cpu offload adamw bs 1 seq 2048 axolotl on 8x a100-80g with 2048GB RAM');
    expect(enough.deviceBytes).toBe(short.deviceBytes);
    expect(enough.fits).toBe(true);
  });

  it('the reply says ✗ for host RAM, also when the sequence was not stated (no envelope: nothing fits along it)', () => {
    const { reply } = respond('70b full zero3 cpu offload adamw bs 1 axolotl on 8x a100-80g with 1024GB RAM', null);
    if (reply.kind !== 'estimate') throw new Error(reply.kind);
    expect(reply.verdict.status).toBe('no');
    expect(reply.verdict.headline).toMatch(/^✗ Does not fit in host RAM/);
  });

  it('FSDP offload of a 13B on 4 GPUs fits in the 240 GB llama-recipes names as its minimum (llama-cookbook#25)', () => {
    const e = estimateOf('llama-2-13b full fsdp offload params flash bs 1 seq 2048 on 4x a100-40g with 240GB RAM');
    expect(e.hostBytes).toBeLessThanOrEqual(240 * GiB);
    expect(e.hostBytes).toBeGreaterThan(150 * GiB);
  });

  it('on the GPU: no gradient partition (one gradient in flight) under ZeRO-2/3 optimizer offload, whole gradients still under ZeRO-1; ZeRO-1/2 add the staging buffer of the largest parameter', () => {
    const at = (stage: 1 | 2 | 3) => scenario('llama-2-7b', { sharding: { kind: 'zero', stage }, offload: { optimizer: 'cpu', params: 'none' }, hardware: a100x8 });
    const grads = (s: Scenario) => estimate(s).modelStates.find((c) => c.key === 'gradients')!.bytes;
    // Only the gradient in flight, the largest parameter's (the 32000 × 4096 embedding), stays on the GPU.
    expect(grads(at(2))).toBe(32000 * 4096 * 2);
    expect(grads(at(3))).toBe(32000 * 4096 * 2);
    const l = layoutOf(at(1));
    expect(grads(at(1))).toBe(l.params.total * 2);
    const staging = (s: Scenario) => estimate(s).phases.find((p) => p.phase === 'forward')!.parts.find((x) => x.key === 'offload-staging')?.bytes ?? 0;
    expect(staging(at(2))).toBe(32000 * 4096 * 2);
    expect(staging(at(3))).toBe(0);
    expect(staging({ ...at(2), offload: { optimizer: 'none', params: 'none' } })).toBe(0);
  });

  const offloads: Scenario['offload'][] = [
    { optimizer: 'cpu', params: 'none' },
    { optimizer: 'cpu', params: 'cpu' },
    { optimizer: 'nvme', params: 'nvme' },
  ];
  const shardings: Scenario['sharding'][] = [
    { kind: 'zero', stage: 1 },
    { kind: 'zero', stage: 2 },
    { kind: 'zero', stage: 3 },
    { kind: 'fsdp', stage: 3 },
  ];

  it('offloading never raises GPU memory, and needs host RAM whenever it moves something', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('llama-2-7b', 'llama-2-13b', 'mistral-7b'),
        fc.constantFrom(...shardings),
        fc.constantFrom(...offloads),
        fc.constantFrom(1, 2, 8),
        fc.constantFrom(512, 4096),
        fc.constantFrom<Scenario['recompute']>('none', 'full'),
        (model, sharding, offload, gpus, seq, recompute) => {
          const hardware = estimateOf(`llama-2-7b full on ${gpus}x a100-80g`).scenario.hardware;
          const kept = scenario(model, { sharding, hardware, seq, recompute });
          const moved = { ...kept, offload: sharding.kind === 'fsdp' ? { optimizer: 'none' as const, params: 'cpu' as const } : offload };
          const before = estimate(kept, { numbersOnly: true });
          const after = estimate(moved, { numbersOnly: true });
          expect(after.peakAllocatedBytes).toBeLessThanOrEqual(before.peakAllocatedBytes);
          if (moved.offload.optimizer === 'cpu' || moved.offload.params === 'cpu') expect(after.hostBytes).toBeGreaterThan(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
