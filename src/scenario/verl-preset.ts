import type { Preset } from './presets.js';

/**
 * verl's PPO/GRPO trainer (verl.trainer.main_ppo) named: the algorithm's preset (a frozen reference
 * model; PPO's critic) with verl's own actor forward, which keeps the logits of every position of
 * the sequence, prompt included (verl/workers/actor/dp_actor.py _forward_micro_batch; memory/rl.ts
 * logitsOfCompletionOnly), where TRL keeps the completion's. verl's ppo_trainer.yaml leaves
 * enable_gradient_checkpointing False, as TRL before 0.22 does. Its rollout engine (vLLM on the same
 * GPUs: hybrid_engine True, rollout.gpu_memory_utilization 0.5, free_cache_engine True) is counted when
 * the request says it ("rollout util 0.5", memory/rollout-engine.ts); unsaid, the rollout terms stay
 * those of generation by the policy and the note says so: how much the engine takes depends on the
 * release (verl before v0.3 with vLLM ≤ 0.6 took 0.5 × the memory the models left free, which never
 * overflows at start; later releases 0.5 × the card), which the request language does not read.
 */
export function verlPreset(preset: Preset, algorithm: 'grpo' | 'ppo'): Preset {
  // PPO: reward_model.enable is False in ppo_trainer.yaml (rewards by rule), so no reward model (memory/rl.ts).
  const models = algorithm === 'grpo' ? 'a frozen reference model (none under LoRA)' : 'a frozen reference model, a critic trained like the policy, no reward model (reward_model.enable False: rewards by rule)';
  return {
    ...preset,
    note: `${algorithm.toUpperCase()} with verl's trainer: ${models}; the actor's forward keeps the logits of every position, prompt and response (verl dp_actor), not only the completion's; its vLLM rollout engine (hybrid engine, on these GPUs, asleep while the actor trains) is not counted unless you say "rollout util 0.5" (verl's default; up to v0.2 with vLLM 0.6 it took 0.5 × the memory left free rather than of the card)`,
  };
}
