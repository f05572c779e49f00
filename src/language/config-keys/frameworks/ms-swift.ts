import { ADAPTER_KEYS } from '../adapters.js';
import { numeric } from '../readers.js';
import { IGNORE, say, unquote, type Handler } from '../values.js';
import { AXOLOTL } from './axolotl.js';
import { DEEPSPEED } from './deepspeed.js';
import { LLAMA_FACTORY } from './llamafactory.js';
import { borrowed, noEffect, reads, shared, unmodelled, type Framework, optionsOnce } from './option.js';
import { PEFT } from './peft.js';
import { TRANSFORMERS } from './transformers.js';
import { TRL } from './trl.js';

/**
 * ms-swift's command-line arguments (modelscope/ms-swift v4.4.3+59: swift/arguments/base_args/*.py,
 * sft_args.py, tuner_args.py, rlhf_args.py). Its trainers are transformers' and TRL's, so their
 * fields are read with those meanings (transformers.ts, trl.ts); PEFT's LoRA fields as peft.ts.
 *
 * `--tuner_type` (v4; `--train_type` in v3, `--sft_type` in v2) picks the method; `--rlhf_type` the
 * trainer of `swift rlhf`; `--teacher_model` loads a second model for distillation (GKD).
 */
const BASE = 'modelscope/ms-swift v4.4.3 swift/arguments/base_args/*.py';
const TUNER = 'modelscope/ms-swift v4.4.3 swift/arguments/tuner_args.py';
const RLHF = 'modelscope/ms-swift v4.4.3 swift/arguments/rlhf_args.py';
const SFT = 'modelscope/ms-swift v4.4.3 swift/arguments/sft_args.py';

/** `--rlhf_type` (rlhf_args.py): DPO's kin read as dpo, ORPO as itself, GRPO and PPO as TRL's (said as weak); GKD (a teacher) said as not modelled. */
const rlhfType: Handler = (v) => {
  const value = unquote(v);
  if (/^(?:dpo|kto|cpo|simpo|rm)$/.test(value)) return value === 'rm' ? IGNORE : say('dpo', value === 'dpo' ? undefined : `rlhf_type ${value} read as DPO (a preference loss over chosen and rejected)`);
  if (value === 'orpo') return say(value);
  // Its rollouts run in an engine of their own (vLLM or LMDeploy, colocated or on GPUs set apart:
  // modelscope/ms-swift#3848, corpus c141, keeps one of 8 GPUs for them), not by the policy as TRL's
  // GRPO preset assumes.
  // The key names the trainer `swift rlhf` runs (strong: a setting only ms-swift has), so it is that
  // trainer's run, as `rl: grpo` is axolotl's and "grpo训练" in a title is (c507, c742, c816); the
  // estimate is TRL's preset, not ms-swift's own rollout engine, so the framework is said as weak
  // with that reason (modelscope/ms-swift#3361, c816; #3848, c141; #7125, c742).
  if (value === 'grpo' || value === 'ppo') {
    return { say: value, weak: true, note: `--rlhf_type ${value} read with TRL's ${value.toUpperCase()} preset: ms-swift's own rollout engine (vLLM or LMDeploy, colocated or on GPUs set apart) is not modelled` };
  }
  if (value === 'gkd') return { ignore: true, unmodelled: { weakens: ['framework'], changes: 'GKD: a teacher model beside the student' } };
  return IGNORE;
};

/** `--quant_method` (quant_args.py): bnb is read with --quant_bits; AWQ, GPTQ and FP8 name the weights. */
const quantMethod: Handler = (v) => {
  const value = unquote(v);
  if (value === 'awq' || value === 'gptq') return say(value);
  if (value === 'fp8') return say('fp8 weights');
  if (/^(?:hqq|eetq|quanto)$/.test(value)) return { ignore: true, unmodelled: { weakens: ['precision'], changes: `${value} quantized weights` } };
  return IGNORE;
};

/** `--lora_rank` has a default and is read only when the tuner is LoRA's: beside `--tuner_type full` it trains nothing. */
const loraRank: Handler = (v, ctx) => {
  const tuner = ctx.values?.get('tuner_type') ?? ctx.values?.get('train_type') ?? ctx.values?.get('sft_type');
  if (tuner !== undefined && !/lora/.test(unquote(tuner))) return { ignore: true, note: `lora_rank ${unquote(v)} is not used: the tuner is ${unquote(tuner)}` };
  return numeric('lora rank')(v, ctx);
};

export const MS_SWIFT: Framework = {
  id: 'ms-swift',
  name: 'ms-swift',
  source: `${BASE}; ${SFT}; ${TUNER}; ${RLHF}`,
  named: /ms-swift|modelscope\/swift|\bswift (?:sft|rlhf|pt|infer|deploy|export|eval|sample|app)\b/,
  get options() {
    return optionsOnce(this, () => [
      ...shared(
        'attn_impl beta bf16 bnb_4bit_compute_dtype bnb_4bit_quant_type bnb_4bit_use_double_quant dataset ddp_timeout device_map eval_strategy fp16 fsdp learning_rate lora_alpha lora_dropout max_completion_length max_length max_model_len max_new_tokens model model_name model_type output_dir packing quant_bits ref_model seed sequence_parallel_size streaming strict target_modules task_type temperature template torch_dtype',
        BASE,
      ),
      ...borrowed(
        TRL,
        'center_rewards_coefficient cliprange cliprange_value dataset_num_proc desirable_weight discopop_tau gamma kl_coef label_smoothing lam ld_alpha local_rollout_forward_batch_size log_completions loss_type loss_weights missing_eos_penalty num_generations num_iterations num_mini_batches num_ppo_epochs num_sample_generations packing_strategy padding_free response_length reward_weights rpo_alpha undesirable_weight vf_coef whiten_rewards use_vllm vllm_mode vllm_gpu_memory_utilization vllm_tensor_parallel_size vllm_max_model_length vllm_enable_sleep_mode generation_batch_size steps_per_generation',
        RLHF,
      ),
      ...borrowed(AXOLOTL, 'cpo_alpha max_memory num_labels', RLHF),
      ...borrowed(TRANSFORMERS, 'data_seed ddp_backend hub_token remove_unused_columns', BASE),
      ...borrowed(LLAMA_FACTORY, 'enable_thinking model_revision preserve_thinking reward_model reward_model_type rope_scaling simpo_gamma swanlab_mode swanlab_project swanlab_workspace', BASE),
      ...borrowed(PEFT, 'lora_bias modules_to_save target_parameters use_dora use_rslora', TUNER),
      ...borrowed(DEEPSPEED, 'loss_scale zero_hpz_partition_size', SFT),
      reads('tuner_type', ADAPTER_KEYS.train_type!.reads, TUNER),
      reads('lora_rank', loraRank, TUNER),
      // ms-swift 2.x spelled the dropout `lora_dropout_p` (swift/llm/utils/argument.py, SftArguments; its
      // argument dump in modelscope/ms-swift issues, c700: "lora_dropout_p=0.05" had been set aside unread).
      reads('lora_dropout_p', ADAPTER_KEYS.lora_dropout!.reads, 'modelscope/ms-swift v2.0 swift/llm/utils/argument.py'),
      reads('rlhf_type', rlhfType, RLHF),
      reads('quant_method', quantMethod, BASE),
      unmodelled(['teacher_model', 'teacher_adapters', 'teacher_deepspeed', 'offload_teacher_model', 'seq_kd'], 'a teacher model beside the student (distillation)', ['framework'], RLHF),
      unmodelled(
        ['freeze_llm', 'freeze_vit', 'freeze_aligner', 'freeze_parameters', 'freeze_parameters_ratio', 'freeze_parameters_regex', 'trainable_parameters', 'trainable_parameters_regex', 'llamapro_num_new_blocks', 'llamapro_num_groups'],
        'only some parameters trained (frozen parts, LLaMA Pro blocks)',
        ['mode'],
        TUNER,
      ),
      unmodelled(['adalora_init_r', 'adalora_target_r', 'vera_rank', 'boft_block_size', 'boft_n_butterfly_factor', 'fourier_n_frequency', 'reft_rank', 'adapter_length'], 'a tuner other than LoRA (AdaLoRA, VeRA, BOFT, FourierFT, ReFT, adapters)', ['lora'], TUNER),
      unmodelled('lora_dtype', "the adapters' own dtype", ['precision'], TUNER),
      unmodelled('deepspeed_autotp_size', "DeepSpeed AutoTP's tensor-parallel split", ['parallel'], SFT),
      unmodelled(['packing_length', 'max_pixels'], 'the packed length, or the image tokens in each sample', ['seq'], BASE),
      // Data loading and templates, the Hub, logging, the tuners' fine settings and initialisation,
      // the reference and reward models' names, and the rollout's reward functions.
      ...noEffect(
        'adalora_beta1 adalora_beta2 adalora_orth_reg_weight adalora_tfinal adalora_tinit adapter_act adapters add_non_thinking_prefix add_version agent_template bnb_4bit_quant_storage boft_dropout cached_dataset cached_val_dataset columns create_checkpoint_symlink custom_dataset_info custom_register_path dataset_shuffle disable_auto_column_mapping disable_ignore_empty_think download_mode enable_npu_model_patch experts_impl external_plugins fourier_scaling gkd_logits_topk hqq_axis ignore_args_error init_strategy init_weights interleave_prob is_binary_loss_scale lazy_tokenize lmbda load_args load_data_args load_from_cache_file local_repo_path lora_ga_batch_size lora_ga_direction lora_ga_iters lora_ga_max_length lora_ga_scale lora_ga_stable_gamma lorap_lr_ratio model_author model_kwargs new_special_tokens norm_bbox packing_num_proc padding_side problem_type ref_adapters ref_model_revision ref_model_type reft_args reft_intervention_type reft_layer_key reft_layers response_prefix reward_adapters reward_funcs reward_model_revision reward_template sft_alpha shuffle_buffer_size split_dataset_ratio stopping_strategy swanlab_email_language swanlab_exp_name swanlab_notification_method swanlab_receiver_email swanlab_secret swanlab_sender_email swanlab_smtp_port swanlab_smtp_server swanlab_token swanlab_webhook_url system target_regex teacher_model_revision teacher_model_server teacher_model_type template_backend truncation_strategy tuner_backend use_chat_template use_hf use_swift_lora val_dataset val_dataset_shuffle vera_d_initial vera_dropout vera_projection_prng_key',
        BASE,
      ),
    ]);
  },
};
