import { describe, expect, it } from 'vitest';
import { perGpuMicroBatch } from '../../src/language/verl.js';
import { read } from './reading-fixtures.js';

/**
 * verl's `actor_rollout_ref.actor.ppo_micro_batch_size` (before `_per_gpu`) counts over the actor's
 * GPUs: fsdp_workers.py divides it by the data-parallel size (verl v0.1 as vendored by
 * Jiayi-Pan/TinyZero e3df048; verl v0.3 alike). TinyZero#5 (corpus v324): 4 over 4 A100s is 1 a GPU.
 */

const run = (overrides: string) =>
  [
    'python3 -m verl.trainer.main_ppo \\',
    '  algorithm.adv_estimator=gae \\',
    '  data.max_prompt_length=256 data.max_response_length=1024 \\',
    '  actor_rollout_ref.model.path=Qwen/Qwen2.5-3B \\',
    `  ${overrides} \\`,
    '  trainer.nnodes=1',
  ].join('\n');

describe("verl's global actor micro-batch", () => {
  it('is divided over the GPUs (TinyZero: 4 over 4 A100 40GB is 1 a GPU)', () => {
    const s = read(`${run('actor_rollout_ref.actor.ppo_micro_batch_size=4 trainer.n_gpus_per_node=4')}\non 4x a100-40g`).scenario;
    expect(s.microBatch).toBe(1);
    expect(s.seq).toBe(1280);
  });

  it('8 over 2 GPUs is 4 a GPU; the _per_gpu key is read as written', () => {
    expect(read(`${run('actor_rollout_ref.actor.ppo_micro_batch_size=8 trainer.n_gpus_per_node=2')}\non 2x a100-80g`).scenario.microBatch).toBe(4);
    expect(read(`${run('actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=8 trainer.n_gpus_per_node=2')}\non 2x a100-80g`).scenario.microBatch).toBe(8);
  });

  it('is not read where the release decides it (rollout.n > 1), the GPUs are a shell variable, or less than one is left', () => {
    const v = (o: Record<string, string>) => perGpuMicroBatch(new Map(Object.entries(o)));
    const base = { 'actor_rollout_ref.actor.ppo_micro_batch_size': '16', 'trainer.n_gpus_per_node': '2' };
    expect(v(base)).toBe(8);
    expect(v({ ...base, 'actor_rollout_ref.actor.ulysses_sequence_parallel_size': '2' })).toBe(16);
    expect(v({ ...base, 'trainer.nnodes': '2' })).toBe(4);
    expect(v({ ...base, 'trainer.n_gpus_per_node': '8', 'actor_rollout_ref.actor.megatron.tensor_model_parallel_size': '2', 'actor_rollout_ref.actor.megatron.pipeline_model_parallel_size': '2' })).toBe(8);
    expect(v({ ...base, 'actor_rollout_ref.rollout.n': '5' })).toBeUndefined();
    expect(v({ ...base, 'trainer.n_gpus_per_node': '$N_GPUS' })).toBeUndefined();
    expect(v({ ...base, 'trainer.n_gpus_per_node': '32' })).toBeUndefined();
  });
});
