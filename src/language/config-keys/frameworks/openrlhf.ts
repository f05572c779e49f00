import { flag } from '../readers.js';
import { model } from '../models.js';
import { IGNORE, numberOf, say, type Handler } from '../values.js';
import { noEffect, reads, shared, unmodelled, type Framework, optionsOnce } from './option.js';
import { openRlhfColocate, openRlhfVllmSleep, openRlhfVllmUtil } from '../rollout-engine.js';

/**
 * OpenRLHF's command lines (OpenRLHF/OpenRLHF v0.8.11: openrlhf/cli/train_ppo_ray.py,
 * train_sft.py, train_dpo.py; v0.11 renamed the per-role flags `--actor.num_nodes`, not read here).
 *
 * What OpenRLHF means by its lengths and batches:
 * - a PPO/GRPO sample is `--prompt_max_len` (default 1024) + `--generate_max_len` (default 1024):
 *   either one alone is summed with the other's default (`--prompt_max_len 2048` alone had been
 *   listed as not used, and the sequence defaulted silently);
 * - `--micro_train_batch_size` is the actor's per-GPU micro-batch and counts samples, so
 *   `--n_samples_per_prompt` changes no step's memory;
 * - the vLLM engines, the reference, the critic and the reward model run as Ray actors of their
 *   own (rl-trainers.ts); with `--colocate_all_models` the vLLM engines share the actor's GPUs, read as the
 *   language's rollout items (config-keys/rollout-engine.ts); the other models' share is not modelled.
 */
const SOURCE = 'OpenRLHF/OpenRLHF v0.8.11 openrlhf/cli/train_ppo_ray.py';
const SFT_DPO = 'OpenRLHF/OpenRLHF v0.8.11 openrlhf/cli/train_sft.py, train_dpo.py';
const PROMPT_DEFAULT = 1024;
const GENERATE_DEFAULT = 1024;

/** The sample's length, read once at whichever of the two keys comes first (the other is then set aside). */
const sampleLength =
  (own: 'prompt_max_len' | 'generate_max_len'): Handler =>
  (v, ctx) => {
    const n = numberOf(v);
    if (!Number.isInteger(n) || n <= 0) return IGNORE;
    const other = own === 'prompt_max_len' ? 'generate_max_len' : 'prompt_max_len';
    const first = [...ctx.keys].find((k) => k === 'prompt_max_len' || k === 'generate_max_len');
    if (first !== own) return IGNORE;
    const given = numberOf(ctx.values?.get(other) ?? '');
    const otherValue = Number.isInteger(given) && given > 0 ? given : own === 'prompt_max_len' ? GENERATE_DEFAULT : PROMPT_DEFAULT;
    const [prompt, generated] = own === 'prompt_max_len' ? [n, otherValue] : [otherValue, n];
    const defaulted = Number.isInteger(given) && given > 0 ? '' : ` (OpenRLHF's default --${other})`;
    return say(`seq ${prompt + generated}`, `sequence ${prompt + generated}: prompt_max_len ${prompt} + generate_max_len ${generated}${defaulted}`);
  };

/** Ring attention splits each sequence over this many GPUs: context parallelism. */
const ringAttention: Handler = (v) => {
  const n = numberOf(v);
  return Number.isInteger(n) && n > 1 ? say(`cp ${n}`, `ring_attn_size ${n}: ring attention splits each sequence over ${n} GPUs (context parallel)`) : IGNORE;
};

const COLOCATED = "the other models' memory on the actor's GPUs (and DeepSpeed's offload while the engines generate) is not in the estimate";

export const OPENRLHF: Framework = {
  id: 'openrlhf',
  name: 'OpenRLHF',
  source: `${SOURCE}, train_sft.py, train_dpo.py`,
  // Not `src/train_sft.py`: LLaMA-Efficient-Tuning (LLaMA-Factory before its train_bash.py, 2023) kept its per-stage
  // scripts under src/ (hiyouga/LlamaFactory#39, corpus c2871: `python src/train_ppo.py … --finetuning_type lora`).
  named: /openrlhf|train_ppo_ray|(?<!\bsrc\/)\btrain_(?:sft|dpo|rm|kto|prm)\b/,
  get options() {
    return optionsOnce(this, () => [
      reads('prompt_max_len', sampleLength('prompt_max_len'), SOURCE),
      reads('generate_max_len', sampleLength('generate_max_len'), SOURCE),
      ...shared(
        'ref_num_nodes ref_num_gpus_per_node reward_num_nodes reward_num_gpus_per_node colocate_actor_ref actor_num_nodes actor_num_gpus_per_node critic_num_nodes critic_num_gpus_per_node colocate_critic_reward vllm_num_engines vllm_tensor_parallel_size enforce_eager advantage_estimator',
        SOURCE,
      ),
      ...shared(
        'save_steps logging_steps ckpt_path zero_stage gradient_checkpointing bf16 adam_offload attn_implementation use_liger_kernel load_in_4bit lora_rank lora_alpha target_modules lora_dropout max_len micro_train_batch_size train_batch_size lr_scheduler learning_rate optim enable_prefix_caching eval_steps local_rank top_p temperature seed eval_dataset wandb_project beta',
        SFT_DPO,
      ),
      reads('pretrain', model, SOURCE),
      reads('packing_samples', flag('packed'), SOURCE),
      reads('ring_attn_size', ringAttention, SOURCE),
      // The vLLM engines on the actor's GPUs (config-keys/rollout-engine.ts; memory/rollout-engine.ts counts their share).
      reads('colocate_all_models', openRlhfColocate, SOURCE),
      reads('vllm_gpu_memory_utilization', openRlhfVllmUtil, SOURCE),
      reads('vllm_enable_sleep', openRlhfVllmSleep, SOURCE),
      unmodelled('deepspeed_enable_sleep', COLOCATED, ['hardware'], SOURCE),
      unmodelled(['use_dynamic_batch', 'train_max_tokens_per_gpu', 'rollout_max_tokens_per_gpu'], 'micro-batches packed by tokens per GPU, not by samples', ['batch'], SOURCE),
      unmodelled('micro_rollout_batch_size', "the actor's forward over the rollouts for their log-probs, this many samples per GPU", ['batch'], SOURCE),
      unmodelled('enable_ema', "an EMA copy of the actor's weights", [], SOURCE),
      unmodelled('zpg', 'ZeRO++ hierarchical partitioning: a secondary copy of the weights per node group', ['sharding'], SOURCE),
      unmodelled('grad_accum_dtype', 'the dtype of the accumulated gradients', ['precision'], SOURCE),
      unmodelled('overlap_comm', "DeepSpeed's overlapped communication buckets", ['sharding'], SOURCE),
      unmodelled('ds_tensor_parallel_size', "DeepSpeed AutoTP's tensor-parallel split of the weights", ['parallel'], SOURCE),
      unmodelled('deepcompile', "DeepSpeed's compiler passes (what it frees depends on its schedule)", [], SOURCE),
      unmodelled('ref_offload', 'the reference model offloaded to CPU: not on the GPU during the step', ['framework'], SFT_DPO),
      // Samples per prompt: the micro-batch counts samples already. The rest: the rollout's schedule,
      // the loss's coefficients, the other roles' models, data, logging and saving.
      ...noEffect(
        'n_samples_per_prompt vllm_sync_backend vllm_sync_with_ray enable_vllm_is_correction vllm_is_truncated_threshold async_train save_hf_ckpt disable_ds_ckpt max_ckpt_num max_ckpt_mem load_checkpoint use_ds_universal_ckpt ema_beta actor_init_on_gpu gradient_checkpointing_use_reentrant disable_fast_tokenizer save_path num_episodes rollout_batch_size vllm_generate_batch_size max_epochs max_samples max_norm l2 ptx_coef eps_clip eps_clip_low_high dual_clip value_clip lambd gamma normalize_reward full_determinism freezing_actor_steps save_value_network actor_learning_rate critic_learning_rate lr_warmup_ratio kl_target kl_horizon init_kl_coef policy_loss_type kl_estimator aux_loss_coef entropy_loss_coef adam_betas reward_clip_range use_kl_loss no_advantage_std_norm overlong_buffer_len overlong_penalty_factor ring_head_stride reward_pretrain remote_rm_url critic_pretrain value_head_prefix ref_reward_offload agent_func_path prompt_data prompt_data_probs prompt_split eval_split eval_temperature eval_n_samples_per_prompt input_key label_key input_template apply_chat_template use_wandb wandb_org wandb_group wandb_run_name dynamic_filtering dynamic_filtering_reward_range use_tensorboard perf use_ms',
        SOURCE,
      ),
      ...noEffect(
        'pretrain_mode multiturn output_key tokenizer_chat_template dataset_probs dataset_split train_split ipo label_smoothing nll_loss_coef ref_pretrain prompt_key chosen_key rejected_key min_lr_ratio dataset',
        SFT_DPO,
      ),
    ]);
  },
};
