import { flag, gpuList } from '../readers.js';
import { COMPILE_NOTE } from '../savers.js';
import { IGNORE, isFalse, numberOf, say, unquote, type Handler } from '../values.js';
import { noEffect, reads, shared, unmodelled, type Framework, optionsOnce } from './option.js';

/**
 * accelerate's config YAML (huggingface/accelerate 16cb6eb, v1.x: src/accelerate/commands/config/
 * config_args.py `ClusterConfig`, and the nested keys cluster.py writes under fsdp_config,
 * deepspeed_config, megatron_lm_config, parallelism_config, dynamo_config, fp8_config).
 *
 * num_processes is the total over all machines (read as the GPUs); distributed_type FSDP shards
 * fully unless fsdp_sharding_strategy says otherwise; with FSDP2, `fsdp_reshard_after_forward:
 * false` keeps the gathered weights from forward to backward (SHARD_GRAD_OP).
 */
const SOURCE = 'huggingface/accelerate src/accelerate/commands/config/config_args.py, cluster.py (16cb6eb)';

/** distributed_type: FSDP is FULL_SHARD unless its strategy is given (the tables read that); the others are read by their own keys. */
const distributedType: Handler = (v, ctx) => {
  // MULTI_GPU is plain DistributedDataParallel: one full replica a GPU ("distributed_type: MULTI_GPU … accelerate
  // launch src/train_bash.py --finetuning_type full", hiyouga/LlamaFactory#713, c365: no DeepSpeed preset).
  // A --deepspeed flag beside it still wins (reconcile/sharding-evidence.ts lets this saying yield).
  // One process (`num_processes: 1`) replicates nothing: no sharding said.
  if (unquote(v).toLowerCase() === 'multi_gpu') return numberOf(ctx.values?.get('num_processes') ?? '') === 1 ? IGNORE : say('ddp', 'distributed_type MULTI_GPU: plain data parallel (DDP), a full replica on each GPU');
  if (unquote(v) !== 'fsdp') return IGNORE;
  return ['fsdp_sharding_strategy', 'fsdp_reshard_after_forward'].some((k) => ctx.keys.has(k)) ? IGNORE : say('fsdp', 'distributed_type FSDP: FULL_SHARD (accelerate\'s default)');
};

const reshardAfterForward: Handler = (v) => (isFalse(v) && unquote(v) !== '' ? say('fsdp shard grad op', 'fsdp_reshard_after_forward false: the gathered weights are kept until backward (SHARD_GRAD_OP)') : IGNORE);

const degree =
  (dim: 'tp' | 'pp' | 'cp'): Handler =>
  (v) => {
    const n = numberOf(v);
    return Number.isInteger(n) && n > 1 ? say(`${dim} ${n}`) : IGNORE;
  };

const compiled: Handler = (v) => (/^(?:no|none|null|false|)$/.test(unquote(v)) ? IGNORE : { ignore: true, note: COMPILE_NOTE });

export const ACCELERATE: Framework = {
  id: 'accelerate',
  name: 'accelerate config',
  source: SOURCE,
  named: /\baccelerate\b|distributed_type|compute_environment/,
  get options() {
    return optionsOnce(this, () => [
      ...shared(
        'mixed_precision num_processes deepspeed_config deepspeed_config_file fsdp_activation_checkpointing fsdp_offload_params fsdp_sharding_strategy gradient_accumulation_steps offload_optimizer_device offload_param_device zero_stage debug machine_rank',
        SOURCE,
      ),
      reads('distributed_type', distributedType, SOURCE),
      reads('fsdp_reshard_after_forward', reshardAfterForward, SOURCE),
      reads('megatron_lm_tp_degree', degree('tp'), SOURCE),
      reads('megatron_lm_pp_degree', degree('pp'), SOURCE),
      reads('megatron_lm_recompute_activations', flag('gc'), SOURCE),
      reads('parallelism_config_tp_size', degree('tp'), SOURCE),
      reads('parallelism_config_cp_size', degree('cp'), SOURCE),
      reads(['dynamo_config', 'dynamo_backend', 'dynamo_mode'], compiled, SOURCE),
      unmodelled(['parallelism_config_dp_shard_size', 'parallelism_config_dp_replicate_size'], 'FSDP over a group of GPUs, replicated across groups (HSDP)', ['sharding'], SOURCE),
      unmodelled(['fp8_config', 'fp8_format', 'enable_fsdp_float8_all_gather'], 'FP8 training (TransformerEngine / torchao)', ['precision'], SOURCE),
      // "gpu_ids: 0,1" / `--gpu_ids 0,1`: the devices the launch uses ("What GPUs (by id) should be used for training on
      // this machine"), a count as CUDA_VISIBLE_DEVICES's; `num_processes`, where stated, is the count that trains (s47 rhw5).
      reads('gpu_ids', gpuList, SOURCE),
      unmodelled('use_cpu', 'the run is on the CPU: no GPU memory', ['hardware'], SOURCE),
      unmodelled('zero3_save_16bit_model', 'the whole 16-bit model gathered when saving', ['sharding'], SOURCE),
      unmodelled(['megatron_lm_sequence_parallelism', 'megatron_lm_use_distributed_optimizer', 'megatron_lm_num_micro_batches'], "Megatron-LM's sequence parallelism, distributed optimizer and micro-batches under accelerate", ['parallel'], SOURCE),
      // Launch, networking, cloud and TPU settings, the wrap policy, prefetching, the checkpoint's
      // layout, and NVMe paths of an offload read already.
      ...noEffect(
        'fsdp_config parallelism_config fsdp_min_num_params fsdp_transformer_layer_cls_to_wrap gradient_clipping compute_environment num_machines main_process_ip main_process_port rdzv_backend same_network main_training_function enable_cpu_affinity megatron_lm_config megatron_lm_gradient_clipping mpirun_config mpirun_hostfile downcast_bf16 tpu_name tpu_zone tpu_use_cluster tpu_use_sudo command_file commands tpu_vm tpu_env dynamo_use_fullgraph dynamo_use_dynamic dynamo_use_regional_compilation deepspeed_exclusion_filter deepspeed_hostfile deepspeed_inclusion_filter deepspeed_moe_layer_cls_names deepspeed_multinode_launcher fsdp_auto_wrap_policy fsdp_backward_prefetch fsdp_cpu_ram_efficient_loading fsdp_forward_prefetch fsdp_state_dict_type fsdp_sync_module_states fsdp_use_orig_params fsdp_version offload_optimizer_nvme_path offload_param_nvme_path zero3_init_flag parallelism_config_cp_comm_strategy ec2_instance_type iam_role_name image_uri region base_job_name pytorch_version transformers_version py_version sagemaker_inputs_file sagemaker_metrics_file additional_args',
        SOURCE,
      ),
    ]);
  },
};
