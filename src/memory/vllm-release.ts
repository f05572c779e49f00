import type { Scenario } from '../scenario/schema.js';

/**
 * What differs between vLLM releases at start-up (issue 23), read from "vllm 0.6.4" / "vllm v0"
 * (language/vllm-versions.ts). Unnamed, the current V1 engine is assumed.
 */

export type VllmEngine = 'v0' | 'v1';

/** [minor, patch] of a named 0.x(.y) release; null when only the engine, or nothing, was named. */
export function vllmRelease(s: Scenario): [number, number] | null {
  const m = /^0\.(\d+)(?:\.(\d+))?$/.exec(s.inference.vllmVersion ?? '');
  return m ? [Number(m[1]), Number(m[2] ?? 0)] : null;
}

/**
 * The engine: V1 is the default from v0.8.0 (vllm/envs.py VLLM_USE_V1); earlier releases have only
 * the V0 engine (vllm/worker/worker.py, vllm/engine/llm_engine.py). "v0" names VLLM_USE_V1=0.
 */
export function vllmEngine(s: Scenario): VllmEngine {
  const named = s.inference.vllmVersion;
  if (named === 'v0' || named === 'v1') return named;
  const release = vllmRelease(s);
  if (release !== null && release[0] < 8) return 'v0';
  // The 0.8 series runs pipeline parallelism on V1 only with the Ray executor; the default
  // multiprocessing executor falls back to V0 (vllm/engine/arg_utils.py _is_v1_supported_oracle: "PP
  // is supported on V1 with Ray distributed executor, but off for MP distributed executor for now";
  // the log says "Pipeline Parallelism without Ray distributed executor is not supported by the V1
  // Engine. Falling back to V0"). Later releases accept "mp" there.
  if (release !== null && release[0] === 8 && s.parallel.pp > 1) return 'v0';
  // Encoder-decoder models (Llama 3.2 Vision's cross-attention) never ran on V1: the oracle falls back
  // to V0 for them (vllm/engine/arg_utils.py _is_v1_supported_oracle, 0.8 → 0.10: "No Mamba or
  // Encoder-Decoder so far. if not model_config.is_v1_compatible: _raise_or_fallback(…)"), and
  // mllama.py declares `MllamaForConditionalGeneration(nn.Module, SupportsMultiModal, SupportsV0Only)`.
  if ((s.model.arch.crossAttentionLayers ?? 0) > 0) return 'v0';
  return 'v1';
}

/**
 * V0 keeps one scheduler and one cache engine per pipeline stage in flight (virtual engines) and
 * splits the GPU blocks among them (vllm/core/scheduler.py Scheduler: `num_gpu_blocks //=
 * pipeline_parallel_size`); one sequence must fit in one share (vllm/worker/worker.py
 * raise_if_cache_size_invalid: `max_seq_len = block_size * (num_gpu_blocks //
 * pipeline_parallel_size)`). V1 keeps one pool.
 */
export function vllmVirtualEngines(s: Scenario): number {
  return vllmEngine(s) === 'v0' ? s.parallel.pp : 1;
}

/**
 * vLLM refuses to start when its KV cache cannot hold one sequence of max-model-len only from
 * vllm#2163 ("[BugFix] Raise error when max_model_len is larger than KV cache size", merged
 * 2023-12-18, after v0.2.6; first released in v0.2.7, vllm#2337, 2024-01-04): "Currently, vLLM
 * hangs when the length of a single sequence is larger than the system's KV cache size." Before
 * it the server starts on any positive pool and a longer request is never scheduled.
 */
export function vllmChecksOneSequence(s: Scenario): boolean {
  return vllmAtLeast(s, 2, 7);
}

/**
 * The release is at least 0.minor.patch. "v0" without a release is read as the last V0 releases
 * (0.7.3 and the V0 engine kept behind VLLM_USE_V1=0 in 0.8–0.10); nothing named is the newest.
 */
export function vllmAtLeast(s: Scenario, minor: number, patch = 0): boolean {
  const release = vllmRelease(s);
  if (release === null) return true;
  return release[0] > minor || (release[0] === minor && release[1] >= patch);
}

/**
 * vLLM caches DeepSeek's compressed latent (MLA) from v0.7.1 (vllm/attention/backends/mla,
 * `use_mla` in vllm/config.py ModelConfig). Before it, DeepseekV2Attention
 * (vllm/model_executor/models/deepseek_v2.py, v0.5.0 → v0.7.0) decompressed K and V per head and
 * padded both to 256 (`torch.nn.functional.pad(k, [0, 256 - self.qk_head_dim])`, the same for v),
 * so the paged cache held 2 × heads × 256 values a layer.
 */
export function vllmCachesLatent(s: Scenario): boolean {
  return vllmAtLeast(s, 7, 1);
}

/** The padded head width of the pre-MLA DeepSeek attention in vLLM before v0.7.1. */
export const PRE_MLA_PADDED_HEAD = 256;
