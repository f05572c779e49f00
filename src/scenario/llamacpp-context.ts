import { contextLengthOf } from '../catalog/context-lengths.js';
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
 * The front-ends language/vocabulary.ts also reads as llamacpp whose own defaults are not read here
 * (koboldcpp's --contextsize, llamafile's, LM Studio's): they keep the generic length. llama.cpp named
 * or implied (a GGUF type, -ngl) and Ollama take the context above.
 */
const OWN_DEFAULTS = /kobold|llamafile|lm ?studio/i;

export function llamaCppDefaultContext(r: Resolution): void {
  const s = r.s;
  if (s.framework !== 'llamacpp' || s.mode !== 'inference' || r.patch.has('seq') || s.seq !== DEFAULTS.seq) return;
  if (s.inference.llamacppBuild !== undefined) return;
  if (!r.isNew && !r.modeChanged() && !r.patch.has('framework')) return;
  const word = r.patch.get<string>('framework')?.item.text.trim() ?? '';
  if (OWN_DEFAULTS.test(word)) return;
  const own = contextLengthOf(s.model.id, s.model.arch.maxPositions);
  const context = own !== undefined ? Math.min(LLAMACPP_DEFAULT_CONTEXT, own) : LLAMACPP_DEFAULT_CONTEXT;
  s.seq = context;
  // The engine decides the length, so it is no unstated driver (as vLLM's served context, resolve-serving.ts).
  r.s = withUnstated(s, unstatedDrivers(s));
  r.unassume(DEFAULT_WORDS.seq);
  const ollama = /ollama/i.test(word);
  const whose = ollama
    ? `Ollama's num_ctx when none is set (OLLAMA_CONTEXT_LENGTH 4096 from v0.6.7; the newest steps down to it when the model does not fit)`
    : `llama.cpp's n_ctx when -c is not given (4096; the newest builds fit the model's own context down to it)`;
  const capped = context < LLAMACPP_DEFAULT_CONTEXT ? `, capped at ${s.model.name}'s own ${grouped(context)}` : '';
  r.assume(`seq ${context} (default): context ${grouped(context)}, ${whose}${capped}; say ctx N for yours`);
}
