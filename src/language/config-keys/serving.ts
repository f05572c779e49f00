import { fraction, numeric, serving } from './readers.js';
import { IGNORE, isFalse, isTrue, numberOf, say, unquote, type Handler, type KeyContext, type KeyReading, type KeyTable } from './values.js';

/** Serving engines: vLLM, SGLang, TGI, Ollama, llama.cpp, text-generation-webui. */

/** llama.cpp's KV cache type: q8_0 as an 8-bit cache, q4_0 as the 4-bit one (said), f16 its default, q4_1/5-bit types not modelled. */
const llamaCppCache: Handler = (v, ctx) => {
  const type = unquote(v).toLowerCase();
  const flagName = ctx.current === 'cache_type_v' ? 'V' : 'K';
  if (type === 'f16' || type === '') return IGNORE;
  if (type === 'bf16' || type === 'f32') return say(`kv ${type === 'f32' ? 'fp32' : 'bf16'}`);
  if (type === 'q8_0') return say('kv fp8', `llama.cpp ${flagName} cache q8_0 sized as an 8-bit cache (q8_0 adds a 16-bit scale per 32 values, about 6% more)`);
  if (type === 'q4_0') return say('kv int4', `llama.cpp ${flagName} cache q4_0: 4 bits and a 16-bit scale per 32 values`);
  return { ignore: true, note: `llama.cpp ${flagName} cache ${type} (a quantised KV cache below 8 bits) is not modelled: an f16 KV cache assumed` };
};

/**
 * Keys only llama.cpp and its wrappers write (LocalAI's model YAML: gpu_layers, context_size): beside
 * one of them a bare `batch` is llama.cpp's n_batch, the prompt tokens processed per step (-b,
 * --batch-size, common/arg.cpp), not a batch of requests (mudler/LocalAI#829: "batch: 512").
 */
export const LLAMA_CPP_KEYS = ['ngl', 'n_gpu_layers', 'gpu_layers', 'n_ctx', 'context_size', 'ctx_size', 'n_batch', 'cache_type_k', 'cache_type_v'];
export const promptBatch = (v: string): KeyReading => ({
  ignore: true,
  note: `llama.cpp batch ${unquote(v)} is the prompt tokens processed per step (n_batch), not a batch of requests: one sequence assumed`,
});
export const besideLlamaCpp = (ctx: KeyContext) => LLAMA_CPP_KEYS.some((k) => ctx.keys.has(k));
const llamaCppBatch: Handler = (v, ctx) => (besideLlamaCpp(ctx) ? promptBatch(v) : null);

export const kvDtype: Handler = (v) => {
  const value = unquote(v);
  if (/fp8|e4m3|e5m2/.test(value)) return say('kv fp8');
  return IGNORE;
};

/**
 * TGI's launcher prints every argument at start-up (`Args { …, waiting_served_ratio: 1.2,
 * max_batch_prefill_tokens: 4096, … }`) and /info returns them too: keys only the printout carries mark
 * it, and there a value equal to TGI's default is the default, not a setting the user made
 * (huggingface/text-generation-inference#606, c1095; /info's max_concurrent_requests 128, c216). Said, and
 * left to the engine's own default.
 */
const TGI_PRINTOUT_KEYS = ['waiting_served_ratio', 'max_best_of', 'max_stop_sequences', 'validation_workers'];
const tgiPrintedDefault = (v: string, ctx: KeyContext, fallback: number): KeyReading | null =>
  numberOf(v) === fallback && TGI_PRINTOUT_KEYS.some((k) => ctx.keys.has(k))
    ? { ignore: true, note: `${ctx.current ?? 'the setting'} ${fallback} in TGI's printed arguments is its default, not a setting of yours` }
    : null;

/** Keys only TensorRT-LLM's engine build writes (trtllm-build's flags, an engine's builder_config / build_config). */
const TRTLLM_BUILD_KEYS = ['max_input_len', 'max_output_len', 'gemm_plugin', 'gpt_attention_plugin', 'builder_config', 'build_config', 'plugin_config', 'max_beam_width', 'kv_cache_free_gpu_mem_fraction', 'use_paged_context_fmha'];

/** Each key: what its value says in request words, and the source where one is cited. */
/**
 * text-generation-webui's --loader (modules/loaders.py): the backend that loads the model, and so
 * the format it runs. ExLlama(V2) and AutoGPTQ / GPTQ-for-LLaMa run GPTQ 4-bit checkpoints, AutoAWQ
 * AWQ ones, llama.cpp GGUF files; Transformers loads the checkpoint as it is stored. ExLlama itself
 * is not modelled: its weights are sized as GPTQ in Hugging Face's layout, said.
 */
const LOADERS: Record<string, KeyReading> = {
  exllama: say('gptq', '--loader exllama runs GPTQ 4-bit weights; ExLlama itself is not modelled, so they are sized in Hugging Face\'s layout'),
  exllamav2: say('gptq', '--loader exllamav2 runs GPTQ / EXL2 weights, sized as GPTQ 4-bit; ExLlamaV2 itself is not modelled, so Hugging Face\'s layout is assumed'),
  autogptq: say('gptq'),
  gptqforllama: say('gptq'),
  autoawq: say('awq'),
  llamacpp: say('llamacpp'),
  transformers: say('hf'),
};
export const loader: Handler = (v) => {
  const name = unquote(v).toLowerCase().replace(/[-_. ]/g, '').replace(/hf$/, '');
  return LOADERS[name] ?? { ignore: true, note: `--loader ${unquote(v)} is not a loader I model: the model is sized as Hugging Face loads it` };
};

/**
 * A launcher's choice of the engine it runs the model with, by its value: Triton CLI's
 * `triton import --backend tensorrtllm|vllm` (corpus c1135, c1164), Xinference's `--model-engine vllm`
 * (xorbitsai/inference, `xinference launch --model-engine`), lmdeploy's `--backend turbomind` (InternLM/lmdeploy#1052,
 * c361, c769). Any other value (pytorch, transformers, nccl) names no serving engine and is left alone.
 */
const ENGINE_CHOICE: Record<string, KeyReading> = {
  vllm: say('serve'),
  sglang: say('serve'),
  tensorrtllm: say('serve'),
  trtllm: say('serve'),
  turbomind: say('lmdeploy'),
  lmdeploy: say('lmdeploy'),
};
export const engineChoice: Handler = (v) => ENGINE_CHOICE[unquote(v).toLowerCase().replace(/[-_. ]/g, '')] ?? IGNORE;

export const SERVING_KEYS: KeyTable = {
  backend: { reads: engineChoice, source: 'triton-inference-server/triton_cli (--backend), corpus c1135' },
  model_engine: { reads: engineChoice, source: 'xorbitsai/inference (xinference launch --model-engine)' },
  // text-generation-webui --loader ("Attempted to start oobabooga using `--loader exllama`", oobabooga/textgen#2752, corpus c406).
  loader: { reads: loader, source: 'oobabooga/text-generation-webui modules/loaders.py' },
  // SGLang --mem-fraction-static: the share of GPU memory for weights and the KV pool, its
  // gpu_memory_utilization (sglang/srt/server_args.py).
  mem_fraction_static: { reads: serving(fraction('util')), source: 'SGLang sglang/srt/server_args.py' },
  // SGLang parses its flags with argparse, which takes any unique prefix of a long flag (allow_abbrev):
  // `--mem-fraction 0.85` is --mem-fraction-static (sgl-project/sglang#8362, corpus c552).
  mem_fraction: { reads: serving(fraction('util')), source: 'sgl-project/sglang#8362' },
  // SGLang --disable-cuda-graph: no CUDA graphs captured, as vLLM's --enforce-eager.
  disable_cuda_graph: { reads: (v) => (isTrue(v) || unquote(v) === '' ? say('enforce eager') : IGNORE), source: 'SGLang sglang/srt/server_args.py' },
  // LightLLM --disable_cudagraph, the same switch (lightllm/server/api_cli.py; ModelTC/LightLLM#1006, c946).
  disable_cudagraph: { reads: (v) => (isTrue(v) || unquote(v) === '' ? say('enforce eager') : IGNORE), source: 'ModelTC/LightLLM#1006' },
  // Tokens per prefill step, which sizes the engine's profile / warm-up run (memory/serving.ts, tgi.ts, sglang.ts).
  max_num_batched_tokens: { reads: serving(numeric('batched tokens')) },
  max_batch_prefill_tokens: { reads: (v, ctx) => tgiPrintedDefault(v, ctx, 4096) ?? serving(numeric('batched tokens'))(v, ctx), source: 'TGI launcher/src/main.rs (default 4096)' },
  chunked_prefill_size: { reads: serving(numeric('batched tokens')) },
  // TensorRT-LLM's max_num_tokens (trtllm-build --max_num_tokens, BuildConfig, the engine's config.json): the
  // tokens one engine step takes, its batched-token budget; read only beside the engine's own build keys, since
  // ms-swift's --max_num_tokens is a data cap (c363).
  max_num_tokens: { reads: (v, ctx) => (TRTLLM_BUILD_KEYS.some((k) => ctx.keys.has(k)) ? serving(numeric('batched tokens'))(v, ctx) : IGNORE), source: 'NVIDIA/TensorRT-LLM trtllm-build --help; #234, #2420' },
  // Ollama's server settings (envconfig/config.go): Ollama only runs models.
  ollama_context_length: { reads: numeric('inference seq'), source: 'Ollama envconfig/config.go' },
  // "Required RAM will scale by OLLAMA_NUM_PARALLEL * OLLAMA_CONTEXT_LENGTH" (Ollama FAQ): the requests the
  // server runs at once, each with the whole context. Read as "max seqs N", a local server's concurrency, never
  // a training micro-batch (c1790, c1812: `OLLAMA_NUM_PARALLEL=64 ollama serve` had read as mbs 64); the KV
  // cache is sized for them (memory/llamacpp.ts llamaCppSlots). 0 is Ollama's "choose for me" (its log's
  // default) and 1 its default from v0.9.7: neither is a setting.
  ollama_num_parallel: { reads: (v, ctx) => (numberOf(v) <= 1 ? IGNORE : numeric('inference max seqs')(v, ctx)), source: 'Ollama FAQ' },
  ollama_flash_attention: { reads: (v) => (isTrue(v) ? say('inference flash') : isFalse(v) && unquote(v) !== '' ? say('inference no flash') : IGNORE), source: 'Ollama envconfig/config.go' },
  // Ollama's KV cache types are llama.cpp's (f16, q8_0, q4_0): q8_0 is sized as llama.cpp's is.
  ollama_kv_cache_type: {
    reads: (v) => {
      const value = unquote(v).toLowerCase();
      if (value === '' || value === 'f16') return IGNORE;
      if (value === 'q8_0') return say('inference kv fp8', 'OLLAMA_KV_CACHE_TYPE q8_0 sized as an 8-bit KV cache (q8_0 adds a 16-bit scale per 32 values, about 6% more)');
      if (value === 'q4_0') return say('inference kv int4', 'OLLAMA_KV_CACHE_TYPE q4_0: 4 bits and a 16-bit scale per 32 values');
      return { ignore: true, note: `OLLAMA_KV_CACHE_TYPE ${value} (a quantised KV cache below 8 bits) is not modelled: an f16 KV cache assumed` };
    },
    source: 'Ollama envconfig/config.go',
  },
  // text-generation-webui (modules/shared.py): --wbits 4 loads a 4-bit GPTQ checkpoint for inference;
  // --auto-devices splits the model over GPU and CPU (offload, not modelled).
  wbits: { reads: (v) => (numberOf(v) === 4 ? say('inference gptq') : IGNORE), source: 'text-generation-webui modules/shared.py' },
  // --gptq-bits 4 is the same flag under its first name (March 2023, before --wbits): "python server.py --auto-devices
  // --gptq-bits 4" (qwopqwop200/GPTQ-for-LLaMa#71, c584), "--gptq-bits 4 --model llama-13b-hf" (oobabooga/textgen#543),
  // "--model llama-7b-hf --gptq-bits 4 --gptq-pre-layer 20" (oobabooga/textgen#460). It had been a setting not read,
  // and "running it in 4bit mode" beside it was taken as bitsandbytes' NF4.
  gptq_bits: { reads: (v) => (numberOf(v) === 4 ? say('inference gptq') : IGNORE), source: 'qwopqwop200/GPTQ-for-LLaMa#71' },
  auto_devices: { reads: () => ({ ignore: true, note: 'text-generation-webui --auto-devices (CPU offload of layers) is not modelled: all layers on the GPU assumed' }), source: 'text-generation-webui modules/shared.py' },
  // SGLang --max-running-requests caps the running batch as vLLM's --max-num-seqs does.
  max_running_requests: { reads: serving(numeric('max seqs')), source: 'sgl-project/sglang#9590 (c632)' },
  // vLLM --cpu-offload-gb keeps that many GiB of weights per GPU in CPU memory (memory/states.ts).
  cpu_offload_gb: { reads: (v, ctx) => (numberOf(v) > 0 ? serving(numeric('cpu offload gb'))(v, ctx) : IGNORE), source: 'vllm/model_executor/models/utils.py maybe_offload_to_cpu (v0.5.3)' },
  num_shard: { reads: serving(numeric('tp')) },
  gpu_memory_utilization: { reads: serving(fraction('util')) },
  // vLLM parses its flags with argparse, which takes any unique prefix of a long flag (allow_abbrev), as
  // SGLang's --mem-fraction above: `--gpu-memory-util=0.96` is --gpu-memory-utilization (intel/llm-scaler#129,
  // c1125, an XPU vLLM serve script whose flag had been a setting not read, so vLLM's 0.9 was assumed).
  gpu_memory_util: { reads: serving(fraction('util')), source: 'intel/llm-scaler#129' },
  // lmdeploy's keys: lmdeploy.ts.
  // TGI --cuda-memory-fraction: the share of the card its KV sizing starts from (memory/tgi-release.ts).
  cuda_memory_fraction: { reads: serving(fraction('util')), source: 'TGI server/text_generation_server/utils/dist.py' },
  kv_cache_dtype: { reads: serving(kvDtype) },
  // llama.cpp --cache-type-k/-v (-ctk/-ctv): f16 is its default; q8_0 keeps 8-bit values and a
  // 16-bit scale per 32 (8.5 bits), sized as an 8-bit cache; 4/5-bit caches are not modelled.
  cache_type_k: { reads: llamaCppCache },
  cache_type_v: { reads: llamaCppCache },
  // llama.cpp
  // llama.cpp -ngl N: the last N layers on the GPU; -1 (every layer) is the default.
  ngl: { reads: (v, ctx) => (numberOf(v) < 0 ? IGNORE : numeric('ngl')(v, ctx)) },
  n_gpu_layers: { reads: (v, ctx) => (numberOf(v) < 0 ? IGNORE : numeric('ngl')(v, ctx)) },
  gpu_layers: { reads: (v, ctx) => (numberOf(v) < 0 ? IGNORE : numeric('ngl')(v, ctx)) },
  // llama.cpp -b / --batch-size / n_batch and -ub / n_ubatch: prompt tokens per step, not requests.
  batch_size_llamacpp: { reads: llamaCppBatch, source: 'llama.cpp common/arg.cpp' },
  n_batch: { reads: promptBatch, source: 'llama.cpp common/arg.cpp' },
  n_ubatch: { reads: promptBatch, source: 'llama.cpp common/arg.cpp' },
  batch: { reads: llamaCppBatch, source: 'mudler/LocalAI#829' },
  // LocalAI's model YAML names llama.cpp's context (-c) context_size.
  context_size: { reads: numeric('seq'), source: 'mudler/LocalAI#829' },
  enforce_eager: { reads: (v) => (isTrue(v) || unquote(v) === '' ? say('enforce eager') : IGNORE) },
  // VLLM_USE_V1=0|1 picks vLLM's engine (vllm/envs.py, 0.7.x → 0.10.x; V1 the default from 0.8.0):
  // "vllm v0" / "vllm v1" in the item language (vllm-versions.ts). Beside a release, reconcile/
  // vllm-engine.ts keeps the engine the variable names.
  vllm_use_v1: {
    reads: (v) => (numberOf(v) === 0 || isFalse(v) ? say('vllm v0') : numberOf(v) === 1 || isTrue(v) ? say('vllm v1') : IGNORE),
    source: 'vllm/envs.py VLLM_USE_V1; vllm-project/vllm#15664',
  },
};
