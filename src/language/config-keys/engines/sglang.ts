import type { Handler } from '../values.js';
import { IGNORE, numberOf, say, unquote } from '../values.js';
import { none, noneEach, reads, shared, unmodelled, unmodelledWhen, type Engine, optionsOnce } from './types.js';
import { numeric, serving } from '../readers.js';

const on = (v: string) => v === 'true' || v === '';

/** `--enable-ep-moe` (SGLang before --ep-size): expert parallelism over the tensor-parallel GPUs, ep = tp. */
const epFromTp: Handler = (v, ctx) => {
  const tp = numberOf(ctx.values?.get('tp_size') ?? ctx.values?.get('tp') ?? ctx.values?.get('tensor_parallel_size') ?? '');
  return on(unquote(v)) && Number.isInteger(tp) && tp > 1 ? say(`serve ep ${tp}`) : IGNORE;
};

/**
 * `--torchao-config`: torchao quantises the 16-bit checkpoint's linear weights at load (server_args.py choices
 * int8dq, int8wo, int4wo-<group>, fp8wo, fp8dq-per_tensor, fp8dq-per_row; srt/layers/torchao_utils.py): 8-bit
 * integers (int8dq quantises the activations too, the weights still one byte), 4-bit integers with a scale per
 * group, or fp8. "--torchao-config int8dq" (sgl-project/sglang#10736, corpus c1665) had been said as not
 * modelled, and the 80B sized in bf16. Read as the weight format of that width; another value says nothing.
 */
const torchaoConfig: Handler = (v) => {
  const value = unquote(v).toLowerCase();
  if (/^int8(?:dq|wo)\b/.test(value)) return say('int8');
  if (/^int4wo\b/.test(value)) return say('int4');
  if (/^fp8(?:wo|dq)\b/.test(value)) return say('fp8 weights');
  return IGNORE;
};

/**
 * ServerArgs fields with no memory effect that no other engine the reader knows has (vLLM's EngineArgs, TGI's
 * launcher, lmdeploy's and TensorRT-LLM's options lack them): a dump that prints them is SGLang's, whatever its
 * shape. "served_model_name='/data/…/Qwen3.5-9B', weight_version='default', …, file_storage_path='sglang_storage',
 * enable_cache_report=False, reasoning_parser='qwen3', …, sampling_defaults='model', dp_size=1" (a run of SGLang's
 * ServerArgs repr cut before its class name, gpustack/gpustack#4770, corpus c2449) had read as vLLM, the default
 * for "deploy". Each names SGLang as a setting does, weak (said with the key), and sizes nothing.
 */
const SGLANG_DUMP_ONLY_KEYS = ['file_storage_path', 'enable_cache_report', 'completion_template', 'hf_chat_template_name', 'sampling_defaults', 'weight_version'];
const namesSglang: Handler = (v, ctx) => ({ say: 'serve', note: `${ctx.current ?? 'the key'} is an option only SGLang has: read as SGLang`, weak: true });

/**
 * SGLang's own option names as written (`--mem-fraction-static 0.9`, `mem_fraction_static=0.717` in its
 * `server_args=ServerArgs(…)` dump): ServerArgs fields no other engine the reader knows has (vLLM budgets
 * with --gpu-memory-utilization and --max-num-seqs, LightLLM with --mem_fraction and --running_max_req_size,
 * lmdeploy with --cache-max-entry-count). They name SGLang as a config key does (reconcile/engine-evidence.ts):
 * a setting, stronger than an engine said in prose ("unable to run same model as vLLM" above an SGLang
 * container's dump, sgl-project/sglang#12496, c177; the dump alone, sgl-project/sglang#1463, c176). Not
 * --max-total-tokens: TGI has that spelling too (one request's cap there), so it names neither.
 */
export const SGLANG_OWN_KEYS = new RegExp(String.raw`mem[_-]fraction[_-]static|max[_-]running[_-]requests|chunked[_-]prefill[_-]size|max[_-]prefill[_-]tokens|${SGLANG_DUMP_ONLY_KEYS.map((k) => k.replace(/_/g, '[_-]')).join('|')}`, 'i');

/**
 * SGLang's options: ServerArgs (python/sglang/srt/server_args.py, the dataclass's fields and their
 * `--kebab` flags; read at sgl-project/sglang main, 2026; the memory fields as named since v0.4).
 * argparse takes any unique prefix of a long flag, so `--mem-fraction` and `--context-len` are
 * the full options (sgl-project/sglang#8362).
 */
export const SGLANG: Engine = {
  id: 'sglang',
  name: 'SGLang',
  named: /sglang|sgl[_-]project|sglang\.launch_server/i,
  source: 'sgl-project/sglang python/sglang/srt/server_args.py ServerArgs (main, 2026; memory fields since v0.4)',
  says: 'sglang',
  get options() {
    return optionsOnce(this, () => [
      shared('--model-path', '--model'),
      shared('--dtype'),
      shared('--quantization'),
      shared('--kv-cache-dtype'),
      shared('--context-length'),
      shared('--context-len'),
      // The share of the card for the weights and the KV pool: SGLang's budget (memory/sglang.ts).
      shared('--mem-fraction-static'),
      shared('--mem-fraction'),
      shared('--max-running-requests'),
      // The prefill chunk: tokens per prefill step, which size its activations (memory/sglang.ts).
      shared('--chunked-prefill-size'),
      shared('--tp-size', '--tensor-parallel-size'),
      shared('--pp-size', '--pipeline-parallel-size'),
      shared('--disable-cuda-graph'),
      ...SGLANG_DUMP_ONLY_KEYS.map((k) => reads(namesSglang, `--${k.replace(/_/g, '-')}`)),
      // --max-total-tokens is SGLang's KV pool in tokens, set in place of what the fraction leaves;
      // TGI's option of that spelling is one request's cap (sequence.ts reads that one).
      unmodelled("the KV pool's size in tokens, in place of what --mem-fraction-static leaves", 'kv cache', '--max-total-tokens'),
      unmodelled('the most tokens one prefill batch takes (its activations)', 'activations', '--max-prefill-tokens'),
      shared('--cpu-offload-gb'),
      unmodelled('CUDA graphs captured up to this batch (their pool)', 'peak', '--cuda-graph-max-bs'),
      unmodelled('CUDA graphs captured for these batches (their pool)', 'peak', '--cuda-graph-bs'),
      // The MoE layers' experts split over this many GPUs (server_args.py ep_size); --enable-ep-moe, before it, made the
      // expert-parallel size the tensor-parallel one. Read as the item `ep N` (NVIDIA/TensorRT-LLM#3486, c2537's cause).
      reads(serving(numeric('ep')), '--ep-size', '--expert-parallel-size'),
      reads(epFromTp, '--enable-ep-moe'),
      unmodelledWhen(on, 'attention run data-parallel beside tensor-parallel MoE layers', 'parallelism', '--enable-dp-attention'),
      unmodelledWhen(on, 'an embedding model keeps no KV cache for generation', 'kv cache', '--is-embedding'),
      reads(torchaoConfig, '--torchao-config'),
      unmodelledWhen(on, "LoRA adapters' pool on the GPU beside the base model", 'weights', '--enable-lora'),
      unmodelled("LoRA adapters' pool on the GPU beside the base model", 'weights', '--lora-paths'),
      unmodelled("LoRA adapters' pool on the GPU beside the base model", 'weights', '--max-lora-rank'),
      unmodelled("LoRA adapters' pool on the GPU beside the base model", 'weights', '--max-loras-per-batch'),
      unmodelled("LoRA adapters' pool on the GPU beside the base model", 'weights', '--max-loaded-loras'),
      unmodelled("a draft model's weights and KV cache beside the target's", 'weights', '--speculative-algorithm'),
      unmodelled("a draft model's weights and KV cache beside the target's", 'weights', '--speculative-draft-model-path'),
      unmodelled('draft tokens verified per step', 'activations', '--speculative-num-draft-tokens'),
      unmodelled('draft steps per verification', 'activations', '--speculative-num-steps'),
      unmodelled('draft branches per step', 'activations', '--speculative-eagle-topk'),
      // KTransformers' kt-kernel inside SGLang (kvcache-ai/ktransformers#1661, c2968): the routed experts run on the CPU from a copy of
      // their own ("--kt-amx-weight-path …-CPU-INT8"), in host memory; its "-INT8" is not the GPU weights' format (the model's own, FP8).
      unmodelled("the routed experts' CPU copy KTransformers runs in host memory (the GPU keeps the rest in the model's own format)", 'weights', '--kt-amx-weight-path', '--kt-weight-path'),
      unmodelled('the routed experts kept on the GPU (the rest run on the CPU)', 'weights', '--kt-num-gpu-experts'),
      ...noneEach('--kt-cpuinfer --kt-threadpool-count --kt-amx-method --kt-method --kt-max-deferred-experts-per-token'),
      // Data parallelism runs whole replicas: each GPU holds what one replica's does.
      none('--dp-size', '--data-parallel-size'),
      ...noneEach(`--tokenizer-path --tokenizer-mode --skip-tokenizer-init --load-format --trust-remote-code --revision
        --model-impl --host --port --skip-server-warmup --warmups --nccl-port --ssl-keyfile --ssl-certfile
        --quantization-param-path --max-queued-requests --schedule-policy --schedule-conservativeness --page-size
        --radix-eviction-policy --device --stream-interval --random-seed --watchdog-timeout --dist-timeout
        --download-dir --base-gpu-id --gpu-id-step --log-level --log-level-http --log-requests --log-requests-level
        --show-time-cost --enable-metrics --decode-log-interval --api-key --chat-template
        --reasoning-parser --tool-call-parser
        --load-balance-method --dist-init-addr --nnodes --node-rank --json-model-override-args --lora-backend
        --attention-backend --sampling-backend --grammar-backend --enable-hierarchical-cache --hicache-ratio
        --hicache-size --disable-radix-cache --disable-cuda-graph-padding --enable-nccl-nvls --disable-outlines-disk-cache
        --disable-custom-all-reduce --disable-overlap-schedule --enable-mixed-chunk --enable-torch-compile
        --torch-compile-max-bs --enable-p2p-check --triton-attention-reduce-in-fp32 --triton-attention-num-kv-splits
        --num-continuous-decode-steps --delete-ckpt-after-loading --enable-memory-saver --allow-auto-truncate
        --enable-custom-logit-processor --disable-chunked-prefix-cache --enable-deterministic-inference
        --disaggregation-mode --disaggregation-transfer-backend --moe-runner-backend --moe-a2a-backend`),
    ]);
  },
};
