import type { Scenario } from '../scenario/schema.js';

/**
 * The run trains through Megatron-Core's own DDP and distributed optimizer: Megatron-LM / NeMo named
 * ("megatron"), or verl's Megatron backend (the actor's parallel sizes said beside "verl", whose preset
 * takes Megatron's recipe: scenario/verl-preset.ts). verl wraps its actor in Megatron's
 * `DistributedDataParallel` with fp32 gradient buffers and the distributed optimizer
 * (verl/utils/megatron_utils.py `get_model`, v0.2 → b178a3c) and computes its log-probs with Megatron's
 * `vocab_parallel_cross_entropy` (verl/utils/megatron/tensor_parallel.py
 * `vocab_parallel_log_probs_from_logits`, called by verl/workers/actor/megatron_actor.py), so every
 * Megatron-specific term (the resident fp32 grad buffer, no DeepSpeed buckets, the vocab-parallel loss)
 * is that run's too. verl's entropy term (`logits.clone()` before `vocab_parallel_entropy`, only when
 * entropy_coeff ≠ 0) is not counted.
 */
export function runsMegatronCore(s: Scenario): boolean {
  return s.framework === 'megatron' || (s.rlTrainer === 'verl' && s.recipe === 'megatron');
}
