import { languageModelOnly, limitMmPerPrompt, oneModalityLimit, skipMmProfiling } from '../vllm-multimodal.js';
import { reads, shared, none, noneEach, unmodelled, unmodelledSwitch, unmodelledWhen, type Engine, optionsOnce } from './types.js';

/**
 * vLLM's options: EngineArgs (vllm/engine/arg_utils.py, the dataclass's fields and `add_cli_args`,
 * v0.7.x, commit 001999d), which `vllm serve` takes as flags and `LLM(...)` as keyword arguments;
 * the OpenAI server's own flags (vllm/entrypoints/openai/cli_args.py, same release); and the
 * environment variables of vllm/envs.py that change what is allocated.
 */
export const VLLM: Engine = {
  id: 'vllm',
  name: 'vLLM',
  named: /(?<![\w-])vllm(?![\w-])|python -m vllm|from vllm import/i,
  source: 'vllm-project/vllm v0.7.x vllm/engine/arg_utils.py EngineArgs, vllm/entrypoints/openai/cli_args.py, vllm/envs.py',
  says: 'serve',
  get options() {
    return optionsOnce(this, () => [
      // The model, its precision, its length: the facts the estimate starts from.
      shared('--model'),
      shared('--dtype'),
      shared('--kv-cache-dtype'),
      shared('--max-model-len'),
      shared('--quantization'),
      // Parallelism and the serving budget (CacheConfig, ParallelConfig, SchedulerConfig).
      shared('--tensor-parallel-size', '-tp'),
      shared('--pipeline-parallel-size', '-pp'),
      shared('--gpu-memory-utilization'),
      shared('--max-num-batched-tokens'),
      shared('--max-num-seqs'),
      shared('--enforce-eager'),
      shared('VLLM_USE_V1'),
      // Weights kept in CPU memory and streamed in: the GPU holds fewer weights than the estimate says.
      shared('--cpu-offload-gb'),
      // A fixed count of KV blocks in place of what the profile run leaves.
      unmodelled('a fixed number of KV blocks instead of what the budget leaves', 'kv cache', '--num-gpu-blocks-override'),
      // LoRA adapters served beside the base model: slots for max_loras adapters of max_lora_rank each (vllm/lora/).
      unmodelledSwitch("LoRA adapters' slots on the GPU beside the base model", 'weights', '--enable-lora'),
      unmodelled("LoRA adapters' slots on the GPU beside the base model", 'weights', '--max-loras'),
      unmodelled("LoRA adapters' slots on the GPU beside the base model", 'weights', '--max-lora-rank'),
      unmodelled("LoRA adapters' slots on the GPU beside the base model", 'weights', '--lora-modules'),
      unmodelled("LoRA adapters' extra vocabulary rows", 'weights', '--lora-extra-vocab-size'),
      unmodelledSwitch('LoRA biases kept beside the adapters', 'weights', '--enable-lora-bias'),
      unmodelledSwitch('LoRA adapters sharded over the tensor-parallel GPUs', 'weights', '--fully-sharded-loras'),
      unmodelled('the LoRA slots held in this dtype', 'weights', '--lora-dtype'),
      unmodelled('LongLoRA scaling factors (a longer rotary cache per factor)', 'weights', '--long-lora-scaling-factors'),
      unmodelled('a QLoRA adapter loaded with bitsandbytes weights', 'weights', '--qlora-adapter-name-or-path'),
      unmodelledSwitch("prompt adapters' slots on the GPU", 'weights', '--enable-prompt-adapter'),
      unmodelled("prompt adapters' slots on the GPU", 'weights', '--max-prompt-adapters'),
      unmodelled("prompt adapters' slots on the GPU", 'weights', '--max-prompt-adapter-token'),
      unmodelled("prompt adapters' slots on the GPU", 'weights', '--prompt-adapters'),
      // Speculative decoding: a draft model's weights and its own KV cache on the same GPUs.
      unmodelled("a draft model's weights and KV cache beside the target's", 'weights', '--speculative-model'),
      unmodelled("the draft model's quantisation", 'weights', '--speculative-model-quantization'),
      unmodelled("the draft model's tensor-parallel size", 'weights', '--speculative-draft-tensor-parallel-size'),
      unmodelled('tokens proposed per step (the target scores that many more per sequence)', 'activations', '--num-speculative-tokens'),
      unmodelled("the draft model's length cap", 'kv cache', '--speculative-max-model-len'),
      // The profile run's encoder input (memory/vllm-encoder-profile.ts): which modality, how many items,
      // or none (--skip-mm-profiling; vllm/config/multimodal.py, read at main, 2026).
      reads(limitMmPerPrompt, '--limit-mm-per-prompt'),
      reads(oneModalityLimit('image'), '--limit-mm-per-prompt.image'),
      reads(oneModalityLimit('video'), '--limit-mm-per-prompt.video'),
      reads(skipMmProfiling, '--skip-mm-profiling'),
      reads(languageModelOnly, '--language-model-only'),
      // torch.compile and CUDA graph capture sizes: the graph pool (its default sizes are modelled).
      unmodelled('the capture sizes of the CUDA graphs (their pool)', 'peak', '--compilation-config'),
      // A pooling model (embed, score, classify) keeps no KV cache for generation.
      unmodelledWhen((v) => /^(?:embed|embedding|score|classify|reward|pooling)$/.test(v), 'a pooling task keeps no KV cache for generation', 'kv cache', '--task'),
      // No memory effect on the GPU: paths, names, tokenizer, logging, scheduling, the server's sockets (--served-model-name is
      // read as weak model evidence by config-keys/models.ts servedName).
      ...noneEach(`--tokenizer --skip-tokenizer-init --tokenizer-mode --intial-incremental-detokenization-offset
        --trust-remote-code --allowed-local-media-path --download-dir --load-format --config-format --seed
        --distributed-executor-backend --worker-use-ray --max-parallel-loading-workers --ray-workers-use-nsight
        --block-size --enable-prefix-caching --no-enable-prefix-caching --disable-sliding-window --use-v2-block-manager
        --swap-space --max-logprobs --disable-log-stats --revision --code-revision --tokenizer-revision
        --rope-scaling --rope-theta --hf-overrides --max-seq-len-to-capture --disable-custom-all-reduce
        --tokenizer-pool-size --tokenizer-pool-type --tokenizer-pool-extra-config --mm-processor-kwargs
        --disable-mm-preprocessor-cache --max-cpu-loras --device --num-scheduler-steps --multi-step-stream-outputs
        --num-lookahead-slots --model-loader-extra-config --ignore-patterns --preemption-mode --scheduler-delay-factor
        --enable-chunked-prefill --guided-decoding-backend --logits-processor-pattern --speculative-disable-mqa-scorer
        --speculative-disable-by-batch-size --ngram-prompt-lookup-max --ngram-prompt-lookup-min
        --spec-decoding-acceptance-method --typical-acceptance-sampler-posterior-threshold
        --typical-acceptance-sampler-posterior-alpha --disable-logprobs-during-spec-decoding --otlp-traces-endpoint
        --collect-detailed-traces --disable-async-output-proc --scheduling-policy --override-neuron-config
        --override-pooler-config --worker-cls --kv-transfer-config --generation-config --override-generation-config
        --enable-sleep-mode --model-impl --calculate-kv-scales`),
      // The OpenAI-compatible server (vllm/entrypoints/openai/cli_args.py).
      ...noneEach(`--host --port --uvicorn-log-level --allow-credentials --allowed-origins --allowed-methods --allowed-headers
        --api-key --chat-template --chat-template-content-format --response-role --ssl-keyfile --ssl-certfile
        --ssl-ca-certs --ssl-cert-reqs --root-path --middleware --return-tokens-as-token-ids
        --disable-frontend-multiprocessing --enable-request-id-headers --enable-auto-tool-choice --tool-call-parser
        --tool-parser-plugin --disable-log-requests --max-log-len --disable-fastapi-docs --enable-prompt-tokens-details`),
      // vllm/envs.py: the attention backend and the worker start method allocate nothing the estimate sizes.
      none('VLLM_ATTENTION_BACKEND'),
      none('VLLM_WORKER_MULTIPROC_METHOD'),
      none('VLLM_ALLOW_LONG_MAX_MODEL_LEN'),
    ]);
  },
};
