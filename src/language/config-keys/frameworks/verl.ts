import { targets } from '../adapters.js';
import { flag, numeric } from '../readers.js';
import { IGNORE, numberOf, say, type Handler } from '../values.js';
import type { OptionClass, ProgramOption, TrainerNotModelled } from '../program-option.js';
import type { Framework } from './option.js';
import { verlFreeCacheEngine, verlRolloutUtil } from '../rollout-engine.js';

/**
 * verl's Hydra config (volcengine/verl b178a3c, v0.7.0+125: tests/trainer/config/legacy_ppo_trainer.yaml,
 * the flat form of verl/trainer/config/ppo_trainer.yaml that `key.path=value` overrides address).
 * Overrides reach the key reader after verl.ts, which reads the actor's own settings in place (its
 * model, lengths, micro-batch, FSDP offload, checkpointing, nodes and GPUs, Megatron split) and sets
 * aside the rollout engine's and the other models'. What verl.ts leaves for this table is what the
 * option list adds: LoRA, Liger, padding removal, activation offload and Ulysses on the actor read
 * here; the rollout engine's memory share and batching said as not modelled.
 *
 * Options are written as their dotted paths; `*` stands for `actor_rollout_ref.`.
 */
const SOURCE = 'volcengine/verl v0.7.0 tests/trainer/config/legacy_ppo_trainer.yaml (verl/trainer/config/ppo_trainer.yaml)';

/** Read by verl.ts before any table (the actor's model, lengths, batch, offload, checkpointing, GPUs). */
const READ_BY_VERL_READER = `data.max_prompt_length data.max_response_length *model.path *model.enable_gradient_checkpointing
  *actor.ppo_micro_batch_size *actor.ppo_micro_batch_size_per_gpu *actor.use_dynamic_bsz *actor.fsdp_config.param_offload *actor.fsdp_config.optimizer_offload
  algorithm.adv_estimator trainer.nnodes trainer.n_gpus_per_node`;

const loraRank: Handler = (v) => {
  const n = numberOf(v);
  return Number.isInteger(n) && n > 0 ? say(`lora r ${n}`) : IGNORE;
};

/** Ulysses splits each sequence's activations over N GPUs (heads all-to-all): read as context parallel. */
const ulysses: Handler = (v) => {
  const n = numberOf(v);
  return Number.isInteger(n) && n > 1 ? say(`cp ${n}`, `ulysses_sequence_parallel_size ${n}: each GPU holds 1/${n} of a sequence's activations (read as context parallel)`) : IGNORE;
};

const READS: Record<string, Handler> = {
  '*model.lora_rank': loraRank,
  // The adapter's alpha, read as PEFT's lora_alpha is (verl-project/verl#2450, c1686: lora_alpha=64).
  '*model.lora_alpha': numeric('lora alpha'),
  // The adapter's modules, read as PEFT's target_modules is: "all-linear" (the config's own default) is every
  // linear layer (verl-project/verl#3847, c2096: target_modules=all-linear had been set aside, read as q,v).
  '*model.target_modules': targets,
  '*model.use_liger': flag('liger'),
  '*model.use_remove_padding': flag('packed'),
  '*model.enable_activation_offload': flag('offloaded activations'),
  '*actor.ulysses_sequence_parallel_size': ulysses,
  // The hybrid engine's share of the actor's GPUs and its sleep while the actor trains (config-keys/rollout-engine.ts).
  '*rollout.gpu_memory_utilization': verlRolloutUtil,
  '*rollout.free_cache_engine': verlFreeCacheEngine,
};

const ROLLOUT_SHARE = "the rollout engine's weights and KV cache share the actor's GPUs (freed while the actor trains, with free_cache_engine): not in the estimate";
const UNMODELLED: Record<string, TrainerNotModelled> = {
  '*rollout.max_num_batched_tokens': { what: "the rollout engine's batch of tokens", weakens: ['hardware'] },
  '*rollout.log_prob_micro_batch_size_per_gpu': { what: "the actor's forward over the rollouts for their log-probs, this many per GPU", weakens: ['batch'] },
  '*actor.ppo_max_token_len_per_gpu': { what: 'micro-batches packed by tokens per GPU', weakens: ['batch'] },
  '*actor.fsdp_config.offload_policy': { what: "FSDP2's CPU offload policy", weakens: ['offload'] },
  '*actor.fsdp_config.reshard_after_forward': { what: 'FSDP keeps the gathered weights between forward and backward', weakens: ['sharding'] },
  '*actor.fsdp_config.fsdp_size': { what: 'FSDP sharding over a group smaller than all GPUs (hybrid sharding)', weakens: ['sharding'] },
  '*actor.entropy_from_logits_with_chunking': { what: 'the entropy computed from the logits in chunks', weakens: ['loss'] },
  '*actor.entropy_checkpointing': { what: 'the entropy recomputed in backward', weakens: ['loss'] },
  '*actor.use_torch_compile': { what: 'torch.compile of the actor', weakens: [] },
  '*model.use_fused_kernels': { what: "verl's fused kernels for the logits", weakens: ['loss'] },
  '*hybrid_engine': { what: 'the actor and the rollout engine on the same GPUs', weakens: ['hardware'] },
};

/** Every option of the legacy PPO trainer's config, flattened (299 paths). */
const PATHS = `data.tokenizer data.use_shm data.train_files data.val_files data.train_max_samples data.val_max_samples data.prompt_key
  data.reward_fn_key data.max_prompt_length data.max_response_length data.train_batch_size data.val_batch_size data.return_raw_input_ids
  data.return_raw_chat data.return_full_prompt data.shuffle data.seed data.dataloader_num_workers data.validation_shuffle
  data.filter_overlong_prompts data.filter_overlong_prompts_workers data.truncation data.image_key data.video_key data.trust_remote_code
  data.custom_cls.path data.custom_cls.name data.return_multi_modal_inputs data.datagen.path data.datagen.name data.sampler.class_path
  data.sampler.class_name *hybrid_engine *model._target_ *model.path *model.custom_chat_template *model.use_shm *model.external_lib
  *model.enable_gradient_checkpointing *model.enable_activation_offload *model.use_remove_padding *model.lora_rank *model.lora_alpha
  *model.target_modules *model.exclude_modules *model.use_liger *model.use_fused_kernels *model.fused_kernel_options.impl_backend
  *model.trust_remote_code *actor.strategy *actor.ppo_mini_batch_size *actor.ppo_micro_batch_size *actor.ppo_micro_batch_size_per_gpu
  *actor.use_dynamic_bsz *actor.ppo_max_token_len_per_gpu *actor.grad_clip *actor.clip_ratio *actor.clip_ratio_low *actor.clip_ratio_high
  *actor.policy_loss.loss_mode *actor.policy_loss.clip_cov_ratio *actor.policy_loss.clip_cov_lb *actor.policy_loss.clip_cov_ub
  *actor.policy_loss.kl_cov_ratio *actor.policy_loss.ppo_kl_coef *actor.clip_ratio_c *actor.loss_agg_mode *actor.loss_scale_factor
  *actor.entropy_coeff *actor.use_kl_loss *actor.use_torch_compile *actor.kl_loss_coef *actor.kl_loss_type *actor.ppo_epochs
  *actor.shuffle *actor.ulysses_sequence_parallel_size *actor.entropy_from_logits_with_chunking *actor.entropy_checkpointing
  *actor.checkpoint.save_contents *actor.checkpoint.load_contents *actor.optim.lr *actor.optim.lr_warmup_steps
  *actor.optim.lr_warmup_steps_ratio *actor.optim.min_lr_ratio *actor.optim.num_cycles *actor.optim.lr_scheduler_type
  *actor.optim.total_training_steps *actor.optim.weight_decay *actor.fsdp_config.wrap_policy.min_num_params
  *actor.fsdp_config.param_offload *actor.fsdp_config.optimizer_offload *actor.fsdp_config.offload_policy
  *actor.fsdp_config.reshard_after_forward *actor.fsdp_config.fsdp_size *actor.fsdp_config.forward_prefetch *ref.strategy
  *ref.fsdp_config.param_offload *ref.fsdp_config.reshard_after_forward *ref.fsdp_config.forward_prefetch
  *ref.fsdp_config.wrap_policy.min_num_params *ref.use_torch_compile *ref.log_prob_micro_batch_size *ref.log_prob_micro_batch_size_per_gpu
  *ref.log_prob_use_dynamic_bsz *ref.log_prob_max_token_len_per_gpu *ref.ulysses_sequence_parallel_size *ref.entropy_from_logits_with_chunking
  *ref.entropy_checkpointing *rollout.name *rollout.mode *rollout.temperature *rollout.top_k *rollout.top_p *rollout.prompt_length
  *rollout.response_length *rollout.dtype *rollout.gpu_memory_utilization *rollout.ignore_eos *rollout.enforce_eager
  *rollout.free_cache_engine *rollout.load_format *rollout.layered_summon *rollout.tensor_model_parallel_size
  *rollout.max_num_batched_tokens *rollout.max_model_len *rollout.max_num_seqs *rollout.log_prob_micro_batch_size
  *rollout.log_prob_micro_batch_size_per_gpu *rollout.log_prob_use_dynamic_bsz *rollout.log_prob_max_token_len_per_gpu
  *rollout.disable_log_stats *rollout.enable_chunked_prefill *rollout.do_sample *rollout.n *rollout.multi_stage_wake_up
  *rollout.val_kwargs.top_k *rollout.val_kwargs.top_p *rollout.val_kwargs.temperature *rollout.val_kwargs.n *rollout.val_kwargs.do_sample
  *rollout.multi_turn.enable *rollout.multi_turn.max_assistant_turns *rollout.multi_turn.tool_config_path *rollout.multi_turn.max_user_turns
  *rollout.multi_turn.max_parallel_calls *rollout.multi_turn.max_tool_response_length *rollout.multi_turn.tool_response_truncate_side
  *rollout.multi_turn.interaction_config_path *rollout.multi_turn.use_inference_chat_template
  *rollout.multi_turn.tokenization_sanity_check_mode *rollout.multi_turn.format *rollout.calculate_log_probs *rollout.agent.num_workers
  *rollout.agent.custom_async_server.path *rollout.agent.custom_async_server.name *profiler._target_ *profiler.discrete
  *profiler.all_ranks *profiler.ranks critic.rollout_n critic.strategy critic.optim.lr critic.optim.lr_warmup_steps_ratio
  critic.optim.min_lr_ratio critic.optim.lr_scheduler_type critic.optim.total_training_steps critic.optim.weight_decay critic.model.path
  critic.model.use_shm critic.model.tokenizer_path critic.model.external_lib critic.model.enable_gradient_checkpointing
  critic.model.enable_activation_offload critic.model.use_remove_padding critic.model.trust_remote_code critic.model.fsdp_config.param_offload
  critic.model.fsdp_config.optimizer_offload critic.model.fsdp_config.offload_policy critic.model.fsdp_config.reshard_after_forward
  critic.model.fsdp_config.wrap_policy.min_num_params critic.model.fsdp_config.fsdp_size critic.model.fsdp_config.forward_prefetch
  critic.model.lora_rank critic.model.lora_alpha critic.model.target_modules critic.ppo_mini_batch_size critic.ppo_micro_batch_size
  critic.ppo_micro_batch_size_per_gpu critic.forward_micro_batch_size critic.forward_micro_batch_size_per_gpu critic.use_dynamic_bsz
  critic.ppo_max_token_len_per_gpu critic.forward_max_token_len_per_gpu critic.ulysses_sequence_parallel_size critic.ppo_epochs
  critic.shuffle critic.grad_clip critic.cliprange_value critic.loss_agg_mode critic.checkpoint.save_contents critic.checkpoint.load_contents
  critic.profiler._target_ critic.profiler.discrete critic.profiler.all_ranks critic.profiler.ranks reward_model.enable reward_model.strategy
  reward_model.model.input_tokenizer reward_model.model.path reward_model.model.use_shm reward_model.model.external_lib
  reward_model.model.use_remove_padding reward_model.model.use_fused_kernels reward_model.model.trust_remote_code
  reward_model.model.fsdp_config.wrap_policy.min_num_params reward_model.model.fsdp_config.param_offload
  reward_model.model.fsdp_config.reshard_after_forward reward_model.model.fsdp_config.fsdp_size reward_model.model.fsdp_config.forward_prefetch
  reward_model.micro_batch_size reward_model.micro_batch_size_per_gpu reward_model.max_length reward_model.ulysses_sequence_parallel_size
  reward_model.use_dynamic_bsz reward_model.forward_max_token_len_per_gpu reward_model.reward_manager reward_model.launch_reward_fn_async
  reward_model.sandbox_fusion.url reward_model.sandbox_fusion.max_concurrent reward_model.sandbox_fusion.memory_limit_mb
  reward_model.profiler._target_ reward_model.profiler.discrete reward_model.profiler.all_ranks reward_model.profiler.ranks
  custom_reward_function.path custom_reward_function.name algorithm._target_ algorithm.gamma algorithm.lam algorithm.adv_estimator
  algorithm.norm_adv_by_std_in_grpo algorithm.use_kl_in_reward algorithm.kl_penalty algorithm.kl_ctrl._target_ algorithm.kl_ctrl.type
  algorithm.kl_ctrl.kl_coef algorithm.kl_ctrl.horizon algorithm.kl_ctrl.target_kl algorithm.use_pf_ppo algorithm.pf_ppo.reweight_method
  algorithm.pf_ppo.weight_pow trainer.balance_batch trainer.total_epochs trainer.total_training_steps trainer.profile_steps
  trainer.controller_nsight_options.trace trainer.controller_nsight_options.cuda-memory-usage trainer.controller_nsight_options.cuda-graph-trace
  trainer.worker_nsight_options.trace trainer.worker_nsight_options.cuda-memory-usage trainer.worker_nsight_options.cuda-graph-trace
  trainer.worker_nsight_options.capture-range trainer.worker_nsight_options.capture-range-end trainer.worker_nsight_options.kill
  trainer.npu_profile.options.save_path trainer.npu_profile.options.roles trainer.npu_profile.options.level
  trainer.npu_profile.options.with_memory trainer.npu_profile.options.record_shapes trainer.npu_profile.options.with_npu
  trainer.npu_profile.options.with_cpu trainer.npu_profile.options.with_module trainer.npu_profile.options.with_stack
  trainer.npu_profile.options.analysis trainer.project_name trainer.experiment_name trainer.logger trainer.log_val_generations
  trainer.rollout_data_dir trainer.validation_data_dir trainer.nnodes trainer.n_gpus_per_node trainer.save_freq trainer.esi_redundant_time
  trainer.resume_mode trainer.resume_from_path trainer.val_before_train trainer.val_only trainer.test_freq trainer.critic_warmup
  trainer.default_hdfs_dir trainer.del_local_ckpt_after_load trainer.default_local_dir trainer.max_actor_ckpt_to_keep
  trainer.max_critic_ckpt_to_keep trainer.ray_wait_register_center_timeout trainer.device ray_kwargs.ray_init.num_cpus
  ray_kwargs.timeline_json_file`;

const full = (path: string) => path.replace(/^\*/, 'actor_rollout_ref.');
const byReader = new Set(READ_BY_VERL_READER.split(/\s+/).filter(Boolean));

/**
 * What each path does: read by verl.ts or here (a); not modelled (c); the rest (b) — the critic's,
 * the reference's, the reward model's and the rest of the rollout engine's settings are other
 * models' (verl.ts sets them aside with a note), and data, loss coefficients, logging, profiling
 * and saving change no memory.
 */
function classOfPath(path: string): OptionClass {
  if (byReader.has(path)) return { read: 'reader' };
  if (READS[path]) return { read: READS[path]! };
  if (UNMODELLED[path]) return { notModelled: UNMODELLED[path]! };
  return { noMemoryEffect: true };
}

export const VERL_OPTIONS: ProgramOption[] = PATHS.split(/\s+/)
  .filter(Boolean)
  .map((path) => ({ spellings: [full(path)], is: classOfPath(path), source: SOURCE }));

export const VERL: Framework = {
  id: 'verl',
  name: 'verl',
  source: SOURCE,
  named: /\bverl\b|verl\.trainer|actor_rollout_ref\./,
  options: VERL_OPTIONS,
};
