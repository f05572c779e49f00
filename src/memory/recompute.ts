import type { Scenario } from '../scenario/schema.js';

/**
 * What "selective" recompute means depends on the framework that runs it (issue 23 item 5).
 *
 * - torchtitan: `activation_checkpoint.mode = "selective"` with its default `selective_ac_option =
 *   "op"` is per-op SAC (torchtitan/models/llama3/infra/parallelize.py `_apply_ac_to_transformer_block`,
 *   activations.ts perOpSavedTensors).
 * - Megatron-LM: `--recompute-activations` / recompute_granularity "selective" recomputes the core
 *   attention only (megatron/core/transformer/transformer_config.py, recompute_modules ["core_attn"]).
 * - Everyone else (HF `gradient_checkpointing`, torchtune `enable_activation_checkpointing`) has no
 *   policy of that name: Megatron's is assumed, and the reply says so.
 */
export function frameworkRecompute(s: Scenario): Scenario['recompute'] {
  if (s.recompute !== 'selective') return s.recompute;
  return s.framework === 'torchtitan' ? 'per-op' : 'selective';
}

/** The scenario with "selective" read as its framework's own policy. */
export function withFrameworkRecompute(s: Scenario): Scenario {
  const recompute = frameworkRecompute(s);
  return recompute === s.recompute ? s : { ...s, recompute };
}

/** The sentence that says which selective policy was counted. */
export function selectiveRecomputeNote(s: Scenario): string | null {
  if (s.recompute !== 'selective' || s.mode === 'inference') return null;
  if (s.framework === 'torchtitan') return 'selective recompute read as torchtitan\'s default per-op SAC (selective_ac_option "op")';
  if (s.framework === 'megatron') return 'selective recompute as Megatron runs it: the core attention is recomputed, nothing else';
  return 'selective recompute: no framework with its own selective policy was named, so Megatron\'s (core attention only) was assumed';
}
