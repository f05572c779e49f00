import { flag } from '../readers.js';
import { COMPILE_NOTE } from '../savers.js';
import { IGNORE, numberOf, say, unquote, type Handler } from '../values.js';
import { LLAMA_FACTORY } from './llamafactory.js';
import { borrowed, noEffect, reads, shared, unmodelled, type Framework, optionsOnce } from './option.js';
import { OPENRLHF } from './openrlhf.js';
import { TRANSFORMERS } from './transformers.js';
import { TRL } from './trl.js';

/**
 * axolotl's YAML (axolotl-ai-cloud/axolotl v0.18.0+9: src/axolotl/utils/schemas/config.py
 * `AxolotlInputConfig`, training.py, peft.py, model.py, quantization.py). Many fields are passed to
 * transformers' TrainingArguments or TRL's configs and read with their meaning (transformers.ts,
 * trl.ts); axolotl's own are below.
 *
 * Its sequence is sequence_len (default 2048); `max_prompt_len` is the prompt's share of it in RL
 * (DPO's max_prompt_length), so it sets no sequence; `bfloat16: true` / `float16: true` load the
 * weights in 16 bits with no AMP (config.py: "No AMP"); `rl:` names the trainer.
 */
const SOURCE = 'axolotl-ai-cloud/axolotl v0.18.0 src/axolotl/utils/schemas/config.py';
const PEFT_SCHEMA = 'axolotl-ai-cloud/axolotl v0.18.0 src/axolotl/utils/schemas/peft.py';

/** `rl:` names the trainer (config.py RLType): DPO's kin read as dpo, ORPO and GRPO as themselves. */
const rlType: Handler = (v) => {
  const value = unquote(v);
  if (/^(?:dpo|ipo|kto|simpo)$/.test(value)) return say('dpo', value === 'dpo' ? undefined : `rl: ${value} read as DPO (a preference loss over chosen and rejected)`);
  if (value === 'orpo' || value === 'grpo') return say(value);
  return IGNORE;
};

/** sequence_parallel_degree: the deprecated name of context_parallel_size (config.py). */
const sequenceParallel: Handler = (v) => {
  const n = numberOf(v);
  return Number.isInteger(n) && n > 1 ? say(`cp ${n}`) : IGNORE;
};

const compileOptions: Handler = (v) => (unquote(v) ? { ignore: true, note: COMPILE_NOTE } : IGNORE);

export const AXOLOTL: Framework = {
  id: 'axolotl',
  name: 'axolotl',
  source: `${SOURCE}; training.py, peft.py, model.py, quantization.py`,
  named: /\baxolotl\b/,
  get options() {
    return optionsOnce(this, () => [
      ...shared(
        'adam_beta1 adam_beta2 adam_epsilon adapter advantage_estimator attn_implementation base_model batch_size bf16 chat_template context_length context_parallel_size dataloader_num_workers dataset_prepared_path datasets ddp_find_unused_parameters ddp_timeout deepspeed device device_map early_stopping_patience eval_batch_size eval_sample_packing eval_steps eval_strategy evals_per_epoch flash_attention fp16 fsdp generate_max_len gradient_accumulation_steps gradient_checkpointing group_by_length hub_model_id learning_rate load_in_4bit load_in_8bit local_rank logging_steps lora_alpha lora_dropout lora_r lora_target_linear lora_target_modules loss_watchdog_threshold low_cpu_mem_usage lr lr_scheduler max_grad_norm max_steps micro_batch_size neftune_noise_alpha num_epochs optimizer output_dir pad_to_sequence_len quantization resume_from_checkpoint sample_packing save_steps save_strategy save_total_limit saves_per_epoch sdp_attention seed sequence_len special_tokens streaming strict temperature tensor_parallel_size tf32 top_p torch_compile train_on_inputs trust_remote_code val_set_size warmup_ratio warmup_steps weight_decay world_size xformers_attention',
        SOURCE,
      ),
      ...borrowed(
        TRANSFORMERS,
        'accelerator_config auto_find_batch_size dataloader_drop_last dataloader_pin_memory dataloader_prefetch_factor ddp_broadcast_buffers ddp_bucket_cap_mb fsdp_config gradient_checkpointing_kwargs greater_is_better hub_revision hub_strategy load_best_model_at_end lr_scheduler_kwargs metric_for_best_model optim_args optim_target_modules remove_unused_columns save_only_model save_safetensors torch_compile_backend torch_compile_mode torch_empty_cache_steps',
        SOURCE,
      ),
      ...borrowed(TRL, 'activation_offloading center_rewards_coefficient chat_template_kwargs dataset_num_proc eos_token pad_to_multiple_of pad_token precompute_ref_log_probs', SOURCE),
      ...borrowed(OPENRLHF, 'deepcompile n_samples_per_prompt use_tensorboard', SOURCE),
      ...borrowed(LLAMA_FACTORY, 'dpo_label_smoothing eaft_alpha fp8 fp8_enable_fsdp_float8_all_gather loraplus_lr_embedding loraplus_lr_ratio reward_model simpo_gamma', SOURCE),
      ...noEffect('fsdp_version loftq_config', SOURCE),
      reads('rl', rlType, SOURCE),
      reads('bfloat16', flag('pure bf16'), SOURCE),
      reads('float16', flag('pure fp16'), SOURCE),
      reads('chunked_cross_entropy', flag('chunked ce'), SOURCE),
      reads('eager_attention', flag('no flash'), SOURCE),
      reads(['batch_flattening', 'dpo_padding_free'], flag('packed'), SOURCE),
      reads('dpo_use_liger_kernel', flag('liger'), SOURCE),
      reads('sequence_parallel_degree', sequenceParallel, SOURCE),
      reads('gptq', flag('gptq'), SOURCE),
      reads('torch_compile_options', compileOptions, SOURCE),
      unmodelled('max_prompt_len', "the prompt's share of sequence_len in RL training (the sequence is sequence_len, default 2048)", ['seq'], SOURCE),
      unmodelled(['dp_shard_size', 'dp_replicate_size'], 'FSDP over a group of GPUs, replicated across groups (HSDP)', ['sharding'], SOURCE),
      unmodelled(['layer_offloading', 'offload'], "the layers' weights offloaded to the CPU during forward", ['offload'], SOURCE),
      unmodelled(['gpu_memory_limit', 'max_memory'], "a cap on each GPU's memory", ['hardware'], SOURCE),
      unmodelled(['tiled_mlp', 'tiled_mlp_num_shards'], "ALST's tiled MLP: the MLP's activations in tiles along the sequence", ['seq'], SOURCE),
      unmodelled(['selective_checkpointing', 'recompute_layer_types', 'dynamic_checkpoint'], 'checkpointing of some layers only', ['recompute'], SOURCE),
      unmodelled(['flex_attention', 'sage_attention', 'flash_attn_cross_entropy', 'use_kernels'], 'an attention or loss kernel of its own', ['loss'], SOURCE),
      unmodelled(['qat', 'fake_quant_after_n_steps', 'quantize_moe_experts', 'quantize_embedding'], 'quantization-aware training or quantized experts and embeddings', ['precision'], SOURCE),
      unmodelled(['qgalore_rank', 'qgalore_proj_bits', 'dion_rank_fraction'], "Q-GaLore's or Dion's low-rank optimizer states", ['optimizer'], SOURCE),
      unmodelled(['relora', 'relora_cpu_offload'], 'ReLoRA: adapters merged and restarted every few steps', ['lora'], PEFT_SCHEMA),
      unmodelled(
        ['lora_modules_to_save', 'lora_target_parameters', 'lora_rank_pattern', 'lora_alpha_pattern', 'peft_use_dora', 'peft_layers_to_transform', 'peft_layers_pattern', 'peft_layer_replication', 'peft_trainable_token_indices'],
        'modules trained whole, adapters on expert parameters or some layers only, ranks of their own, or DoRA (PEFT LoraConfig)',
        ['lora'],
        PEFT_SCHEMA,
      ),
      unmodelled(['lora_mlp_kernel', 'lora_qkv_kernel', 'lora_o_kernel', 'lora_embedding_kernel'], "axolotl's fused LoRA kernels (fewer activations kept)", ['lora'], PEFT_SCHEMA),
      // Data preparation, tokenizer, evaluation, logging, schedules, losses' coefficients, kernels'
      // fine settings, positional tricks and the Hub.
      ...noEffect(
        'activation_dtype adam_beta3 adam_epsilon2 adaptive_max_tokens added_tokens_overrides additional_special_tokens alignment_coef auto_resume_from_checkpoints axolotl_config_path base_model_config bench_dataset bench_split bnb_config_kwargs bos_token capabilities ce_coef chat_template_jinja chunked_cross_entropy_num_chunks cls_model_config cosine_constant_lr_ratio cosine_min_lr_ratio cpo_alpha curriculum_sampling dataset_exact_deduplication dataset_keep_in_memory dataset_processes dataset_shard_idx dataset_shard_num ddp default_system_message dion_lr dion_momentum dion_rank_multiple_of diversity_coef do_bench_eval do_causal_lm_eval dpo_loss_type dpo_loss_weights dpo_use_weighting eaft_k ebft embed_method embedding_lr embedding_lr_scale embeddings_skip_upcast env_capabilities eot_tokens eval_causal_lm_metrics eval_sequence_len excess_length_strategy experimental_skip_move_to_device experts_implementation feature_layers fix_untrained_tokens flash_attn_d512 flash_attn_fuse_mlp flash_optimum flex_attn_compile_kwargs float32 fp32_norm_classes fp32_norms freeze_mm_modules fsdp_final_state_dict_type fused_attn_kernel gc_collect_steps gc_steps gemma4_hybrid_attn_impl generate_samples generation_do_sample generation_max_new_tokens generation_prompt_ratio generation_temperature generation_top_k generation_top_p group_size gt_length_multiplier heads_k_stride hf_use_auth_token include_tkps include_tokens_per_second is_falcon_derived_model is_llama_derived_model is_mistral_derived_model is_preprocess is_qwen_derived_model jagged_restart_anneal_steps jagged_restart_steps jagged_restart_warmup_steps kto_desirable_weight kto_undesirable_weight large_head_attention llama4_linearized_experts loftq_bits lora_fan_in_fan_out lora_model_dir lora_on_cpu loss_watchdog_patience lr_div_factor lr_groups lr_quadratic_warmup mean_resizing_embeddings merge_lora merge_method min_completion_prefix min_sample_len mode model_quantization_config model_quantization_config_kwargs modules multipack_real_batches name num_dataset_shards_to_save num_generation_samples num_labels orpo_alpha peft peft_autocast_adapter_dtype peft_ensure_weight_tying peft_init_lora_weights peft_use_rslora plugins pose_max_context_len pose_num_chunks pose_split_on_token_ids preprocess_iterable pretrain_multipack_attn pretrain_multipack_buffer_size pretraining_dataset pretraining_sample_concatenation process_reward_model processor_kwargs processor_type profiler_steps profiler_steps_start push_dataset_to_hub qgalore_cos_threshold qgalore_gamma_proj qgalore_proj_group_size qgalore_proj_quant qgalore_proj_type qgalore_queue_size qgalore_scale qgalore_update_proj_gap qlora_sharded_model_loading reinit_weights relora_prune_method relora_prune_ratio resize_token_embeddings_to_32x ring_attn_func rl_beta rl_coef sample_packing_bin_size sample_packing_eff_est sample_packing_group_size sample_packing_mp_start_method sample_packing_sequentially save save_first_step save_sliding_window scaling_softmax scaling_softmax_bias scaling_softmax_factor sdpa_varlen shrink_embeddings shuffle_before_merging_datasets shuffle_merged_datasets skip_prepare_dataset streaming_multipack_buffer_size stride test_datasets tiled_mlp_use_original_mlp tokenizer_config tokenizer_legacy tokenizer_save_jinja_files tokenizer_type tokenizer_use_fast tokenizer_use_mistral_common tokens torchdistx_path total_num_tokens total_supervised_tokens trainer_cls trl unfrozen_parameters unk_token use_eaft use_onebitllms use_pose use_whitening vllm weight_dtype',
        SOURCE,
      ),
    ]);
  },
};
