import { numeric, serving } from '../readers.js';
import { none, noneEach, reads, shared, unmodelled, type Engine, optionsOnce } from './types.js';

/**
 * DeepSpeed-MII: the keyword arguments of `mii.serve(…)` / `mii.pipeline(…)`, the fields of
 * `ModelConfig` and `MIIConfig` (mii/config.py, microsoft/DeepSpeed-MII commit 6628d0c, read from
 * the repository now at deepspeedai/DeepSpeed-MII). tensor_parallel defaults to WORLD_SIZE, else 1:
 * without it the whole model sits on one GPU per replica (scenario/mii-replicas.ts); the FastGen
 * engine then gives its KV blocks what is free less a 1 GB reserve (memory/mii.ts).
 */
export const MII: Engine = {
  id: 'mii',
  name: 'DeepSpeed-MII',
  named: /deepspeed[-_ ]mii|(?<![\w-])mii(?![\w-])|fastgen/i,
  source: 'microsoft/DeepSpeed-MII mii/config.py ModelConfig, MIIConfig (commit 6628d0c)',
  says: 'mii',
  get options() {
    return optionsOnce(this, () => [
      shared('model_name_or_path'),
      // How many GPUs one replica shards the model over.
      reads(serving(numeric('tp')), 'tensor_parallel'),
      // "The maximum number of tokens DeepSpeed-Inference can work with, including the input and output tokens."
      reads(numeric('seq'), 'max_length'),
      unmodelled("weight-only quantisation (wf6af16: FP6 weights)", 'weights', 'quantization_mode'),
      unmodelled("the ragged engine's own settings (its KV memory config, batch limits)", 'kv cache', 'inference_engine_config'),
      // Replicas run on other GPUs, each with the same memory; device_map names which GPUs (not a layer split).
      none('replica_num'),
      none('device_map'),
      ...noneEach(`tokenizer task torch_dist_port zmq_port_number replica_configs sync_debug profile_model_time
        deployment_name deployment_type port_number enable_restful_api restful_api_host restful_api_port
        restful_processes hostfile version`),
    ]);
  },
};
