import { ADAPTER_KEYS } from '../adapters.js';
import { numeric } from '../readers.js';
import { IGNORE, unquote, type Handler } from '../values.js';
import { noEffect, reads, shared, type Framework, optionsOnce } from './option.js';

/**
 * mlx-lm's LoRA trainer (`python -m mlx_lm.lora`, and mlx-examples' `lora.py` before it): its command
 * line and its YAML config (ml-explore/mlx-lm d78bf58, Aug 2026: mlx_lm/lora.py build_parser and
 * CONFIG_DEFAULTS, mlx_lm/examples/lora_config.yaml, mlx_lm/tuner/datasets.py).
 *
 * Its `--num-layers` (mlx-examples' older `--lora-layers`) is how many of the model's last layers get
 * adapters (or, with `--fine-tune-type full`, are trained): 16 by default, -1 for all. It is no
 * shape of the model: Megatron's `--num-layers` of the shared tables is, and read so here it had cut
 * Qwen2.5-0.5B to one layer (ml-explore/mlx-examples#1209, c2044: "--num-layers 1"). The estimate
 * puts adapters on every layer, so the count is said as not modelled and the method (its LoRA) weak.
 * `lora_parameters.dropout` is left to the prose reader's "dropout 0.05" (vocabulary.ts), as before.
 */
const LORA_PY = 'ml-explore/mlx-lm d78bf58 mlx_lm/lora.py build_parser, CONFIG_DEFAULTS';
const CONFIG = 'ml-explore/mlx-lm d78bf58 mlx_lm/examples/lora_config.yaml';
const DATASETS = 'ml-explore/mlx-lm d78bf58 mlx_lm/tuner/datasets.py';
const OLD_LORA_PY = 'ml-explore/mlx-examples lora/lora.py (--lora-layers, before mlx-lm renamed it --num-layers)';

/** The adapted layers' count: -1 is every layer, which the estimate already assumes. */
const adaptedLayers: Handler = (v) => {
  const n = unquote(v);
  if (n === '-1' || !/^\d+$/.test(n)) return IGNORE;
  return { ignore: true, unmodelled: { weakens: ['lora', 'mode'], changes: `adapters (or, with fine_tune_type full, training) on the last ${n} layers only; the estimate adapts every layer` } };
};

/** `fine_tune_type`: lora, dora (LoRA's adapters plus a magnitude vector per layer) or full. */
const fineTuneType: Handler = (v, ctx) => {
  const value = unquote(v);
  return value === 'dora' ? ADAPTER_KEYS.train_type!.reads('lora', ctx) : ADAPTER_KEYS.train_type!.reads(v, ctx);
};

export const MLX_LM: Framework = {
  id: 'mlx-lm',
  name: 'mlx-lm',
  source: `${LORA_PY}; ${CONFIG}; ${DATASETS}; ${OLD_LORA_PY}`,
  named: /\bmlx[_-]lm\b|\bmlx[_-]examples\b|\bmlx_model\b|\bmlx-community\//,
  get options() {
    return optionsOnce(this, () => [
      reads(['num_layers', 'lora_layers'], adaptedLayers, LORA_PY),
      reads('fine_tune_type', fineTuneType, LORA_PY),
      reads('grad_accumulation_steps', numeric('ga'), LORA_PY),
      ...shared('model train optimizer batch_size iters val_batches learning_rate steps_per_report steps_per_eval save_every max_seq_length grad_checkpoint lora_parameters seed resume_adapter_file adapter_path test test_batches report_to trust_remote_code', LORA_PY),
      ...shared('keys rank weight_decay warmup', CONFIG),
      ...noEffect('data config mask_prompt project_name clear_cache_threshold optimizer_config lr_schedule', LORA_PY),
      ...noEffect('scale betas eps bias_correction name warmup_init arguments', CONFIG),
      ...noEffect('hf_dataset path train_split valid_split test_split prompt_feature completion_feature text_feature chat_feature', DATASETS),
    ]);
  },
};
