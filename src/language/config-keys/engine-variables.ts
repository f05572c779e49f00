import { IGNORE, type Handler } from './values.js';

/**
 * A serving engine's own environment variable, written in capitals before a command or exported by a script:
 * `VLLM_ATTENTION_BACKEND=FLASHINFER`, `VLLM_TEST_MODEL=…` with `VLLM_GPU_MEMORY_UTILIZATION=0.85` before
 * `python -m pytest tests/v1/…` (vllm-project/vllm#48943, corpus c3094, b92: read as Hugging Face generate),
 * `SGLANG_TORCH_PROFILER_DIR=…`. The variable's name says the engine is in the run (vllm/envs.py,
 * sglang/srt/environ.py), not that the run is a server of it: an RL trainer's script exports VLLM_* for its
 * rollout engine too. So the engine is read weak, said with the variable, and a training run's own words win.
 * What a table reads of the variable (VLLM_USE_V1's engine, VLLM_GPU_MEMORY_UTILIZATION's share) it reads;
 * a value that is a name (`VLLM_TEST_MODEL="meta-llama/Llama-3.1-8B-Instruct"`) is left to the reader of names.
 */
const ENGINE_VARIABLE = /^(VLLM|SGLANG)_[A-Z0-9]+(?:_[A-Z0-9]+)*$/;

/** A value that may name a model (letters and digits), as the unknown-key reader leaves for prose; a bare path does not. */
const NAME_VALUE = /[a-z].*\d|\d.*[a-z]/i;

/** The key's handler, or where the key is an engine's variable as written, one that says the engine where the handler reads nothing. */
export function engineVariableOr(handler: Handler | undefined, asWritten: string, value: string | undefined): Handler | undefined {
  const m = ENGINE_VARIABLE.exec(asWritten);
  if (!m || NAME_VALUE.test(value ?? '')) return handler;
  const engine = m[1] === 'VLLM' ? 'vllm' : 'sglang';
  return (v, ctx) => {
    const r = handler ? handler(v, ctx) : IGNORE;
    if (r === null) return null;
    return 'ignore' in r && !r.unmodelled && !r.note ? { say: engine, weak: true } : r;
  };
}
