import { numeric } from '../readers.js';
import { COMPILE_NOTE } from '../savers.js';
import { IGNORE, say, unquote, type Handler } from '../values.js';
import { noEffect, reads, shared, unmodelled, type Framework, optionsOnce } from './option.js';

/**
 * transformers' TrainingArguments and Seq2SeqTrainingArguments (huggingface/transformers
 * src/transformers/training_args.py at 00349ae, v5; the v4 fields people still paste from
 * v4.46's training_args.py and training_args_seq2seq.py). TRL's configs extend it (trl.ts).
 *
 * What the Trainer means: per_device_train_batch_size is the micro-batch per GPU (default 8),
 * gradient_accumulation_steps accumulates it, bf16/fp16 are mixed precision over fp32 weights,
 * gradient_checkpointing recomputes every layer; none of the logging, saving, Hub or data loader
 * options changes GPU memory.
 */
const SOURCE = 'huggingface/transformers src/transformers/training_args.py (v5, 00349ae)';
const V4 = 'huggingface/transformers v4.46 src/transformers/training_args.py';
const SEQ2SEQ = 'huggingface/transformers src/transformers/training_args_seq2seq.py';

/** A compile backend or mode set turns torch_compile on (training_args.py: "If set, automatically enables `torch_compile`"). */
const compileSetting: Handler = (v) => (unquote(v) && !/^(?:none|null|false)$/.test(unquote(v)) ? { ignore: true, note: COMPILE_NOTE } : IGNORE);

/**
 * fairscale's sharded DDP (v4 `sharded_ddp`, removed in v4.35): "simple" and "zero_dp_2" shard the
 * optimizer states and gradients (ZeRO-2), "zero_dp_3" the weights too; "offload" adds CPU offload.
 */
const shardedDdp: Handler = (v) => {
  const value = unquote(v);
  const stage = /zero_dp_3/.test(value) ? 'zero3' : /zero_dp_2|simple/.test(value) ? 'zero2' : null;
  if (!stage) return IGNORE;
  return say(/offload/.test(value) ? `${stage} offload` : stage, `sharded_ddp ${value}: fairscale's sharded DDP read as ${stage}`);
};

export const TRANSFORMERS: Framework = {
  id: 'transformers',
  name: 'transformers TrainingArguments',
  source: `${SOURCE}; ${V4}; ${SEQ2SEQ}`,
  named: /trainingarguments|seq2seqtrainingarguments|\btransformers\b|\btrainer\(/,
  get options() {
    return optionsOnce(this, () => [
      ...shared(
        'per_device_train_batch_size gradient_accumulation_steps bf16 fp16 tf32 gradient_checkpointing optim adafactor use_liger_kernel torch_compile fsdp deepspeed eval_strategy evaluation_strategy per_device_eval_batch_size prediction_loss_only per_gpu_train_batch_size output_dir num_train_epochs max_steps learning_rate lr_scheduler_type warmup_steps warmup_ratio weight_decay max_grad_norm neftune_noise_alpha logging_steps save_strategy save_steps save_total_limit do_train do_predict resume_from_checkpoint',
      ),
      reads('per_gpu_eval_batch_size', numeric('eval bs'), V4),
      reads(['torch_compile_backend', 'torch_compile_mode', 'torchdynamo'], compileSetting, SOURCE),
      reads('sharded_ddp', shardedDdp, V4),
      unmodelled('auto_find_batch_size', 'the Trainer halves the micro-batch after an out-of-memory until a step fits', ['batch'], SOURCE),
      unmodelled('optim_target_modules', "GaLore/APOLLO's low-rank optimizer states on these modules", ['optimizer'], SOURCE),
      unmodelled(['use_cpu', 'no_cuda'], 'the run is on the CPU: no GPU memory', ['hardware'], SOURCE),
      unmodelled('use_mps_device', "the run is on Apple's MPS device", ['hardware'], V4),
      unmodelled('parallelism_config', "accelerate's ParallelismConfig (its dp/tp/cp split)", ['parallel'], SOURCE),
      unmodelled('ddp_bucket_cap_mb', "DDP's gradient buckets of this size (the estimate holds a whole second gradient copy)", ['sharding'], SOURCE),
      unmodelled('fp16_opt_level', "apex AMP's optimisation level (O2/O3 keep fp16 weights)", ['precision'], V4),
      // Evaluation-only settings (the training step is the peak), logging, saving, the Hub, the data
      // loader's host-side workers, the scheduler's and optimizer's coefficients, the launcher's rank.
      ...noEffect(
        'lr_scheduler_kwargs optim_args adam_beta1 adam_beta2 adam_epsilon average_tokens_across_devices label_smoothing_factor bf16_full_eval fp16_full_eval gradient_checkpointing_kwargs liger_kernel_config use_cache torch_empty_cache_steps logging_strategy logging_first_step log_on_each_node logging_nan_inf_filter include_num_input_tokens_seen log_level log_level_replica disable_tqdm report_to run_name project trackio_space_id eval_steps eval_delay eval_on_start eval_do_concat_batches eval_use_gather_object eval_accumulation_steps include_for_metrics batch_eval_metrics save_only_model save_on_each_node enable_jit_checkpoint push_to_hub hub_token hub_private_repo hub_model_id hub_strategy hub_always_push hub_revision load_best_model_at_end metric_for_best_model greater_is_better ignore_data_skip restore_callback_states_from_checkpoint full_determinism seed data_seed accelerator_config dataloader_drop_last dataloader_num_workers dataloader_pin_memory dataloader_persistent_workers dataloader_prefetch_factor remove_unused_columns label_names train_sampling_strategy length_column_name ddp_find_unused_parameters ddp_broadcast_buffers ddp_backend ddp_timeout fsdp_config debug skip_memory_metrics do_eval logging_dir local_rank',
        SOURCE,
      ),
      ...noEffect(
        'overwrite_output_dir group_by_length half_precision_backend fp16_backend fsdp_min_num_params fsdp_transformer_layer_cls_to_wrap save_safetensors tpu_num_cores past_index ray_scope include_inputs_for_metrics jit_mode_eval use_ipex dispatch_batches split_batches',
        V4,
      ),
      ...noEffect('sortish_sampler predict_with_generate generation_max_length generation_num_beams generation_config', SEQ2SEQ),
    ]);
  },
};
