import { flag } from '../readers.js';
import { IGNORE, numberOf, say, unquote, type Handler } from '../values.js';
import { noEffect, reads, shared, unmodelled, type Framework, optionsOnce } from './option.js';
import { trlVllmMode, trlVllmSleep, trlVllmUtil } from '../rollout-engine.js';

/**
 * TRL's trainer configs (huggingface/trl v1.9.0: trl/trainer/sft_config.py, dpo_config.py,
 * grpo_config.py, kto_config.py, rloo_config.py, reward_config.py, base_config.py;
 * trl/experimental/orpo/orpo_config.py, ppo/ppo_config.py; max_prompt_length from v0.19.0
 * grpo_config.py, where GRPO still had it). Each config extends transformers' TrainingArguments
 * (transformers.ts): those fields are read there.
 *
 * What TRL means by its lengths and batches:
 * - per_device_train_batch_size counts completions, not prompts (GRPOConfig: "the effective batch
 *   size … must be divisible by num_generations"), so num_generations changes no step's memory;
 * - a GRPO/RLOO sequence is the prompt and its completion: max_prompt_length (512 up to v0.19)
 *   + max_completion_length (256); DPO/ORPO/KTO's max_length is the whole sequence already;
 * - beta 0.0 (GRPO's default from v0.19) loads no reference model: the estimate keeps one.
 */
const SOURCE = 'huggingface/trl v1.9.0 trl/trainer/*_config.py';
const GRPO_V019 = 'huggingface/trl v0.19.0 trl/trainer/grpo_config.py';
/** GRPOConfig.max_prompt_length's default (v0.14 → v0.19). */
const TRL_PROMPT_DEFAULT = 512;

/**
 * max_completion_length: beside max_prompt_length the two are summed there (batch.ts); beside
 * max_length (DPO, ORPO: the whole sequence) it is part of it; alone, the prompt is TRL's default.
 * Each way it is also the completion ("completion N": the rollout length memory/rl.ts counts for
 * GRPO, set aside and said for a trainer without rollouts, scenario/resolve-completion.ts).
 */
const completionLength: Handler = (v, ctx) => {
  const completion = numberOf(v);
  if (!Number.isFinite(completion) || completion <= 0) return IGNORE;
  // The sequence is read at the prompt (summed) or max_length key beside it: the completion alone here.
  if (['max_prompt_length', 'max_prompt', 'max_length'].some((k) => ctx.keys.has(k))) return say(`completion ${completion}`);
  const seq = TRL_PROMPT_DEFAULT + completion;
  return say(`seq ${seq} completion ${completion}`, `sequence ${seq}: TRL's default max_prompt_length ${TRL_PROMPT_DEFAULT} + max_completion_length ${completion}`);
};

/** beta 0 loads no reference model (GRPOConfig, DPOConfig help); any other beta is a loss weight. */
const beta: Handler = (v) =>
  numberOf(v) === 0 ? { ignore: true, unmodelled: { weakens: ['framework'], changes: 'TRL then loads no reference model; the estimate keeps one' } } : IGNORE;

/** ds3_gather_for_generation False generates from the ZeRO-3 shards: the estimate gathers the whole policy. */
const ds3Gather: Handler = (v) =>
  /^(?:false|0|no)$/.test(unquote(v)) ? { ignore: true, unmodelled: { weakens: ['sharding'], changes: 'the policy stays sharded while generating; the estimate gathers it' } } : IGNORE;

const VLLM_COLOCATED = "how the co-located vLLM splits its share between weights and KV cache; the estimate counts the share (gpu_memory_utilization × the card)";

export const TRL: Framework = {
  id: 'trl',
  name: 'TRL',
  source: SOURCE,
  named: /\btrl\b|(?:sft|dpo|grpo|kto|orpo|rloo|ppo|reward|cpo|onlinedpo|online_dpo|gkd|xpo|nash_md|bco)(?:config|trainer)\b/,
  get options() {
    return optionsOnce(this, () => [
      // SFTConfig
      ...shared('max_length packing use_liger_kernel gradient_checkpointing bf16 max_prompt_length'),
      reads('padding_free', flag('packed'), SOURCE),
      reads('activation_offloading', flag('offloaded activations'), SOURCE),
      ...noEffect(
        'model_init_kwargs router_aux_loss_coef chat_template_path dataset_text_field dataset_kwargs dataset_num_proc eos_token truncation_mode shuffle_dataset packing_strategy pad_to_multiple_of eval_packing completion_only_loss assistant_only_loss loss_type pad_token',
      ),
      // DPOConfig, KTOConfig
      unmodelled('precompute_ref_log_probs', 'the reference log-probs are computed before training: no reference model during the steps; the estimate keeps one', ['framework']),
      ...noEffect(
        'disable_dropout precompute_ref_batch_size loss_weights ld_alpha f_divergence_type f_alpha_divergence_coef label_smoothing use_weighting discopop_tau sync_ref_model ref_model_mixup_alpha ref_model_sync_steps train_sampling_strategy desirable_weight undesirable_weight rpo_alpha',
      ),
      reads('beta', beta, SOURCE),
      // GRPOConfig, RLOOConfig
      reads('max_completion_length', completionLength, GRPO_V019),
      // Completions per prompt: the micro-batch counts completions already.
      ...noEffect('num_generations num_generations_eval'),
      unmodelled(['generation_batch_size', 'steps_per_generation'], 'the rollout batch generated at once; the estimate generates one micro-batch', ['batch']),
      reads('ds3_gather_for_generation', ds3Gather, SOURCE),
      unmodelled('cast_lm_head_to_fp32', 'fp32 logits from an fp32 lm_head', ['loss']),
      // The rollout engine's place, share and sleep (config-keys/rollout-engine.ts; memory/rollout-engine.ts counts them).
      reads('vllm_mode', trlVllmMode, SOURCE),
      reads('vllm_gpu_memory_utilization', trlVllmUtil, SOURCE),
      reads('vllm_enable_sleep_mode', trlVllmSleep, SOURCE),
      unmodelled(['vllm_max_model_length', 'vllm_model_impl'], VLLM_COLOCATED, ['hardware']),
      ...shared('use_vllm vllm_tensor_parallel_size'),
      ...noEffect(
        'remove_unused_columns temperature top_p top_k min_p generation_kwargs chat_template_kwargs repetition_penalty cache_implementation vllm_structured_outputs_regex vllm_guided_decoding_regex vllm_server_base_url vllm_server_host vllm_server_port vllm_server_timeout vllm_group_port vllm_device vllm_dtype num_iterations epsilon delta epsilon_high sapo_temperature_neg sapo_temperature_pos importance_sampling_level reward_weights multi_objective_aggregation scale_rewards mask_truncated_completions top_entropy_quantile entropy_coef max_tool_calling_iterations vllm_importance_sampling_correction vllm_importance_sampling_mode vllm_importance_sampling_cap off_policy_mask_threshold use_bias_correction_kl log_completions log_multimodal num_completions_to_print log_unique_prompts normalize_advantages reward_clip_range',
      ),
      unmodelled(['use_transformers_paged', 'use_transformers_continuous_batching'], 'paged KV cache for the rollouts', ['batch']),
      // RewardConfig, ORPOConfig
      ...noEffect('center_rewards_coefficient padding_value generate_during_eval is_encoder_decoder'),
      // PPOConfig (experimental)
      unmodelled('response_length', 'the completion length: the estimate takes 256 of the sequence as completion', ['seq'], 'huggingface/trl v1.9.0 trl/experimental/ppo/ppo_config.py'),
      unmodelled('local_rollout_forward_batch_size', 'the rollout batch generated at once', ['batch'], 'huggingface/trl v1.9.0 trl/experimental/ppo/ppo_config.py'),
      ...noEffect(
        'num_mini_batches total_episodes num_sample_generations stop_token stop_token_id missing_eos_penalty reward_model_path model_adapter_name ref_adapter_name num_ppo_epochs whiten_rewards kl_coef kl_estimator cliprange vf_coef cliprange_value gamma lam',
        'huggingface/trl v1.9.0 trl/experimental/ppo/ppo_config.py',
      ),
    ]);
  },
};
