import { flag } from '../readers.js';
import { optimizer } from '../optimizer.js';
import { IGNORE, isTrue, unquote, type Handler } from '../values.js';
import { noEffect, reads, shared, unmodelled, type Framework, optionsOnce } from './option.js';

/**
 * DeepSpeed's config JSON (deepspeedai/DeepSpeed v0.19.5+27: deepspeed/runtime/constants.py,
 * runtime/zero/config.py `DeepSpeedZeroConfig`, runtime/zero/offload_config.py,
 * runtime/precision_config.py, runtime/activation_checkpointing/config.py). Nested keys reach the
 * reader one `key: value` a line under their parent block (prepare.ts).
 *
 * The estimate models ZeRO's stage, its offload of the optimizer and the parameters, bf16/fp16
 * with fp32 master weights, and ZeRO-3's buckets at their defaults (presets.ts:
 * stage3_prefetch_bucket_size 5e7, reduce_bucket_size 5e8): a bucket, threshold or partitioning
 * setting changed from its default is said as not modelled, the sharding fact weak.
 */
const SOURCE = 'deepspeedai/DeepSpeed v0.19.5 deepspeed/runtime/zero/config.py';
const TOP = 'deepspeedai/DeepSpeed v0.19.5 deepspeed/runtime/constants.py';
const OFFLOAD = 'deepspeedai/DeepSpeed v0.19.5 deepspeed/runtime/zero/offload_config.py';
const PRECISION = 'deepspeedai/DeepSpeed v0.19.5 deepspeed/runtime/precision_config.py';
const CHECKPOINTING = 'deepspeedai/DeepSpeed v0.19.5 deepspeed/runtime/activation_checkpointing/config.py';

/**
 * `"optimizer": {"type": "AdamW"}`: the optimizer's name; a `type` under another block is not ours.
 * DeepSpeed's "Adam" runs AdamW's decoupled weight decay unless `adam_w_mode` is false
 * (runtime/config.py ADAM_W_MODE_DEFAULT = True; runtime/engine.py _configure_basic_optimizer:
 * "Optimizer name of Adam forces AdamW logic unless adam_w_mode is explicitly set"; c847).
 */
const optimizerType: Handler = (v, ctx) => {
  if (ctx.parent !== 'optimizer') return IGNORE;
  const adamWMode = ctx.values?.get('adam_w_mode');
  if (/^adam$/.test(unquote(v)) && (adamWMode === undefined || isTrue(adamWMode))) return optimizer('adamw', ctx);
  return optimizer(v, ctx);
};

const BUCKETS = "ZeRO's communication buckets and prefetch set from their defaults";

export const DEEPSPEED: Framework = {
  id: 'deepspeed',
  name: 'DeepSpeed config',
  source: `${SOURCE}; ${TOP}; ${OFFLOAD}; ${PRECISION}; ${CHECKPOINTING}`,
  named: /deepspeed|zero_optimization|ds_config|train_micro_batch_size_per_gpu/,
  get options() {
    return optionsOnce(this, () => [
      ...shared('train_batch_size train_micro_batch_size_per_gpu gradient_accumulation_steps optimizer fp16 bf16 zero_optimization stage offload_optimizer offload_param activation_checkpointing cpu_offload device enabled pin_memory weight_decay lr', TOP),
      reads('type', optimizerType, TOP),
      reads('cpu_offload_param', flag('offload params'), SOURCE),
      reads('cpu_checkpointing', flag('offloaded activations'), CHECKPOINTING),
      unmodelled(
        [
          'reduce_bucket_size', 'allgather_bucket_size', 'overlap_comm', 'sub_group_size', 'stage3_prefetch_bucket_size', 'prefetch_bucket_size', 'stage3_param_persistence_threshold', 'param_persistence_threshold', 'model_persistence_threshold', 'stage3_max_live_parameters', 'max_live_parameters', 'stage3_max_reuse_distance', 'max_reuse_distance',
        ],
        BUCKETS,
        ['sharding'],
        SOURCE,
      ),
      unmodelled(['stage3_gather_16bit_weights_on_model_save', 'gather_16bit_weights_on_model_save', 'stage3_gather_fp16_weights_on_model_save'], 'the whole 16-bit model gathered on one GPU when saving', ['sharding'], SOURCE),
      unmodelled(['zero_hpz_partition_size', 'mics_shard_size', 'mics_hierarchical_params_gather'], 'ZeRO++ / MiCS: the weights sharded over a smaller group (a secondary copy per group)', ['sharding'], SOURCE),
      unmodelled(['zero_quantized_weights', 'zero_quantized_nontrainable_weights', 'zero_quantized_gradients', 'zeropp_loco_param'], "ZeRO++'s quantized communication buffers", ['sharding'], SOURCE),
      unmodelled(['zenflow', 'super_offload', 'ratio'], 'a partial or overlapped optimizer offload', ['offload'], OFFLOAD),
      unmodelled(['bf16_master_weights_and_grads', 'bf16_optimizer_states', 'fp16_master_weights_and_grads'], 'master weights, gradients or optimizer states kept in 16 bits (the estimate keeps them in fp32)', ['precision'], PRECISION),
      unmodelled(['data_types', 'grad_accum_dtype'], 'the dtype of the accumulated gradients', ['precision'], TOP),
      unmodelled(['amp', 'torch_autocast'], "apex AMP or torch autocast under DeepSpeed in place of its own bf16/fp16 engine", ['precision'], TOP),
      unmodelled('partition_activations', 'activation checkpoints split over the model-parallel GPUs', ['recompute'], CHECKPOINTING),
      unmodelled('sparse_attention', "DeepSpeed's block-sparse attention", [], TOP),
      // Logging, schedules, loss scaling, gradient clipping, the NVMe paths and buffers of an offload
      // already read, the checkpoint's layout, and sanity switches.
      ...noEffect(
        'scheduler zero_allow_untested_optimizer steps_per_print wall_clock_breakdown gradient_clipping prescale_gradients gradient_predivide_factor communication_data_type flops_profiler tensorboard wandb csv_monitor comms_logger aio elasticity checkpoint zero_force_ds_cpu_optimizer dump_state params betas eps torch_adam adam_w_mode',
        TOP,
      ),
      ...noEffect(
        'contiguous_gradients reduce_scatter allgather_partitions load_from_fp32_weights elastic_checkpoint round_robin_gradients cpu_offload_use_pin_memory ignore_unused_parameters legacy_stage1 use_multi_rank_bucket_allreduce memory_efficient_linear pipeline_loading_checkpoint override_module_apply log_trace_cache_warnings enable_sanity_checks module_granularity_threshold use_all_reduce_for_fetch_params allgather_sequential leaf_module',
        SOURCE,
      ),
      ...noEffect('nvme_path buffer_count buffer_size max_in_cpu pipeline_read pipeline_write fast_init cpuadam_cores_perc', OFFLOAD),
      ...noEffect('loss_scale initial_scale_power loss_scale_window hysteresis consecutive_hysteresis min_loss_scale auto_cast immediate_grad_update check_grad_overflow', PRECISION),
      ...noEffect('contiguous_memory_optimization number_checkpoints synchronize_checkpoint_boundary profile', CHECKPOINTING),
    ]);
  },
};
