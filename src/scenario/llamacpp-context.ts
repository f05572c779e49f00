import { contextLengthOf, contextKeyOf } from '../catalog/context-lengths.js';
import { grouped } from '../memory/format.js';
import { DEFAULTS, DEFAULT_WORDS } from './defaults.js';
import type { Resolution } from './resolution.js';
import { unstatedDrivers, withUnstated } from './unstated.js';

/**
 * The context llama.cpp and Ollama allocate when no length is given (issue 23, serving start-up).
 * The KV cache and the compute buffer are sized for n_ctx when the context is created, whatever the
 * prompt, so an unstated length is the engine's, not an envelope over the user's:
 *
 * - llama.cpp: common/common.h `struct common_params { int32_t n_ctx = 4096; … }` through the 2025
 *   builds (as vendored in Ollama v0.6.7 and v0.11.4, llama/llama.cpp/common/common.h); later builds
 *   take `n_ctx = 0` ("context the model was trained with") and, with --fit on by default, reduce it to
 *   what fits but not below `fit_params_min_ctx = 4096` (the same file as vendored in Ollama v0.15.4).
 * - Ollama: api/types.go DefaultOptions `NumCtx: int(envconfig.ContextLength())`, where
 *   envconfig/config.go's OLLAMA_CONTEXT_LENGTH default went 2048 → 4096 in v0.6.7 (ollama 44b466eeb,
 *   2025-04-28, "config: update default context length to 4096"), then 0 with a default by VRAM tier
 *   (server/routes.go: 4,096 under 23 GiB, 32,768 under 47 GiB, 262,144 above; 0334ffa62, v0.15.5,
 *   2026-01-27), stepped down to 32,768 and then 4,096 when the model does not fit
 *   (server/sched.go nextLowerAutoNumCtx).
 *
 * Both cap it at the model's trained context: Ollama's llm/server.go (v0.11.4: "requested context
 * size too large for model", `opts.NumCtx = int(trainCtx) * numParallel`) and server/sched.go
 * effectiveModelContext (newest); the newest llama.cpp starts from the trained context itself.
 *
 * So 4,096, or the model's own context when shorter, is the context of every Ollama from v0.6.7 to
 * v0.15.4 and of llama.cpp's 2024–2025 builds, and the least that the newest of either settles on: the
 * length a fit is judged at when none is said. The request language names no Ollama release; a named
 * llama.cpp build keeps the generic length, its n_ctx being the build's own (512 in 2023's, build 1430).
 */
export const LLAMACPP_DEFAULT_CONTEXT = 4096;

/**
 * The engine this request runs on is not the thread's, however the message names it: in words ("I use ollama"), or
 * by what only that engine reads (a GGUF type, `-ngl 99`, `n_gpu_layers=-1`, a vLLM flag). Its own default length
 * then applies afresh, as on a new request: the thread's length was the old engine's default (or the generic
 * 2,048), never the user's, and keeping it says nothing of the engine now named. A follow-up naming llama.cpp only
 * by "-ngl 99" over a thread that named none had kept the generic 2,048, unsaid (ggml-org/llama.cpp#18683, c2476).
 */
export function engineNewToThread(r: Resolution): boolean {
  const was = r.base;
  const s = r.s;
  if (!was || was.mode !== s.mode || was.framework !== s.framework) return true;
  return s.mode === 'inference' && (was.inference.engine !== s.inference.engine || was.inference.server !== s.inference.server);
}

/**
 * The front-ends language/vocabulary.ts also reads as llamacpp whose own defaults are not read here
 * (llamafile's): they keep the generic length. llama.cpp named or implied (a GGUF type, -ngl), Ollama,
 * KoboldCpp and LM Studio take the context above:
 *
 * - KoboldCpp: koboldcpp.py `--contextsize … default=4096` since LostRuins/koboldcpp 3fdbe335
 *   (2024-07-04, v1.69, "adjust some defaults and gui launcher"; 2048 before), the same 4,096;
 *   "Koboldcpp crashes" with a 70B Q4_K_L on a 4070 Ti SUPER (LostRuins/koboldcpp#1185, c284) and
 *   "Kobold cpp regular version" with a 70B 5-bit (c1121) name no --contextsize.
 * - LM Studio: loads a GGUF at 4,096 unless its Context Length is moved ("loaded_context_length":
 *   4096 beside "max_context_length": 131072 for gemma-3-4b, zed-industries/zed#25606; "n_ctx: 4096"
 *   in its error, Gitlawb/openclaude#353); lmstudio-ai/lmstudio-bug-tracker#1330 (c1127) and #943
 *   (c1264) name no length.
 */
const OWN_DEFAULTS = /llamafile/i;

export function llamaCppDefaultContext(r: Resolution): void {
  const s = r.s;
  if (s.framework !== 'llamacpp' || s.mode !== 'inference' || r.patch.has('seq') || s.seq !== DEFAULTS.seq) return;
  if (r.patch.modelContext && modelsOwnContext(r)) return;
  if (s.inference.llamacppBuild !== undefined) return;
  if (!engineNewToThread(r) && !r.patch.has('framework')) return;
  const word = r.patch.get<string>('framework')?.item.text.trim() ?? '';
  if (OWN_DEFAULTS.test(word)) return;
  const own = contextLengthOf(contextKeyOf(s.model), s.model.arch.maxPositions);
  const context = own !== undefined ? Math.min(LLAMACPP_DEFAULT_CONTEXT, own) : LLAMACPP_DEFAULT_CONTEXT;
  s.seq = context;
  // The engine decides the length, so it is no unstated driver (as vLLM's served context, resolve-serving.ts).
  r.s = withUnstated(s, unstatedDrivers(s));
  r.unassume(DEFAULT_WORDS.seq);
  const whose = /ollama/i.test(word)
    ? `Ollama's num_ctx when none is set (OLLAMA_CONTEXT_LENGTH 4096 from v0.6.7; the newest steps down to it when the model does not fit)`
    : /kobold/i.test(word)
      ? `KoboldCpp's --contextsize when none is given (4096 from v1.69, 2048 before)`
      : /lm ?studio/i.test(word)
        ? `LM Studio's context length when the slider is not moved (4096)`
        : `llama.cpp's n_ctx when -c is not given (4096; the newest builds fit the model's own context down to it)`;
  const capped = context < LLAMACPP_DEFAULT_CONTEXT ? `, capped at ${s.model.name}'s own ${grouped(context)}` : '';
  r.assume(`seq ${context} (default): context ${grouped(context)}, ${whose}${capped}; say ctx N for yours`);
}

/**
 * The sequences a llama.cpp-family run holds when the user names none: the batch is no driver to ask
 * about there (issue 23 item 8 asks only what the engine leaves open):
 *
 * - llama.cpp's server splits its one context among its slots: `-np N` gives each slot n_ctx / N
 *   tokens of one KV cache of n_ctx (tools/server/server.cpp `n_ctx_slot = n_ctx / params.n_parallel`;
 *   kv_unified shares it outright), so more sequences never grow the cache (config-keys/engines/
 *   llamacpp.ts reads -np as no setting); llama-cli, LM Studio and KoboldCpp run one conversation.
 * - Ollama multiplies the context by OLLAMA_NUM_PARALLEL ("Required RAM will scale by
 *   OLLAMA_NUM_PARALLEL * OLLAMA_CONTEXT_LENGTH", docs/faq.md), whose default is 1 from v0.9.7
 *   (ollama 20c3266e9, 2025-07-08, "Reduce default parallelism to 1", envconfig/config.go) and was
 *   chosen by the scheduler before, which fell back to 1 when more did not fit (server/sched.go,
 *   defaultParallel 4 then 2): a fit is judged at 1 in every release.
 *
 * So an unstated batch is 1 sequence, said as the engine's, not an envelope asking "what batch?".
 */
export function llamaCppOneSequence(r: Resolution): void {
  const s = r.s;
  if (s.framework !== 'llamacpp' || s.mode !== 'inference' || !unstatedDrivers(s).includes('batch')) return;
  r.s = withUnstated(s, unstatedDrivers(s).filter((d) => d !== 'batch'));
  r.unassume(DEFAULT_WORDS.microBatch);
  // Ollama's OLLAMA_NUM_PARALLEL, read "max seqs N" (config-keys/serving.ts): the KV cache holds N contexts.
  const slots = s.inference.maxSeqs;
  if (slots !== undefined && slots > 1) {
    r.assume(`max seqs ${slots}: ${slots} requests at once (Ollama's OLLAMA_NUM_PARALLEL), each with the whole context: the KV cache is sized for ${slots} × ${s.seq} tokens ("Required RAM will scale by OLLAMA_NUM_PARALLEL * OLLAMA_CONTEXT_LENGTH")`);
    return;
  }
  r.assume(`1 sequence at a time (default): llama.cpp's server slots share one context, and Ollama's OLLAMA_NUM_PARALLEL is 1 from v0.9.7 (earlier it fell back to 1 when more did not fit); say bs N for N sequences each with the whole context`);
}

/**
 * `-c 0` / `n_ctx=0`: "size of the prompt context (default: 4096, 0 = loaded from model)" (common/arg.cpp
 * --ctx-size; llama-cpp-python's Llama(n_ctx=0) alike): the context is the model's trained one, whatever
 * the build. "./llama-server -m gemma-3-27b-it-q4_0.gguf … -ngl 200 -np 3 … -c 0" (ggml-org/llama.cpp#14719,
 * c1115) allocates Gemma-3-27B's 131,072 tokens; DeepSeek-V3 under llama-cpp-python failed on a KV buffer
 * sized for its 163,840 (abetlen/llama-cpp-python#1944, verdict v088). Said as the engine's default, beside
 * the set-aside note that names the 0 (ranges.ts).
 */
function modelsOwnContext(r: Resolution): boolean {
  const s = r.s;
  const own = contextLengthOf(contextKeyOf(s.model), s.model.arch.maxPositions);
  if (own === undefined) return false;
  s.seq = own;
  r.s = withUnstated(s, unstatedDrivers(s));
  r.unassume(DEFAULT_WORDS.seq);
  r.assume(`seq ${own} (default): context ${grouped(own)}, ${s.model.name}'s own trained length, which llama.cpp allocates for -c 0 / n_ctx 0 ("0 = loaded from model"); say ctx N for yours`);
  return true;
}
