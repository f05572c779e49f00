import { servedContextLengthOf, contextKeyOf } from '../catalog/context-lengths.js';
import { servingEngine } from '../memory/serving-budget.js';
import type { Scenario } from '../scenario/schema.js';

/**
 * The longest max-model-len a server accepts for the model: its own context (config.json's
 * max_position_embeddings, times a linear RoPE factor the server multiplies in). vLLM refuses a longer
 * one at start ("User-specified max_model_len … is greater than the derived max_model_len", vllm
 * config `_get_and_verify_max_len`, unless VLLM_ALLOW_LONG_MAX_MODEL_LEN=1), and SGLang alike
 * (model_config.py, unless SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1): however much KV cache the
 * card holds, "what is the longest context" is at most this. Undefined for other runs, and for models
 * whose context is unknown.
 */
export function servedContextLimit(s: Scenario): { tokens: number; engine: string; override: string } | undefined {
  const engine = servingEngine(s);
  if (engine !== 'vllm' && engine !== 'sglang') return undefined;
  const tokens = servedContextLengthOf(contextKeyOf(s.model), s.model.arch.maxPositions);
  if (tokens === undefined) return undefined;
  return engine === 'vllm'
    ? { tokens, engine: 'vLLM', override: 'VLLM_ALLOW_LONG_MAX_MODEL_LEN=1' }
    : { tokens, engine: 'SGLang', override: 'SGLANG_ALLOW_OVERWRITE_LONGER_CONTEXT_LEN=1' };
}
