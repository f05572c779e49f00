import { describe, expect, it } from 'vitest';
import { estimateOf, part } from './fixtures.js';
import { countParams } from '../../src/memory/parameters.js';
import { modelById } from '../../src/catalog/index.js';

/**
 * Expert parallelism and sharded states (memory/layout.ts shardedParamsPerGpu). A GPU computes E/ep of
 * each layer's experts, but the engines shard an expert's optimizer states, master copy, gradients and
 * (FSDP) weights over the expert data-parallel ranks, N ÷ ep of them: Megatron-Core's distributed
 * optimizer builds the MoE parameter groups on the expert data-parallel group
 * (megatron/core/optimizer/__init__.py get_megatron_optimizer), torchtitan's FSDP2 shards experts on the
 * efsdp mesh (dp_shard ÷ ep). E/ep experts over N/ep ranks is E/N per GPU: a sharded state holds every
 * parameter ÷ N, as without EP. The estimate had divided the GPU's own E/ep experts by N again.
 */
describe('expert parallelism under sharded states', () => {
  const qwen = countParams(modelById('qwen3-30b-a3b').arch);
  const megatron = (ep: number) => estimateOf(`qwen3-30b-a3b full megatron ep ${ep} bs 1 seq 4096 gc on 16x h100-80g`);

  it('Megatron distributed optimizer, ep 8 on 16 H100: fp32 masters are all 30.5 B parameters × 4 B ÷ 16', () => {
    expect(qwen.total).toBeGreaterThan(30e9);
    expect(part(megatron(8), 'master')).toBeCloseTo((qwen.total * 4) / 16, -6);
    expect(part(megatron(8), 'optimizer')).toBeCloseTo((qwen.total * 2 * 4) / 16, -6);
  });

  it('the unsharded terms still hold only the E/ep experts this GPU computes (16-bit weights, fp32 grad buffer)', () => {
    const local = qwen.total - qwen.routedExperts * (1 - 1 / 8);
    expect(part(megatron(8), 'weights')).toBeCloseTo(local * 2, -6);
    expect(part(megatron(8), 'gradients')).toBeCloseTo(local * 4, -6);
    expect(part(megatron(8), 'weights')).toBeLessThan(part(megatron(1), 'weights') / 3);
  });

  it('raising ep never lowers a sharded state (masters and Adam states are the same at ep 1, 2, 8, 16)', () => {
    const masters = [1, 2, 8, 16].map((ep) => part(megatron(ep), 'master'));
    for (const m of masters) expect(m).toBeCloseTo(masters[0]!, -6);
  });

  it('FSDP with ep 8 on 8 GPUs: weights, grads and states are every parameter ÷ 8, the gathered layer has E/8 experts', () => {
    const withEp = estimateOf('qwen3-30b-a3b full fsdp ep 8 gc bs 1 seq 2048 on 8x h100-80g');
    const without = estimateOf('qwen3-30b-a3b full fsdp gc bs 1 seq 2048 on 8x h100-80g');
    expect(part(withEp, 'weights')).toBeCloseTo((qwen.total * 2) / 8, -6);
    expect(part(withEp, 'optimizer')).toBeCloseTo(part(without, 'optimizer'), -6);
    // The gathered units live in forward and backward (nothing is gathered at the optimizer step, below).
    const gatheredInForward = (e: ReturnType<typeof estimateOf>) => e.phases.find((p) => p.phase === 'forward')!.parts.find((p) => p.key === 'gathered')!.bytes;
    expect(gatheredInForward(withEp)).toBeLessThan(gatheredInForward(without));
  });

  it('changes nothing for a dense model or without expert parallelism', () => {
    const dense = estimateOf('qwen3-32b full megatron bs 1 seq 4096 gc on 16x h100-80g');
    const q = countParams(modelById('qwen3-32b').arch);
    expect(part(dense, 'master')).toBeCloseTo((q.total * 4) / 16, -6);
    expect(part(megatron(1), 'weights')).toBeCloseTo(qwen.total * 2, -6);
  });
});

/**
 * FSDP reshards every unit by the end of backward (FSDP1 `_post_backward_reshard`, the root's too; FSDP2
 * `FSDPParamGroup.post_backward`): the optimizer steps on shards, nothing gathered (estimate.ts fsdpReshardedBeforeStep).
 */
describe('FSDP at the optimizer step', () => {
  const stepParts = (text: string) => estimateOf(text).phases.find((p) => p.phase === 'optimizer')!.parts.map((p) => p.key);

  it('holds no gathered layer or root unit under FSDP FULL_SHARD, but the forward does', () => {
    const text = 'llama-2-7b full fsdp gc bs 1 seq 2048 on 8x a100-80g';
    expect(stepParts(text)).not.toContain('gathered');
    expect(estimateOf(text).phases.find((p) => p.phase === 'forward')!.parts.map((p) => p.key)).toContain('gathered');
  });

  it('DeepSpeed ZeRO-3 also steps with nothing gathered (stage3.py step → _partition_all_parameters), and keeps its live parameters in forward', () => {
    const text = 'llama-2-7b full zero3 gc bs 1 seq 2048 on 8x a100-80g';
    expect(stepParts(text)).not.toContain('gathered');
    expect(estimateOf(text).phases.find((p) => p.phase === 'forward')!.parts.map((p) => p.key)).toContain('gathered');
  });
});
