import { contextKeyOf, contextLengthOf, servedContextLengthOf } from '../catalog/context-lengths.js';
import { grouped } from '../memory/format.js';
import { DEFAULTS } from './defaults.js';
import { engineNewToThread, LLAMACPP_DEFAULT_CONTEXT } from './llamacpp-context.js';
import type { Resolution } from './resolution.js';
import type { Scenario } from './schema.js';
import { unstatedDrivers, withUnstated } from './unstated.js';

/**
 * The length an engine serves when the user states none (the "default" cue of the length slot, docs/reading.md):
 * vLLM, SGLang and lmdeploy the model's own window (resolve-serving.ts servedContext), ExLlamaV2 its
 * max_position_embeddings, llama.cpp and its front-ends 4,096 or the model's own when shorter
 * (llamacpp-context.ts); any other run the generic default. A scenario whose length equals it holds the engine's
 * default, as far as its fields can tell.
 */
export function engineDefaultLength(s: Scenario): number {
  if (s.mode !== 'inference') return DEFAULTS.seq;
  const key = contextKeyOf(s.model);
  if (s.framework === 'llamacpp') {
    const own = contextLengthOf(key, s.model.arch.maxPositions);
    return own !== undefined ? Math.min(LLAMACPP_DEFAULT_CONTEXT, own) : LLAMACPP_DEFAULT_CONTEXT;
  }
  if (s.framework === 'exllamav2') return contextLengthOf(key, s.model.arch.maxPositions) ?? DEFAULTS.seq;
  if (s.inference.engine === 'vllm') return servedContextLengthOf(key, s.model.arch.maxPositions) ?? DEFAULTS.seq;
  return DEFAULTS.seq;
}

/** Where a default length came from, in the words the reply gives it. */
function whoseDefault(s: Scenario): string {
  if (s.framework === 'llamacpp') return "llama.cpp's default context";
  if (s.framework === 'exllamav2') return "ExLlamaV2's default (the model's own window)";
  if (s.inference.server === 'sglang') return "SGLang's default (the model's own window)";
  if (s.inference.server === 'lmdeploy') return "lmdeploy's default (the model's own window)";
  return "vLLM's default (the model's own window)";
}

/**
 * A follow-up that moves the run to another engine or mode, with no length of its own, does not keep the length
 * the thread's engine chose: that length was the engine's default, never the user's (a broken cue, "another
 * run"). "serve llama-3.1-8b with vllm" then "now I want to lora fine-tune it" had trained at vLLM's 131,072
 * (Llama-3.1's window) without a word; a thread deploying InternLM-20B on vLLM (its 4,096) then "用transformers
 * 命令行推理" (InternLM/InternLM#433, corpus c543) kept vLLM's 4,096 for transformers. The length goes back to the
 * generic default, so the new engine's own default applies in the steps after this one, and is said. A length
 * the thread's user stated (one that is not the old engine's default) stays, as the thread's other settings do.
 */
export function dropThreadDefaultLength(r: Resolution): void {
  const was = r.base;
  const s = r.s;
  if (!was || r.patch.has('seq') || s.seq !== was.seq || !engineNewToThread(r)) return;
  const old = engineDefaultLength(was);
  if (was.seq !== old || old === DEFAULTS.seq) return;
  s.seq = DEFAULTS.seq;
  r.s = withUnstated(s, [...new Set([...unstatedDrivers(s), 'seq' as const])]);
  r.assume(`${THREAD_DEFAULT_DROPPED}${grouped(old)} was ${whoseDefault(was)}, not a length you stated; say seq N for yours`);
}

const THREAD_DEFAULT_DROPPED = `seq ${DEFAULTS.seq} (default): the thread's `;

/**
 * The last step (resolve-steps.ts): where the new engine or the trainer set a default of its own after the thread's
 * was dropped (llama.cpp's 4,096, TRL's 1,024), that default is said by its own step, and the generic one is not.
 */
export function threadLengthSaidStep(r: Resolution): null {
  if (r.s.seq === DEFAULTS.seq) return null;
  const said = r.assumptions.find((a) => a.startsWith(THREAD_DEFAULT_DROPPED));
  if (said) r.unassume(said);
  return null;
}

/** The step after the framework's (resolve-steps.ts): a follow-up that leaves serving for training. Served runs are settled in the inference step, once their engine is known. */
export function threadLengthStep(r: Resolution): null {
  if (r.s.mode !== 'inference') dropThreadDefaultLength(r);
  return null;
}
