import { ggufPath } from '../gguf-path.js';
import { noneEach, reads, shared, unmodelled, type Engine, optionsOnce } from './types.js';

/**
 * KTransformers: the server's flags (ktransformers/server/args.py `ArgumentParser`) and local_chat's
 * arguments (ktransformers/local_chat.py), read at kvcache-ai/ktransformers main (Aug 2026,
 * archive/ktransformers/). Its optimize rules place the MoE experts on the CPU, which the estimate
 * does not model: the whole model is sized on the GPU.
 */
export const KTRANSFORMERS: Engine = {
  id: 'ktransformers',
  name: 'KTransformers',
  named: /ktransformers|kvcache-ai/i,
  source: 'kvcache-ai/ktransformers archive/ktransformers/server/args.py, local_chat.py (main, Aug 2026)',
  says: 'inference',
  get options() {
    return optionsOnce(this, () => [
      // The tokens its static KV cache is allocated for (args.py: gpu_memory_size = cache_lens × …).
      shared('--cache_lens'),
      shared('--max_new_tokens'),
      shared('--model_path'),
      shared('--model_name'),
      shared('--model_dir'),
      shared('--tp'),
      // The GGUF folder's quant type is the weight format (config-keys/gguf-path.ts).
      reads(ggufPath, '--gguf_path'),
      unmodelled('which modules run on the GPU and which on the CPU (MoE experts on the CPU)', 'weights', '--optimize_config_path'),
      unmodelled('prompt tokens per prefill chunk', 'activations', '--chunk_size'),
      unmodelled('the requests the balance_serve backend batches', 'batch', '--max_batch_size'),
      unmodelled("the share of the GPU's free memory balance_serve's KV cache takes", 'kv cache', '--utilization_percentage'),
      unmodelled('the KV cache kept on the GPU only', 'kv cache', '--memory_gpu_only'),
      ...noneEach(`--host --port --api_key --ssl_keyfile --ssl_certfile --web --architectures
        --cpu_infer --backend_type --length --no_flash_attn --low_mem --use_cuda_graph --page_size --force_think --mode
        --temperature --top_k --top_p --repetition_penalty --log_dir --log_file --log_level --backup_count --db_type
        --db_host --db_port --db_name --db_pool_size --db_database --user_secret_key --user_algorithm --prompt_file
        --sched_strategy --sched_port --sched_metrics_port --web_cross_domain --file_upload_dir --assistant_store_dir`),
    ]);
  },
};
