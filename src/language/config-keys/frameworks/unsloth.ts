import { flag } from '../readers.js';
import { borrowed, noEffect, reads, shared, unmodelled, type Framework, optionsOnce } from './option.js';
import { PEFT } from './peft.js';

/**
 * Unsloth's keyword arguments (unslothai/unsloth 015bdef, Aug 2026: unsloth/models/loader.py
 * `FastLanguageModel.from_pretrained` / `FastModel.from_pretrained`, unsloth/models/llama.py
 * `get_peft_model`). The LoRA ones are PEFT's LoraConfig fields, read as peft.ts reads them.
 *
 * With `fast_inference=True` Unsloth starts vLLM inside the training process for GRPO rollouts,
 * and `gpu_memory_utilization` is vLLM's share of the training GPU, not a server's: said as not
 * modelled. `load_in_16bit` trains LoRA on the 16-bit base (Unsloth's default is 4-bit).
 */
const LOADER = 'unslothai/unsloth 015bdef unsloth/models/loader.py FastLanguageModel.from_pretrained';
const PEFT_CALL = 'unslothai/unsloth 015bdef unsloth/models/llama.py get_peft_model';

export const UNSLOTH: Framework = {
  id: 'unsloth',
  name: 'Unsloth',
  source: `${LOADER}; ${PEFT_CALL}`,
  named: /unsloth|fastlanguagemodel|fastvisionmodel|\bfastmodel\b/,
  get options() {
    return optionsOnce(this, () => [
      ...shared('model_name max_seq_length dtype load_in_4bit load_in_8bit full_finetuning device_map use_gradient_checkpointing trust_remote_code disable_log_stats', LOADER),
      ...shared('r target_modules lora_alpha lora_dropout bias', PEFT_CALL),
      ...borrowed(PEFT, 'layers_to_transform layers_pattern use_rslora modules_to_save init_lora_weights loftq_config target_parameters ensure_weight_tying', PEFT_CALL),
      reads('load_in_16bit', flag('lora'), LOADER),
      reads('load_in_fp8', flag('fp8 weights'), LOADER),
      unmodelled(['fast_inference', 'gpu_memory_utilization', 'float8_kv_cache'], "vLLM inside the training process for the rollouts: its share of the GPU and its KV cache are not in the estimate", ['hardware'], LOADER),
      unmodelled('offload_embedding', 'the embeddings offloaded to the CPU', ['offload'], LOADER),
      unmodelled('float32_mixed_precision', 'mixed precision over fp32 compute for some layers', ['precision'], LOADER),
      unmodelled('qat_scheme', 'quantization-aware training', ['precision'], LOADER),
      unmodelled('unsloth_tiled_mlp', "the MLP's activations in tiles along the sequence", ['seq'], LOADER),
      unmodelled('finetune_last_n_layers', 'adapters on the last layers only', ['lora'], PEFT_CALL),
      ...noEffect('rope_scaling token fix_tokenizer resize_model_vocab revision use_exact_model_name max_lora_rank random_state text_only return_logits fullgraph auto_model whisper_language whisper_task unsloth_force_compile', LOADER),
      ...noEffect('temporary_location', PEFT_CALL),
    ]);
  },
};
