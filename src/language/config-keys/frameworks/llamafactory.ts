import { flag, fraction, numeric, serving } from '../readers.js';
import { IGNORE, unquote, type Handler } from '../values.js';
import { noEffect, reads, shared, unmodelled, type Framework, optionsOnce } from './option.js';

/**
 * LLaMA-Factory's YAML and CLI (hiyouga/LLaMA-Factory v0.9.5+54: src/llamafactory/hparams/
 * model_args.py, data_args.py, finetuning_args.py, training_args.py, generating_args.py; the
 * TrainingArguments it extends are transformers.ts's).
 *
 * Its sequence is cutoff_len; `max_length` and `max_new_tokens` are the chat and predict
 * generation's (generating_args.py), so max_length is no training length here. neat_packing packs
 * without cross-attention between samples; GaLore, APOLLO, BAdam, Adam-mini and Muon change the
 * optimizer states in ways the estimate does not model.
 */
const MODEL = 'hiyouga/LLaMA-Factory v0.9.5 src/llamafactory/hparams/model_args.py';
const DATA = 'hiyouga/LLaMA-Factory v0.9.5 src/llamafactory/hparams/data_args.py';
const FINETUNING = 'hiyouga/LLaMA-Factory v0.9.5 src/llamafactory/hparams/finetuning_args.py';
const TRAINING = 'hiyouga/LLaMA-Factory v0.9.5 src/llamafactory/hparams/training_args.py';
const GENERATING = 'hiyouga/LLaMA-Factory v0.9.5 src/llamafactory/hparams/generating_args.py';

/** pref_loss orpo or simpo needs no reference model (finetuning_args.py: "reference-free" losses). */
const prefLoss: Handler = (v) =>
  /^(?:orpo|simpo)$/.test(unquote(v)) ? { ignore: true, unmodelled: { weakens: ['framework'], changes: 'a reference-free loss: no reference model is loaded' } } : IGNORE;

export const LLAMA_FACTORY: Framework = {
  id: 'llama-factory',
  name: 'LLaMA-Factory',
  source: `${MODEL}; ${DATA}; ${FINETUNING}; ${TRAINING}; ${GENERATING}`,
  named: /llama-?factory|llamafactory-cli|llama_factory|\bllamafactory\b/,
  get options() {
    return optionsOnce(this, () => [
      ...shared(
        'model_name_or_path flash_attn use_unsloth_gc enable_liger_kernel disable_gradient_checkpointing quantization_method quantization_bit quantization_type double_quantization vllm_maxlen device_map model_max_length cutoff_len packing lora_alpha lora_dropout lora_rank lora_target pure_bf16 stage finetuning_type max_new_tokens top_p top_k repetition_penalty use_fast_tokenizer low_cpu_mem_usage trust_remote_code template dataset eval_dataset dataset_dir streaming overwrite_cache preprocessing_num_workers ignore_pad_token_for_loss val_size ref_model plot_loss master_addr master_port do_sample temperature overwrite_output_dir',
      ),
      reads('use_unsloth', flag('unsloth'), MODEL),
      reads('neat_packing', flag('packed'), DATA),
      reads('vllm_gpu_util', serving(fraction('util')), MODEL),
      // Passed to vLLM as enforce_eager (model_args.py; hiyouga/LlamaFactory#5173, c880, and #4870, c433):
      // no CUDA graphs are captured, which the estimate models as vLLM's own flag.
      reads('vllm_enforce_eager', serving(flag('enforce eager')), MODEL),
      reads('sglang_mem_fraction', serving(fraction('util')), MODEL),
      reads('sglang_maxlen', serving(numeric('seq')), MODEL),
      reads('pref_loss', prefLoss, FINETUNING),
      unmodelled('shift_attn', "LongLoRA's shifted short attention (S²-Attn)", ['seq'], MODEL),
      unmodelled('mixture_of_depths', 'mixture-of-depths: some tokens skip some layers', [], MODEL),
      unmodelled('upcast_lmhead_output', 'fp32 logits from the output head', ['loss'], MODEL),
      unmodelled('use_v1_kernels', "LLaMA-Factory's fused kernels", [], MODEL),
      unmodelled(['image_max_pixels', 'video_max_pixels', 'video_maxlen', 'video_fps'], 'the image and video tokens in each sample', ['seq'], MODEL),
      unmodelled('use_kt', "KTransformers' experts on the CPU", ['hardware'], MODEL),
      unmodelled('sglang_tp_size', "SGLang's tensor-parallel split for inference", ['parallel'], MODEL),
      unmodelled(['freeze_trainable_layers', 'freeze_trainable_modules', 'freeze_extra_modules', 'use_llama_pro'], 'only some layers or modules trained (freeze tuning, LLaMA Pro)', ['mode'], FINETUNING),
      unmodelled(['additional_target', 'oft_rank', 'oft_block_size', 'oft_target'], 'modules trained whole beside the adapters, or OFT adapters', ['lora'], FINETUNING),
      unmodelled('use_dora', "DoRA's magnitude vectors and the weight norm it computes each step", ['lora'], FINETUNING),
      unmodelled(['ref_model_quantization_bit', 'reward_model_quantization_bit'], 'the reference or reward model quantized', ['framework'], FINETUNING),
      unmodelled(
        ['use_galore', 'galore_target', 'galore_rank', 'galore_layerwise', 'use_apollo', 'apollo_target', 'apollo_rank', 'apollo_layerwise', 'use_badam', 'badam_mode', 'badam_switch_mode', 'use_adam_mini', 'use_muon'],
        'GaLore / APOLLO low-rank optimizer states, BAdam one block at a time, Adam-mini or Muon states',
        ['optimizer'],
        FINETUNING,
      ),
      unmodelled(['use_mca', 'use_megatron_bridge', 'megatron_bridge_args', 'use_hyper_parallel', 'hyper_parallel_args', 'hyper_parallel_cp_size'], "Megatron-Core or HyperParallel's own parallel split", ['parallel'], FINETUNING),
      unmodelled(['fp8', 'fp8_backend', 'fp8_enable_fsdp_float8_all_gather'], 'FP8 training', ['precision'], TRAINING),
      // The chat's generation length (not the training sequence), tokenizer, Hub, export, data mixing
      // and masking, losses' coefficients, logging, profiling and Ray's launch.
      ...noEffect('max_length num_beams length_penalty skip_special_tokens', GENERATING),
      ...noEffect(
        'adapter_name_or_path adapter_folder cache_dir resize_vocab split_special_tokens add_tokens add_special_tokens new_special_tokens_config init_special_tokens model_revision rope_scaling moe_aux_loss_coef use_reentrant_gc upcast_layernorm train_from_scratch infer_backend offload_folder use_kv_cache infer_dtype hf_hub_token ms_hub_token om_hub_token print_param_status quantization_device_map image_min_pixels image_do_pan_and_scan crop_to_patches video_min_pixels use_audio_in_video audio_sampling_rate export_dir export_size export_device export_quantization_bit export_quantization_dataset export_quantization_nsamples export_quantization_maxlen export_legacy_format export_hub_model_id vllm_max_lora_rank vllm_config sglang_config sglang_lora_backend kt_cpu_activation kt_weight_path kt_non_expert_weight_path kt_expert_checkpoint_path kt_use_lora_experts kt_lora_expert_num kt_lora_expert_intermediate_size compute_dtype block_diag_attn',
        MODEL,
      ),
      ...noEffect(
        'max_samples media_dir train_on_prompt mask_history buffer_size mix_strategy interleave_probs preprocessing_batch_size eval_num_beams eval_on_each_dataset tool_format default_system enable_thinking preserve_thinking tokenized_path data_shared_file_system',
        DATA,
      ),
      ...noEffect(
        'loraplus_lr_ratio loraplus_lr_embedding use_rslora pissa_init pissa_iter pissa_convert create_new_adapter module_dropout pref_beta pref_ftx pref_bco_weight dpo_label_smoothing kto_chosen_weight kto_rejected_weight simpo_gamma ppo_buffer_size ppo_epochs ppo_score_norm ppo_target ppo_whiten_rewards ref_model_adapters reward_model reward_model_adapters reward_model_type ld_alpha galore_update_interval galore_scale galore_proj_type apollo_update_interval apollo_scale apollo_proj apollo_proj_type apollo_scale_type apollo_scale_front badam_start_block badam_switch_interval badam_update_ratio badam_mask_mode badam_verbose use_swanlab swanlab_project swanlab_workspace swanlab_run_name swanlab_mode swanlab_api_key swanlab_logdir swanlab_lark_webhook_url swanlab_lark_secret use_dft_loss use_asft_loss asft_alpha use_eaft_loss eaft_alpha freeze_vision_tower freeze_multi_modal_projector freeze_language_model compute_accuracy disable_shuffling early_stopping_steps include_effective_tokens_per_second',
        FINETUNING,
      ),
      ...noEffect(
        'ray_num_workers ray_init_kwargs enable_torch_profiler profiler_output_dir profiler_wait_steps profiler_warmup_steps profiler_active_steps profiler_repeat profiler_record_shapes profiler_profile_memory profiler_with_stack profile_modules',
        TRAINING,
      ),
    ]);
  },
};
