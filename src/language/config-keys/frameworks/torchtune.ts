import { flag } from '../readers.js';
import { IGNORE, isTrue, numberOf, say, type Handler } from '../values.js';
import { ACCELERATE } from './accelerate.js';
import { borrowed, noEffect, reads, shared, unmodelled, type Framework, optionsOnce } from './option.js';
import { PEFT } from './peft.js';

/**
 * torchtune's recipe configs (meta-pytorch/torchtune bd2a0fc, v0.6.0+220: the `cfg` keys its
 * recipes read in recipes/lora_finetune_single_device.py, lora_finetune_distributed.py,
 * full_finetune_single_device.py, full_finetune_distributed.py; the model builders' LoRA fields).
 *
 * fsdp_cpu_offload offloads the parameters, gradients and optimizer states (FSDP2's
 * CPUOffloadPolicy); optimizer_in_bwd steps each parameter in backward, so no whole set of
 * gradients is held, not modelled; quantize_base is the QLoRA builders' NF4 base.
 */
const SOURCE = 'meta-pytorch/torchtune v0.6.0 recipes/{lora,full}_finetune_{single_device,distributed}.py';

const dim =
  (word: 'tp' | 'cp'): Handler =>
  (v) => {
    const n = numberOf(v);
    return Number.isInteger(n) && n > 1 ? say(`${word} ${n}`) : IGNORE;
  };

/** Checkpointing with activation offloading on is offloaded checkpointing, read at the offloading key. */
const checkpointing: Handler = (v, ctx) => (isTrue(ctx.values?.get('enable_activation_offloading') ?? '') ? IGNORE : flag('gc', 'no gc')(v, ctx));

export const TORCHTUNE: Framework = {
  id: 'torchtune',
  name: 'torchtune recipes',
  source: SOURCE,
  named: /torchtune|\btune run\b/,
  get options() {
    return optionsOnce(this, () => [
      ...shared(
        'batch_size compile device dtype gradient_accumulation_steps loss lr_scheduler model optimizer output_dir resume_from_checkpoint max_seq_len lora_rank lora_alpha lora_dropout lora_attn_modules apply_lora_to_mlp apply_lora_to_output _component_ packed dataset epochs seed shuffle tokenizer',
        SOURCE,
      ),
      ...borrowed(ACCELERATE, 'fsdp_reshard_after_forward', SOURCE),
      ...borrowed(PEFT, 'use_dora', SOURCE),
      reads('enable_activation_checkpointing', checkpointing, SOURCE),
      reads('enable_activation_offloading', flag('offloaded activations'), SOURCE),
      reads('fsdp_cpu_offload', flag('offload params offload optimizer'), SOURCE),
      reads('quantize_base', flag('qlora'), SOURCE),
      reads('tensor_parallel_dim', dim('tp'), SOURCE),
      reads('context_parallel_dim', dim('cp'), SOURCE),
      unmodelled('optimizer_in_bwd', 'the optimizer steps each parameter during backward: no whole set of gradients is held', ['optimizer'], SOURCE),
      unmodelled(['data_parallel_shard_dim', 'data_parallel_replicate_dim'], 'FSDP over a group of GPUs, replicated across groups (HSDP)', ['sharding'], SOURCE),
      unmodelled(['ac_mode', 'ac_option'], 'selective activation checkpointing (some layers or ops)', ['recompute'], SOURCE),
      unmodelled(['enable_fp8_training', 'fp8_recipe_name'], 'FP8 training', ['precision'], SOURCE),
      ...noEffect(
        'log_level batch_size_val checkpointer clip_grad_norm collate_fn cudnn_deterministic_mode custom_sharded_layers dataset_val enable_async_checkpointing log_every_n_steps log_peak_memory_stats low_cpu_ram max_steps_per_epoch metric_logger profile_memory profiler resize_token_embeddings run_val_every_n_steps save_adapter_weights_only save_every_n_steps tensor_parallel_plan activation_offloading_use_streams',
        SOURCE,
      ),
    ]);
  },
};
