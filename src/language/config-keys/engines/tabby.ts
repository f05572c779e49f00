import { numeric } from '../readers.js';
import { IGNORE, say, unquote, type Handler } from '../values.js';
import { none, noneEach, reads, saidUnmodelled, shared, unmodelled, unmodelledWhen, type Engine, optionsOnce } from './types.js';

const on = (v: string) => v === 'true' || v === '';

/**
 * cache_mode: FP16 (the default), or a quantised cache — the legacy Q8 / Q6 / Q4, or a `k_bits,v_bits`
 * pair from 2 to 8. 8-bit keys and values are sized as an 8-bit cache; fewer bits are not modelled.
 */
const cacheMode: Handler = (v, ctx) => {
  const mode = unquote(v).toLowerCase().replace(/\s+/g, '');
  if (mode === '' || mode === 'fp16') return IGNORE;
  if (mode === 'q8' || mode === '8,8') return say('inference kv fp8', `cache_mode ${unquote(v)} sized as an 8-bit KV cache`);
  return saidUnmodelled(TABBY, `${ctx.spelling ?? 'cache_mode'}: ${unquote(v)}`, 'a KV cache quantised below 8 bits', 'kv cache');
};

/**
 * TabbyAPI, the server that runs ExLlamaV2 / ExLlamaV3 models: the keys of its config.yml
 * (config_sample.yml, common/config_models.py; theroyallab/tabbyAPI main, Aug 2026). ExLlama's own
 * layout is not modelled: its weights are sized in Hugging Face's (serving.ts, `--loader exllamav2`).
 */
export const TABBY: Engine = {
  id: 'tabbyapi',
  name: 'TabbyAPI',
  named: /tabby[ -]?api|exllama|exl[23](?![\w])/i,
  source: 'theroyallab/tabbyAPI config_sample.yml, common/config_models.py (main, Aug 2026)',
  says: 'inference',
  get options() {
    return optionsOnce(this, () => [
      shared('model_name'),
      shared('model_dir'),
      shared('max_seq_len'),
      // ExLlama's own scripts (the webui, test_benchmark_inference.py, exllamav2's examples) take the length
      // as `--length` (turboderp/exllama model_init.py, turboderp/exllamav2 exllamav2/model_init.py:
      // add_argument("-l", "--length", type = int, help = "Maximum sequence length"); the short `-l` is not
      // read, one letter being too common a flag): "python exllama/webui/app.py … --gpu_split 23,23,23,23
      // --length 8192 -cpe 4" (corpus c356) runs 8192 tokens.
      reads(numeric('seq'), 'length'),
      // ExLlama's gpu_split: GB of layers per GPU (parallelism.ts reads it as a layer split).
      shared('gpu_split'),
      reads(cacheMode, 'cache_mode'),
      // cache_size: the KV cache in tokens, shared by every job of the batch (default max_seq_len).
      unmodelled('a KV cache of that many tokens, shared by the running jobs', 'kv cache', 'cache_size'),
      unmodelled('the most jobs generating at once (32 by default), sharing the cache', 'batch', 'max_batch_size'),
      unmodelled("prompt tokens ingested per step (ExLlama's forward buffers)", 'activations', 'chunk_size'),
      unmodelledWhen(on, 'tensor parallelism over the GPUs gpu_split lists', 'parallelism', 'tensor_parallel'),
      unmodelled('VRAM kept free on each GPU by the autosplit', 'peak', 'autosplit_reserve'),
      unmodelled("the MoE layers whose experts run on the CPU", 'weights', 'cpu_moe_offload_layers'),
      unmodelledWhen(on, "the vision tower's weights beside the language model", 'weights', 'vision'),
      unmodelled("a draft model's weights and KV cache beside the target's", 'weights', 'draft_model_name'),
      unmodelled("the draft model's KV cache precision", 'kv cache', 'draft_cache_mode'),
      unmodelled("the draft model's split over the GPUs", 'parallelism', 'draft_gpu_split'),
      unmodelled("LoRA adapters' weights beside the model", 'weights', 'loras'),
      // System memory, not the GPU's: a second-tier KV cache and the recurrent cache.
      none('sysmem_kv_cache'),
      none('sysmem_recurrent_cache'),
      ...noneEach(`host port disable_auth disable_fetch_requests send_tracebacks api_servers sse_ping_interval log_prompt
        log_generation_params log_requests log_chat_completion_requests inline_model_loading use_dummy_models
        dummy_model_names use_as_default backend gpu_split_auto rope_scale rope_alpha output_chunking prompt_template
        template_vars_default template_vars_force reasoning reasoning_start_token reasoning_end_token start_in_reasoning
        tool_calls_in_reasoning reasoning_budget_tokens reasoning_budget_message tool_format draft_mode draft_model_dir
        draft_rope_scale draft_rope_alpha draft_num_tokens dynamic_draft ngram_match_min override_preset lora_dir
        embedding_model_dir embeddings_device embedding_model_name cuda_malloc_async unsafe_launch
        disable_request_streaming realtime_process_priority override_base_seq_len fasttensors`),
    ]);
  },
};
