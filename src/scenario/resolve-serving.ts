import { contextLengthOf, servedContextLengthOf, servedRopeFactorOf, contextKeyOf } from '../catalog/context-lengths.js';
import { serveEngineNamed } from '../language/serve-engines.js';
import { ENGINE_NAMED } from '../language/vocabulary.js';
import { hfDefaultAttention } from '../memory/attention-kernel.js';
import { TURBOMIND_CACHE_SHARE, TURBOMIND_CACHE_SHARE_OF_TOTAL, turbomindCacheOfTotal } from '../memory/lmdeploy.js';
import { MII_RESERVE_BYTES } from '../memory/mii.js';
import { sglangDefaultMemFraction, sglangReservedWords } from '../memory/sglang-defaults.js';
import { TGI_MEMORY_FRACTION } from '../memory/tgi-release.js';
import type { ErrorReply } from '../reply/types.js';
import { DEFAULTS, DEFAULT_WORDS, defaultInference } from './defaults.js';
import { engineKeepsItsAttention } from './engine-attention.js';
import { kernelOfNewModel } from './carried-kernel.js';
import { generationWithinContext } from './generation-share.js';
import type { Resolution } from './resolution.js';
import { deploysOnTransformers, transformersWords } from './transformers-run.js';
import { CPU_MOE_ALL } from './cpu-moe-all.js';
import type { Scenario } from './schema.js';
import { isMoe } from '../memory/parameters.js';
import { LLAMACPP_NO_FLASH_THROUGH_BUILD } from '../memory/llamacpp-row-split.js';
import { unstatedDrivers, withUnstated } from './unstated.js';
import { grouped } from '../memory/format.js';
import { engineNewToThread, llamaCppDefaultContext, llamaCppOneSequence } from './llamacpp-context.js';
import { dropThreadDefaultLength } from './thread-length.js';
import { sayUnmodelledRunners } from './unmodelled-runners.js';

/** The inference step of a resolution (resolve-steps.ts): the serving engine, its budget, and the length it serves. */

export function inferenceStep(r: Resolution): ErrorReply | null {
  const s = r.s;
  const previousCompute = r.base?.compute ?? 'bf16';
  if (s.mode !== 'inference') {
    s.inference = defaultInference(s.compute);
    return null;
  }
  if (r.modeChanged()) s.inference = defaultInference(s.compute);
  const onTransformers = deploysOnTransformers(r);
  // A thread a deploy word had put on a server moves to transformers when a message names it.
  if (onTransformers && s.inference.engine !== 'hf') s.inference = { ...defaultInference(s.compute), newTokens: s.inference.newTokens };
  const inf = s.inference;
  const engine = r.patch.get<string>('engine');
  // "serving with tgi", "deploy … with llama.cpp": the server is the one named, not vLLM.
  const namedServer = s.framework === 'tgi' || s.framework === 'llamacpp' || s.framework === 'exllamav2';
  if (engine && onTransformers) {
    r.assume(`run with Hugging Face transformers ("${transformersWords(r)}"), not a server: "${engine.item.text.trim()}" names none (say vllm for vLLM's layout)`);
  } else if (engine && !(namedServer && !ENGINE_NAMED.test(engine.item.text))) {
    inf.engine = 'vllm';
    // "deploy", "host", "serve": a server, with no engine named.
    // An engine's own key names it as its name does (serve-engines.ts: lmdeploy's session_len, SGLang's mem_fraction_static),
    // and so does a vLLM release said elsewhere ("部署Qwen3-32B-AWQ，vllm 0.8.5": the deploy word set the mode, "vllm 0.8.5" the engine).
    if (!ENGINE_NAMED.test(engine.item.text) && !serveEngineNamed(engine.item.text) && !r.patch.has('vllmVersion')) {
      r.assume(`served with vLLM's memory layout (assumed for "${engine.item.text}"; name the engine, e.g. tgi or llama.cpp, for another)`);
    }
  }
  else if (r.isNew && !namedServer) r.assume(DEFAULT_WORDS.engine);
  // The engine the words name, and how its memory is counted (language/serve-engines.ts): its own
  // budget (SGLang, LMDeploy, DeepSpeed-MII), vLLM's, or vLLM's layout for one not modelled apart.
  const named = engine ? serveEngineNamed(engine.item.text) : undefined;
  if (named?.counted.by === 'own') inf.server = named.counted.server;
  else if (engine) delete inf.server;
  if (named?.counted.by === 'vllm-layout' && named.name !== 'Aphrodite') inf.namedEngine = named.name;
  else if (engine) delete inf.namedEngine;
  if (named?.counted.by === 'vllm-layout') r.assume(`${named.name} ("${engine!.item.text.trim()}") counted with vLLM's memory layout: ${named.counted.why}`);
  // Aphrodite keeps vLLM's budget but shortens max_model_len to its pool instead of refusing (memory/aphrodite.ts).
  if (named?.name === 'Aphrodite') {
    inf.fork = 'aphrodite';
    r.assume('Aphrodite (v0.6.0 on) forces max_model_len down to what its KV cache holds rather than refuse to start (task_handler/worker.py raise_if_cache_size_invalid)');
  } else if (engine) delete inf.fork;
  // A program the estimate does not model (MLX alone, MAX, hipEngine) is said with what stands in for it (unmodelled-runners.ts).
  sayUnmodelledRunners(r);
  // A thread's default length is not the new engine's (thread-length.ts).
  dropThreadDefaultLength(r);
  servedContext(r);
  const gen = r.patch.value<number>('gen');
  const kv = r.patch.value<Scenario['inference']['kvDtype']>('kv');
  const util = r.patch.value<number>('util');
  if (r.patch.has('eager')) inf.enforceEager = true;
  if (r.patch.has('skipMm')) inf.skipMmProfiling = true;
  if (r.patch.has('atLoad')) inf.quantisedAtLoad = true;
  for (const modality of ['image', 'video'] as const) {
    const limit = r.patch.value<number>(`mm.${modality}`);
    if (limit !== undefined) inf.mmLimits = { ...inf.mmLimits, [modality]: limit };
  }
  const release = r.patch.value<string>('vllmVersion');
  if (release !== undefined) inf.vllmVersion = release;
  const tgiRelease = r.patch.value<string>('tgiVersion');
  if (tgiRelease !== undefined) inf.tgiVersion = tgiRelease;
  const lmdeployRelease = r.patch.value<string>('lmdeployVersion');
  if (lmdeployRelease !== undefined) inf.lmdeployVersion = lmdeployRelease;
  const llamacppBuild = r.patch.value<number>('llamacppBuild');
  if (llamacppBuild !== undefined) inf.llamacppBuild = llamacppBuild;
  const bpw = r.patch.value<number>('bpw') ?? r.hubBpw;
  if (bpw !== undefined) inf.bpw = bpw;
  // llama.cpp had no flash attention before #5021 (April 2024): an old build computes the scores
  // (llamacpp-row-split.ts LLAMACPP_NO_FLASH_THROUGH_BUILD), before and after ggml-backend alike.
  kernelOfNewModel(r);
  if (s.framework === 'llamacpp' && inf.llamacppBuild !== undefined && inf.llamacppBuild <= LLAMACPP_NO_FLASH_THROUGH_BUILD && !r.patch.has('attention')) {
    s.attention = 'eager';
    if (r.patch.has('llamacppBuild')) r.assume(`eager attention (default): llama.cpp build ${inf.llamacppBuild} predates its flash attention (#5021, April 2024), so every head's scores are kept`);
  }
  // HF generate loads the model with transformers' default kernel (Gemma 2: eager; memory/attention-kernel.ts).
  const kernel = r.isNew && s.mode === 'inference' && !inf.server && !r.patch.has('attention') && !r.presetSet.has('attention') ? hfDefaultAttention(s, inf.engine) : null;
  if (kernel) {
    s.attention = kernel.attention;
    r.assume(kernel.words);
  }
  engineKeepsItsAttention(r);
  // "with eager" on a vLLM thread is --enforce-eager, not the eager attention kernel.
  const attention = r.patch.get<string>('attention');
  // Only in a follow-up on a thread already served by vLLM: a new request's "eager" stays the
  // attention kernel, so canonical text ("… eager … vllm") reads back as itself.
  if (!r.isNew && r.base?.inference.engine === 'vllm' && inf.engine === 'vllm' && attention?.value === 'eager' && /^eager$/i.test(attention.item.text.trim())) {
    inf.enforceEager = true;
    s.attention = r.base?.attention ?? 'flash';
    r.assume('"eager" on vLLM read as --enforce-eager (no CUDA graphs), not the eager attention kernel');
  }
  if (gen !== undefined) inf.newTokens = gen;
  else if (r.isNew) r.assume(DEFAULT_WORDS.newTokens);
  promptBeforeGenerated(r, gen);
  generationWithinContext(r, gen);
  if (kv !== undefined) inf.kvDtype = kv;
  // llama.cpp keeps its KV cache in f16 whatever the weights (common/common.h cache_type_k/v = GGML_TYPE_F16; -ctk/-ctv change it).
  else if (s.framework === 'llamacpp' && (r.isNew || r.patch.has('framework') || r.patch.has('compute'))) inf.kvDtype = 'fp16';
  else if (inf.kvDtype === previousCompute || r.modeChanged()) inf.kvDtype = defaultInference(s.compute).kvDtype;
  const ngl = r.patch.value<number>('ngl');
  if (ngl !== undefined) inf.gpuLayers = ngl;
  cpuMoeStep(r);
  const batched = r.patch.value<number>('batched');
  if (batched !== undefined) inf.batchedTokens = batched;
  const maxSeqs = r.patch.value<number>('maxSeqs');
  if (maxSeqs !== undefined) inf.maxSeqs = maxSeqs;
  const clientLoad = r.patch.value<number>('clientLoad');
  if (clientLoad !== undefined) inf.clientLoad = clientLoad;
  const cpuOffloadGb = r.patch.value<number>('cpuOffloadGb');
  if (cpuOffloadGb !== undefined) inf.cpuOffloadGb = cpuOffloadGb;
  if (util !== undefined) inf.gpuMemoryUtilization = util;
  else if (inf.server === 'sglang' && (r.isNew || r.modeChanged() || r.patch.has('engine') || sglangDefaultKept(r))) {
    // SGLang sets its fraction from the card and tp (memory/sglang-defaults.ts): a follow-up that changes either moves a default, not a stated value.
    inf.gpuMemoryUtilization = sglangDefaultMemFraction(s);
    r.assume(`SGLang's --mem-fraction-static ${inf.gpuMemoryUtilization} (its default for this card at tp ${s.parallel.tp}: ${sglangReservedWords(s)} kept outside it): weights and KV cache inside it, prefill activations and CUDA graphs outside`);
  } else if (inf.server === 'lmdeploy' && turbomindCacheOfTotal(s) && (r.isNew || r.modeChanged() || r.patch.has('engine'))) {
    inf.gpuMemoryUtilization = TURBOMIND_CACHE_SHARE_OF_TOTAL;
    r.assume(`lmdeploy ${inf.lmdeployVersion}'s TurboMind budget: --cache-max-entry-count ${TURBOMIND_CACHE_SHARE_OF_TOTAL} (its default until v0.2.1) of the card's total memory for the KV cache, whatever the weights leave`);
  } else if (inf.server === 'lmdeploy' && (r.isNew || r.modeChanged() || r.patch.has('engine'))) {
    inf.gpuMemoryUtilization = TURBOMIND_CACHE_SHARE;
    r.assume(`lmdeploy's TurboMind budget: --cache-max-entry-count ${TURBOMIND_CACHE_SHARE} (its default since v0.2.2) of the memory free after the weights for the KV cache; its batch buffers, forward step and 4-bit GEMM tuning out of the rest`);
  } else if (inf.server === 'mii' && (r.isNew || r.modeChanged() || r.patch.has('engine'))) {
    // No share of the card: the budget is the free memory less the reserve (memory/mii.ts).
    inf.gpuMemoryUtilization = 1;
    r.assume(`DeepSpeed-MII's FastGen budget: KV blocks from the memory free after the weights, less ${MII_RESERVE_BYTES / 1e9} GB kept for the forward passes (MemoryConfig RESERVE, its default)`);
  } else if (s.framework === 'tgi' && (r.isNew || r.modeChanged() || r.patch.has('framework'))) {
    inf.gpuMemoryUtilization = TGI_MEMORY_FRACTION; // --cuda-memory-fraction's default (memory/tgi-release.ts)
  } else if (inf.engine === 'vllm' && (r.isNew || r.modeChanged())) r.assume(DEFAULT_WORDS.utilization);
  // llama.cpp and Ollama size the context they create, not the prompt: 4,096 unless said (llamacpp-context.ts).
  // Last, as it replaces r.s (its unstated drivers).
  llamaCppDefaultContext(r);
  llamaCppOneSequence(r);
  return null;
}

/**
 * `--max_new_tokens 8192` with no length said (kvcache-ai/ktransformers#740): seq counts the prompt
 * and the generated tokens, so a default seq below the generated ones cannot hold them. The prompt
 * is assumed the default length and said as a default, rather than the request refused.
 */
function promptBeforeGenerated(r: Resolution, gen: number | undefined): void {
  const s = r.s;
  if (gen === undefined || r.patch.has('seq') || s.seq > gen) return;
  const prompt = DEFAULTS.seq;
  s.seq = prompt + gen;
  r.unassume(DEFAULT_WORDS.seq);
  r.assume(`seq ${s.seq} (default): a prompt of ${grouped(prompt)} tokens (assumed, none stated) plus the ${grouped(gen)} generated; say seq N for the prompt and answer together`);
}


/**
 * A server without a stated length serves the model's own context length. vLLM without
 * --max-model-len (vllm/config.py `_get_and_verify_max_len`) refuses to start when its KV cache
 * cannot hold one sequence of it. SGLang without --context-length takes it too
 * (python/sglang/srt/configs/model_config.py `ModelConfig.__init__`: derived_context_len =
 * get_context_length(hf_text_config), v0.4.x) and sizes its request-to-token table by it
 * (memory/sglang.ts), but clamps the longest request to the pool it finds (scheduler
 * max_req_input_len) instead of refusing. An unstated seq is that length, not the generic 2,048.
 * TGI clamps its length to the memory it finds (warmup's max_total_tokens), so it keeps the default.
 */
function servedContext(r: Resolution): void {
  const s = r.s;
  const inf = s.inference;
  const exl2 = s.framework === 'exllamav2' && s.mode === 'inference';
  if ((inf.engine !== 'vllm' && !exl2) || r.patch.has('seq')) return;
  if (!engineNewToThread(r) && !r.patch.has('engine') && !r.patch.has('framework')) return;
  // ExLlamaV2 reads max_position_embeddings as it is (config.py), its RoPE scale apart.
  const context = exl2 ? contextLengthOf(contextKeyOf(s.model), s.model.arch.maxPositions) : servedContextLengthOf(contextKeyOf(s.model), s.model.arch.maxPositions);
  if (context === undefined || s.seq !== DEFAULTS.seq) return;
  const rope = servedRopeFactorOf(s.model.id);
  // A release read as another entry's shape names its own window (context-lengths.ts contextKeyOf: QwQ-32B's 40,960).
  const whose = contextKeyOf(s.model) !== s.model.id ? s.model.asWritten : s.model.name;
  const own = rope > 1 ? `${s.model.name}'s max_position_embeddings × its linear RoPE factor ${rope} (config.json)` : `${whose}'s own`;
  s.seq = context;
  // The engine decides the length, so it is no unstated driver: the envelope asks only what the server leaves open.
  r.s = withUnstated(s, unstatedDrivers(s));
  r.unassume(DEFAULT_WORDS.seq);
  // Said as the default it is, in the words every default length is said with ("seq N (default)"):
  // the model's own window is not the user's length, only what the server does without one.
  const served = exl2
    ? `max_seq_len ${grouped(context)}, ${whose}'s own (config.json), which ExLlamaV2Cache(model) is built for when no length is given (cache.py max_seq_len -1)`
    : inf.server === 'sglang'
    ? `context length ${grouped(context)}, ${own}, which SGLang takes when --context-length is not given (it sizes the request table; longer requests are cut to the KV pool)`
    : inf.server === 'lmdeploy'
    ? `session-len ${grouped(context)}, ${own}, which lmdeploy takes when --session-len is not given (TurboMind truncates it to the KV blocks it gets)`
    : `max-model-len ${grouped(context)}, ${rope > 1 ? own : `${whose}'s own context length`}, which vLLM serves when --max-model-len is not given`;
  r.assume(`seq ${context} (default): ${served}; say seq N for yours`);
}

/**
 * llama.cpp's --cpu-moe / --n-cpu-moe N (common/arg.cpp: a CPU buffer override for `blk.<i>.ffn_(up|down|gate)_exps`
 * of every layer, or of layers i < N): the routed experts stay in host RAM and run on the CPU, the attention, shared
 * experts, norms and output on the GPU (memory/gguf.ts). Only llama.cpp's family places tensors this way, and only a
 * MoE has experts to place: elsewhere the words are said and set aside.
 */
function cpuMoeStep(r: Resolution): void {
  const s = r.s;
  const layers = r.patch.value<number>('cpuMoe');
  if (layers === undefined) return;
  const said = r.patch.get<number>('cpuMoe')!.item.text.trim();
  if (s.framework !== 'llamacpp') {
    r.assume(`"${said}" set aside: keeping a MoE's experts in host RAM is llama.cpp's --cpu-moe, and this run is not llama.cpp's`);
    return;
  }
  if (!isMoe(s.model.arch)) {
    r.assume(`"${said}" set aside: ${s.model.name} has no experts to keep in host RAM`);
    return;
  }
  s.inference.cpuMoeLayers = layers;
  const which = layers >= s.model.arch.layers ? 'every layer\'s' : `the first ${layers} layers'`;
  r.assume(`${which} routed experts in host RAM (llama.cpp --${layers === CPU_MOE_ALL ? 'cpu-moe' : `n-cpu-moe ${layers}`}), computed on the CPU; attention, shared experts and the output on the GPU`);
}


/** A thread already on SGLang whose fraction was SGLang's own default (not a stated one). */
function sglangDefaultKept(r: Resolution): boolean {
  const base = r.base;
  return !!base && base.mode === 'inference' && base.inference.server === 'sglang' && base.inference.gpuMemoryUtilization === sglangDefaultMemFraction(base);
}
