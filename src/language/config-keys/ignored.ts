/** Config keys read and known to change no memory: listed as ignored, never an error. */

/**
 * Keys read and known not to change memory (listed as ignored, never an error). Any other
 * unknown `key=value` is listed too, as not read. A run's label (run_name, tag, exp_name, job_name,
 * wandb_run_name) names the run: "tag: 'lora-qv-r2-lomo'" (OpenLMLab/LOMO#53, c968) had set LoRA r2 on q,v.
 */
export const NO_MEMORY_EFFECT = new Set(
  `warmup
  eval_steps
  output_dir output_model_path output_path dataset datasets dataset_dir template seed port host api_key trust_remote_code
  overwrite_output_dir overwrite_cache report_to run_name val_set_size val_size wandb_project
  tag exp_name experiment_name job_name wandb_run_name
  logging_dir plot_loss preprocessing_num_workers dataloader_num_workers num_prompts
  adam_beta1 adam_beta2 adam_epsilon pad_to_sequence_len group_by_length
  add_eos_token disable_log_stats swap_space
  max_batch_total_tokens max_input_tokens
  waiting_served_ratio tokenizer tokenizer_mode prompt_template data_path ddp_timeout ddp_find_unused_parameters
  local_rank master_port master_addr use_fast_tokenizer streaming special_tokens chat_template
  strict debug xformers_attention s2_attention val_set_size evals_per_epoch saves_per_epoch early_stopping_patience
  loss_watchdog_threshold logging_first_step push_to_hub hub_model_id dataset_prepared_path wandb_entity
  wandb_watch wandb_name wandb_log_model eval_sample_packing
  dtype_auto download_dir load_format enable_prefix_caching enable_chunked_prefill disable_custom_all_reduce
  distributed_executor_backend worker_use_ray max_log_len uvicorn_log_level shuffle ignore_pad_token_for_loss
  cpu cpus cpu_cores vcpus num_cpus beta ref_model temperature top_p top_k repetition_penalty do_sample device_map low_cpu_mem_usage bias task_type inference_mode fan_in_fan_out data_dir out_dir groupsize num_workers_dataloader val_batch_size run_validation save_model save_metrics
  use_vllm disable_log_requests shm_size chat auto_launch listen no_cache disk xformers pin_memory
  ollama_host ollama_models ollama_keep_alive ollama_max_loaded_models ollama_max_queue
  ollama_debug ollama_origins ollama_sched_spread ollama_gpu_overhead ollama_load_timeout
  max_prefill_tokens disable_disk_cache
  val_batches test_batches test adapter_path resume_adapter_file
  dataset_name dataset_names dataset_path dataset_config_name data_files train_file train_files eval_dataset train_dataset
  node_rank master_addr master_port machine_rank recompute_method recompute_num_layers eval_iters eval_interval save_interval log_interval clip_grad`
    .split(/\s+/)
    .filter(Boolean),
);

/** Blocks that describe training data (axolotl's `datasets:` list, torchtune's `dataset:`): no value under them names a model. */
export const DATA_BLOCKS = new Set(['dataset', 'datasets', 'test_datasets', 'eval_dataset', 'train_dataset', 'data']);
