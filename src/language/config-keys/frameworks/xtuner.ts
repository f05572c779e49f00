import { optimizer } from '../optimizer.js';
import { flag, numeric } from '../readers.js';
import { DEEPSPEED } from './deepspeed.js';
import { borrowed, noEffect, reads, shared, type Framework, optionsOnce } from './option.js';

/**
 * xtuner's Python configs (InternLM/xtuner v1.0.1+289: the names its configs set, from
 * xtuner/configs/internlm/internlm2_chat_7b/internlm2_chat_7b_qlora_oasst1_e3.py, the template every
 * config of the repository follows). Its accumulation is `accumulative_counts`, its packing
 * `pack_to_max_length`, its optimizer class `optim_type`; `max_length` is the packed sequence.
 * The mmengine runner's hooks, schedulers, loggers and data pipeline change no memory.
 */
const SOURCE = 'InternLM/xtuner v1.0.1 xtuner/configs/internlm/internlm2_chat_7b/internlm2_chat_7b_qlora_oasst1_e3.py';

export const XTUNER: Framework = {
  id: 'xtuner',
  name: 'xtuner configs',
  source: SOURCE,
  named: /xtuner/,
  get options() {
    return optionsOnce(this, () => [
      ...shared(
        'batch_size bias bnb_4bit_compute_dtype bnb_4bit_quant_type bnb_4bit_use_double_quant clip_grad data_path dataloader_num_workers dataset dtype load_in_4bit load_in_8bit lora_alpha lora_dropout lr max_length model optimizer pretrained_model_name_or_path prompt_template quantization_config r save_steps save_total_limit sequence_parallel_size task_type tokenizer torch_dtype train_dataset trust_remote_code warmup_ratio weight_decay',
        SOURCE,
      ),
      ...borrowed(DEEPSPEED, 'type', SOURCE),
      reads('accumulative_counts', numeric('ga'), SOURCE),
      reads('pack_to_max_length', flag('packed'), SOURCE),
      reads('optim_type', optimizer, SOURCE),
      ...noEffect(
        'use_varlen_attn betas checkpoint loss_scale collate_fn log_level remove_unused_columns max_epochs max_norm padding_side system begin by_epoch convert_to_iter_based cudnn_benchmark custom_hooks dataset_map_fn default_hooks dist_cfg end env_cfg eta_min evaluation_freq evaluation_inputs every_n_iters interval llm llm_int8_has_fp16_weight llm_int8_threshold load_from log_processor logger lora max_keep_ckpts mp_cfg num_workers optim_wrapper param_scheduler randomness resume sampler sampler_seed shuffle_before_pack start_factor template_map_fn timer train_cfg train_dataloader visualizer',
        SOURCE,
      ),
    ]);
  },
};
