import type { Preset } from './presets.js';

/**
 * verl's PPO/GRPO trainer (verl.trainer.main_ppo) named: the algorithm's preset (a frozen reference
 * model; PPO's critic) with verl's own actor forward, which keeps the logits of every position of
 * the sequence, prompt included (verl/workers/actor/dp_actor.py _forward_micro_batch; memory/rl.ts
 * logitsOfCompletionOnly), where TRL keeps the completion's. verl's ppo_trainer.yaml leaves
 * enable_gradient_checkpointing False, as TRL before 0.22 does. Its rollout engine (vLLM or SGLang
 * on the same GPUs, actor_rollout_ref.rollout.gpu_memory_utilization) is not modelled: the rollout
 * terms stay those of generation by the policy.
 */
export function verlPreset(preset: Preset, algorithm: 'grpo' | 'ppo'): Preset {
  // PPO: reward_model.enable is False in ppo_trainer.yaml (rewards by rule), so no reward model (memory/rl.ts).
  const models = algorithm === 'grpo' ? 'a frozen reference model (none under LoRA)' : 'a frozen reference model, a critic trained like the policy, no reward model (reward_model.enable False: rewards by rule)';
  return {
    ...preset,
    note: `${algorithm.toUpperCase()} with verl's trainer: ${models}; the actor's forward keeps the logits of every position, prompt and response (verl dp_actor), not only the completion's; its vLLM/SGLang rollout engine's share of the GPUs is not counted`,
  };
}
