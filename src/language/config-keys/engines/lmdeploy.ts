import { numeric } from '../readers.js';
import { IGNORE, isTrue, say, unquote, type Handler } from '../values.js';
import { none, noneEach, reads, shared, unmodelled, unmodelledWhen, type Engine, optionsOnce } from './types.js';

/**
 * --model-format (TurbomindEngineConfig.model_format): the checkpoint's format. awq and gptq are
 * 4-bit weights; hf and llama are the model as stored; fp8 weights are 8-bit.
 */
const modelFormat: Handler = (v) => {
  const format = unquote(v).toLowerCase();
  if (format === 'awq' || format === 'gptq') return say(`lmdeploy ${format}`);
  if (format === 'fp8') return say('lmdeploy fp8');
  return IGNORE;
};

/** --max-batch-size N: the scheduler's cap, said with the engine ("lmdeploy max seqs 64"). */
const maxBatchSize: Handler = (v, ctx) => {
  const r = numeric('max seqs')(v, ctx);
  return r !== null && 'say' in r ? { ...r, say: `lmdeploy ${r.say}` } : r;
};

/** --eager-mode (a bare switch, or eager_mode=True): no CUDA graphs, as vLLM's --enforce-eager. */
const eagerMode: Handler = (v) => (unquote(v) === '' || isTrue(v) ? say('lmdeploy enforce eager') : IGNORE);

/**
 * lmdeploy's options: TurbomindEngineConfig and PytorchEngineConfig (lmdeploy/messages.py) and
 * the flags of `lmdeploy serve api_server` / `lmdeploy chat` (lmdeploy/cli/utils.py, serve.py),
 * read at InternLM/lmdeploy v0.16.0. Its own keys (session_len, cache_max_entry_count, …) are
 * read by ../lmdeploy.ts with lmdeploy's meaning: cache_max_entry_count is a share of the memory
 * *free after the weights* (v0.2.2 on, messages.py's docstring), which memory/lmdeploy.ts models
 * as such, not as vLLM's share of the card.
 */
export const LMDEPLOY: Engine = {
  id: 'lmdeploy',
  name: 'lmdeploy',
  named: /lmdeploy|turbomind/i,
  source: 'InternLM/lmdeploy v0.16.0 lmdeploy/messages.py TurbomindEngineConfig, PytorchEngineConfig; lmdeploy/cli/utils.py, serve.py',
  says: 'lmdeploy',
  get options() {
    return optionsOnce(this, () => [
      shared('--session-len'),
      shared('--cache-max-entry-count'),
      shared('--max-prefill-token-num'),
      shared('--quant-policy'),
      shared('--cache-block-seq-len'),
      shared('--cache-chunk-size'),
      shared('instance_num'),
      shared('max_context_token_num'),
      // The most sequences run at once (messages.py: "the max batch size during inference. If it is not
      // specified, the engine will automatically set it according to the device"): a cap of the
      // scheduler, as vLLM's --max-num-seqs, not a batch every one of which holds a full session (the KV
      // blocks are cache_max_entry_count's share, whatever the cap). memory/lmdeploy.ts sizes TurboMind's
      // batch buffers from it. Read as "max seqs N", never a training micro-batch (c1783, c1635, c1664).
      reads(maxBatchSize, '--max-batch-size'),
      shared('--tp'),
      shared('--dtype'),
      reads(modelFormat, '--model-format'),
      unmodelledWhen((v) => v === 'pytorch', "the PyTorch engine's memory plan (TurboMind's is modelled)", 'kv cache', '--backend'),
      unmodelled('a fixed number of KV blocks instead of what the cache share leaves', 'kv cache', '--num-gpu-blocks'),
      unmodelled('tokens one TurboMind iteration takes (its forward buffers)', 'activations', '--num-tokens-per-iter'),
      unmodelled('prefill iterations one request is split into', 'activations', '--max-prefill-iters'),
      unmodelled('CUDA graphs captured for these batches (their pool)', 'peak', '--cudagraph-capture-batch-sizes'),
      // No CUDA graphs (PytorchEngineConfig.eager_mode): the switch vLLM spells --enforce-eager and SGLang
      // --disable-cuda-graph, read as the same item (InternLM/lmdeploy#3280, c395, had said it not modelled).
      reads(eagerMode, '--eager-mode'),
      unmodelled("LoRA adapters' weights beside the base model", 'weights', '--adapters'),
      // The MoE layers' experts split over this many GPUs (lmdeploy/cli/utils.py --ep): the item `ep N`.
      reads(numeric('ep'), '--ep'),
      unmodelled('the sequence split over context-parallel GPUs', 'parallelism', '--cp'),
      unmodelled("a draft model's weights and KV cache beside the target's", 'weights', '--speculative-algorithm'),
      unmodelled("a draft model's weights and KV cache beside the target's", 'weights', '--speculative-draft-model'),
      unmodelled('draft tokens verified per step', 'activations', '--speculative-num-draft-tokens'),
      unmodelled("the vision encoder's batch (its activations)", 'activations', '--vision-max-batch-size'),
      unmodelled('RoPE scaling: the served length beyond the trained one', 'seq', '--rope-scaling-factor'),
      // Data parallelism runs whole replicas: each GPU holds what one replica's does.
      none('--dp'),
      ...noneEach(`--server-name --server-port --allow-origins --allow-credentials --allow-methods --allow-headers --api-keys
        --ssl --log-level --max-log-len --chat-template --model-name --download-dir --revision --trust-remote-code
        --tool-call-parser --reasoning-parser --disable-fastapi-docs --disable-metrics --enable-prefix-caching
        --communicator --max-concurrent-requests --nnodes --node-rank --dist-init-addr --dp-rank --enable-abort-handling
        --generation-config --hf-overrides --language-model-only --logprobs-mode --enable-return-routed-experts
        --temperature --top-p --top-k --repetition-penalty --stream-output --session-id --proxy-url --routing-strategy
        --serving-strategy --migration-backend --role --distributed-executor-backend --enable-microbatch --enable-eplb
        --allow-terminate-by-client --use-logn-attn --kernel-block-size --prefix-cache-state-budget
        --prefix-cache-decode-state-interval --allowed-media-domains --disable-cache-status --dllm-block-length
        --dllm-confidence-threshold --dllm-denoising-steps --dllm-unmasking-strategy --block-size`),
    ]);
  },
};
