import { IGNORE, type Handler } from './values.js';

/**
 * A serving engine's own environment variable, written in capitals before a command or exported by a script:
 * `VLLM_ATTENTION_BACKEND=FLASHINFER`, `VLLM_TEST_MODEL=…` with `VLLM_GPU_MEMORY_UTILIZATION=0.85` before
 * `python -m pytest tests/v1/…` (vllm-project/vllm#48943, corpus c3094, b92: read as Hugging Face generate),
 * `SGLANG_TORCH_PROFILER_DIR=…`, `OLLAMA_NUM_PARALLEL=1`. The variable's name says the engine is in the run (vllm/envs.py,
 * sglang/srt/environ.py), not that the run is a server of it: an RL trainer's script exports VLLM_* for its
 * rollout engine too. So the engine is read weak, said with the variable, and a training run's own words win.
 * What a table reads of the variable (VLLM_USE_V1's engine, VLLM_GPU_MEMORY_UTILIZATION's share) it reads;
 * a value that is a name (`VLLM_TEST_MODEL="meta-llama/Llama-3.1-8B-Instruct"`) is left to the reader of names.
 */
const ENGINE_VARIABLE = /^(VLLM|SGLANG|OLLAMA)_[A-Z0-9]+(?:_[A-Z0-9]+)*$/;

/**
 * The engine word each variable's prefix says. Ollama's (`OLLAMA_NUM_PARALLEL=1`, `OLLAMA_CONTEXT_LENGTH`,
 * `OLLAMA_KEEP_ALIVE`: ollama envconfig/config.go) are read only by the Ollama server, which runs llama.cpp's
 * kernels: "A4000 (15GB vram) … 2048 context length OLLAMA_NUM_PARALLEL=1" (ollama/ollama#10458, corpus c2038)
 * was estimated as Hugging Face generate. Weak as the others: said with the variable.
 */
const ENGINE_OF_PREFIX: Readonly<Record<string, string>> = { VLLM: 'vllm', SGLANG: 'sglang', OLLAMA: 'ollama' };

/** A value that may name a model (letters and digits), as the unknown-key reader leaves for prose; a bare path does not. */
const NAME_VALUE = /[a-z].*\d|\d.*[a-z]/i;

/** The key's handler, or where the key is an engine's variable as written, one that says the engine where the handler reads nothing. */
export function engineVariableOr(handler: Handler | undefined, asWritten: string, value: string | undefined): Handler | undefined {
  const m = ENGINE_VARIABLE.exec(asWritten);
  if (!m || NAME_VALUE.test(value ?? '')) return handler;
  const engine = ENGINE_OF_PREFIX[m[1]!]!;
  return (v, ctx) => {
    const r = handler ? handler(v, ctx) : IGNORE;
    if (r === null) return null;
    if ('ignore' in r) return !r.unmodelled && !r.note ? { say: engine, weak: true } : r;
    // Ollama's variables are read by its server alone (no trainer exports them, as RL scripts export VLLM_* for a
    // rollout engine): what the table reads of one (OLLAMA_CONTEXT_LENGTH's length) is said with the engine.
    return m[1] === 'OLLAMA' && 'say' in r && !/\bollama\b/.test(r.say) ? { ...r, say: `${r.say} ${engine}` } : r;
  };
}
