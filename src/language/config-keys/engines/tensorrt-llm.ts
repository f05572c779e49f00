import { numeric, serving } from '../readers.js';
import { unquote, type Handler } from '../values.js';
import { none, noneEach, reads, shared, unmodelled, type Engine, optionsOnce } from './types.js';

/**
 * `--max_batch_size` / `max_batch_size`, whether the engine is being built (trtllm-build, the examples' build.py, an
 * engine's builder_config) or run (trtllm-serve, trtllm-bench, the LLM API): "the maximum number of requests that the
 * engine can schedule" (TensorRT-LLM docs, "Tuning max batch size and max num tokens"), a cap of the sequences in
 * flight, as vLLM's --max-num-seqs; never a training micro-batch (NVIDIA/TensorRT-LLM#3486, c2537: trtllm-bench's
 * `--max_batch_size 32` read as micro-batch 32). A build's cap is the same cap, what the engine was built to schedule:
 * the corpus writes it `max seqs N` since audit3 (c375 c382 c730 c835 c860 c1334 c1937 c1995 c2024 c2175 c2267 c2828
 * c3068), where the builds had been read as a batch of N full sequences (rbatch1, the batch slot's evidence model in
 * docs/reading.md "The batch slot": a serving cap never fills the micro-batch).
 */
const maxBatchSize: Handler = serving(numeric('max seqs'));

/**
 * The examples' build.py options (before trtllm-build: examples/llama/build.py, examples/qwen/build.py) that no
 * other program the reader knows has: a build with them is a TensorRT-LLM engine, whatever the script is called.
 * "python build.py --hf_model_dir …Qwen-7B-Chat-Int4… --use_gpt_attention_plugin bfloat16 --enable_context_fmha
 * --use_gemm_plugin bfloat16" (NVIDIA/TensorRT-LLM#921, c2885) had read as Hugging Face generate. Weak (said with the
 * flag): a thread may name the flag to ask about it.
 */
const BUILD_SCRIPT_ONLY_FLAGS = ['--use_gpt_attention_plugin', '--use_gemm_plugin', '--enable_context_fmha', '--remove_input_padding'];
/** The plugins' dtype (`--use_gpt_attention_plugin float16`) is the precision the engine is built in, as the key tables had read the bare value. */
const PLUGIN_DTYPES: Record<string, string> = { float16: 'fp16', fp16: 'fp16', bfloat16: 'bf16', bf16: 'bf16' };
const namesTensorrtLlm: Handler = (v, ctx) => {
  const dtype = PLUGIN_DTYPES[unquote(v).toLowerCase()];
  return { say: dtype ? `tensorrt-llm ${dtype}` : 'tensorrt-llm', note: `${ctx.current ?? 'the flag'} is an option only TensorRT-LLM's engine build has: read as TensorRT-LLM`, weak: true };
};

/**
 * TensorRT-LLM's runtime options: `trtllm-serve` (tensorrt_llm/commands/serve.py), `trtllm-bench … throughput|latency`
 * (tensorrt_llm/bench/benchmark/throughput.py, utils/general.py) and the LLM API's keyword arguments
 * (tensorrt_llm/llmapi/llm_args.py: tensor_parallel_size, moe_expert_parallel_size, max_batch_size, max_num_tokens).
 * Its build (`trtllm-build`) is read by the key tables and config-keys/engine-build.ts.
 */
export const TENSORRT_LLM: Engine = {
  id: 'tensorrt-llm',
  name: 'TensorRT-LLM',
  named: /tensorrt[-_ ]?llm|trt[-_]?llm(?![\w])|trtllm-(?:serve|bench|build|llmapi-launch)/i,
  source: 'NVIDIA/TensorRT-LLM tensorrt_llm/commands/serve.py, tensorrt_llm/bench/benchmark/throughput.py, tensorrt_llm/llmapi/llm_args.py (2025)',
  says: 'tensorrt-llm',
  get options() {
    return optionsOnce(this, () => [
      shared('--model'),
      // Attention's tensor-parallel size, the MoE layers' expert-parallel size (experts split over that many GPUs).
      reads(serving(numeric('tp')), '--tp', '--tp_size', 'tensor_parallel_size'),
      reads(serving(numeric('ep')), '--ep', '--ep_size', 'moe_expert_parallel_size'),
      reads(serving(numeric('pp')), '--pp', '--pp_size', 'pipeline_parallel_size'),
      reads(maxBatchSize, '--max_batch_size', 'max_batch_size'),
      // The tokens one scheduler step takes (its prefill chunk): the batched-token budget.
      reads(serving(numeric('batched tokens')), '--max_num_tokens', 'max_num_tokens'),
      shared('--max_seq_len', 'max_seq_len'),
      unmodelled('the KV cache given this share of the memory free after the weights load (not a share of the card)', 'kv cache', '--kv_cache_free_gpu_memory_fraction', '--kv_cache_free_gpu_mem_fraction', 'free_gpu_memory_fraction'),
      unmodelled('MoE layers split by tensor parallelism inside each expert-parallel group', 'parallelism', '--moe_tp_size', 'moe_tensor_parallel_size'),
      shared('--backend'),
      reads(namesTensorrtLlm, ...BUILD_SCRIPT_ONLY_FLAGS),
      // The benchmark's client: how many requests it sends and keeps in flight, not what the engine allocates.
      none('--concurrency'),
      none('--num_requests'),
      none('--dataset'),
      none('--extra_llm_api_options'),
      // --gpus_per_node is left to the key tables, which read it as TensorRT-LLM's cluster spec, no GPU count (b16-engine-world-size).
      ...noneEach(`--warmup --streaming --report_json --iteration_log --output_json --request_json --engine_dir --workspace
        --tokenizer --host --port --log_level --trust_remote_code --num_postprocess_workers --reasoning_parser
        --cluster_size --eos_id --modality --beam_width --target_input_len --target_output_len`),
    ]);
  },
};
