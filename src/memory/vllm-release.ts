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
  return release !== null && release[0] < 8 ? 'v0' : 'v1';
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
