import type { Preset } from './presets.js';

/**
 * verl's PPO/GRPO trainer (verl.trainer.main_ppo) named: the algorithm's preset (a frozen reference
 * model; PPO's critic) with verl's own actor forward, which keeps the logits of every position of
 * the sequence, prompt included (verl/workers/actor/dp_actor.py _forward_micro_batch; memory/rl.ts
 * logitsOfCompletionOnly), where TRL keeps the completion's. verl's ppo_trainer.yaml sets
 * actor_rollout_ref.model.enable_gradient_checkpointing True from v0.2 (2025-02-15; False in v0.1 of 2024-12,
 * and hf_model.yaml keeps True through v0.7), so its checkpointing is on unless the request says otherwise. Its rollout engine (vLLM on the same
 * GPUs: hybrid_engine True, rollout.gpu_memory_utilization 0.5, free_cache_engine True) is counted when
 * the request says it ("rollout util 0.5", memory/rollout-engine.ts); unsaid, the rollout terms stay
 * those of generation by the policy and the note says so: how much the engine takes depends on the
 * release (verl before v0.3 with vLLM ≤ 0.6 took 0.5 × the memory the models left free, which never
 * overflows at start; later releases 0.5 × the card), which the request language does not read.
 * Its actor, reference and critic run under actor.strategy fsdp with fsdp_config.fsdp_size -1 (ppo_trainer.yaml):
 * FULL_SHARD over every GPU of the job, so on more than one GPU the model states are sharded like ZeRO-3 unless the
 * user names another strategy. Its Megatron backend (ppo_megatron_trainer.yaml, the actor's tensor / pipeline /
 * expert parallel sizes said) shards no parameters that way and recomputes nothing by default (engine/megatron.yaml
 * recompute_granularity null; enable_gradient_checkpointing is "only valid when we use hf model definition"), so
 * neither default applies there. What it runs instead is Megatron's own recipe, in every release from v0.2 to
 * b178a3c (2026-01): the actor is wrapped in Megatron's DDP with fp32 gradient buffers and the distributed
 * optimizer (verl/utils/megatron_utils.py `get_model`: v0.2 `DDP(..., accumulate_allreduce_grads_in_fp32=True,
 * use_distributed_optimizer=True)`, v0.5 → b178a3c `DistributedDataParallelConfig(use_distributed_optimizer=...,
 * grad_reduce_in_fp32=True)`; `init_megatron_optim_config` bf16 Adam with use_distributed_optimizer=True;
 * engine/megatron.yaml `use_distributed_optimizer: True`, `sequence_parallel: True`, attention_backend flash):
 * bf16 weights, fp32 main gradients, fp32 masters and Adam states sharded over data parallelism, fused Adam
 * (Megatron's optimizer), sequence parallelism with TP: the Megatron preset's fields (presets.ts), passed in as
 * `megatronPreset` unless the request names its own sharding. The reference model is the same Megatron module
 * unwrapped: 16-bit weights ÷ tp·pp.
 */
export function verlPreset(preset: Preset, algorithm: 'grpo' | 'ppo', gpus: number, shardingSaid: boolean, megatronBackend: boolean, megatronPreset?: Preset): Preset {
  // PPO: reward_model.enable is False in ppo_trainer.yaml (rewards by rule), so no reward model (memory/rl.ts).
  const models = algorithm === 'grpo' ? 'a frozen reference model (none under LoRA)' : 'a frozen reference model, a critic trained like the policy, no reward model (reward_model.enable False: rewards by rule)';
  const fullShard = gpus > 1 && !shardingSaid && !megatronBackend;
  const fsdpDefaults = megatronBackend ? '' : `${fullShard ? ` FSDP FULL_SHARD over the ${gpus} GPUs (actor.strategy fsdp, fsdp_size -1: its default);` : ''} gradient checkpointing on (enable_gradient_checkpointing True since v0.2; say "no gc" for v0.1's default);`;
  return {
    ...preset,
    fields: megatronBackend ? { ...preset.fields, ...(megatronPreset && !shardingSaid ? megatronPreset.fields : {}) } : { ...preset.fields, recompute: 'full', ...(fullShard ? { sharding: { kind: 'fsdp', stage: 3 } } : {}) },
    ...(megatronBackend ? { sequenceParallel: true } : {}),
    note: `${algorithm.toUpperCase()} with verl's trainer: ${models};${fsdpDefaults}${megatronBackend ? ` the actor on its Megatron backend (the parallel sizes said): bf16 weights, fp32 main gradients, fp32 masters and Adam states sharded over data parallelism (use_distributed_optimizer True, grad_reduce_in_fp32 True, verl/utils/megatron_utils.py), sequence parallelism with TP, no recomputation (recompute_granularity null);` : ''} the actor's forward keeps the logits of every position, prompt and response (verl dp_actor), not only the completion's; its vLLM rollout engine (hybrid engine, on these GPUs, asleep while the actor trains) is not counted unless you say "rollout util 0.5" (verl's default; up to v0.2 with vLLM 0.6 it took 0.5 × the memory left free rather than of the card)`,
  };
}
