import { VLLM_RELEASE } from '../vllm-versions.js';
import { SHIFTED_LOGITS_RELEASES } from '../transformers-versions.js';
import { llamafactoryRelease } from '../llamafactory-versions.js';

/**
 * A program's release written after its name ("vllm 0.6.4", "tgi v3.3", "llamafactory==0.8.3"): what
 * prose.version and prose.software-version keep as a setting instead of blanking it as a version
 * that is no setting (rules/names.ts). Each names the table that reads the release.
 */

/** "tgi 1.3.0", "text-generation-inference:2.0.4", "tgi v3.3": TGI's release, read as vLLM's is (tgi-versions.ts). */
export function namesTgiRelease(m: RegExpExecArray): boolean {
  return /^v?[123]\.\d(?:\.\d)?$/.test(m[0]) && /(?:\btgi|text[-_ ]generation[-_ ]inference)[\s:]*v?$/.test(m.input.slice(Math.max(0, m.index - 30), m.index));
}

/** "lmdeploy 0.2.1", "lmdeploy==0.4.0": the release language/lmdeploy-versions.ts reads (issue 23, vb9 v247). */
export function namesLmdeployRelease(m: RegExpExecArray): boolean {
  return /^(?:==\s*|v)?0\.(?:[1-9]|10)(?:\.[0-6])?$/.test(m[0]) && /lmdeploy[\s]*(?:==\s*)?v?$/.test(m.input.slice(Math.max(0, m.index - 12), m.index));
}

/**
 * "transformers 4.46.1", "transformers==4.48.3", "transformers v4.47": a release
 * language/transformers-versions.ts reads (issue 23, vt v265), matched either as the bare version
 * (prose.version) or with the library's name before it (prose.software-version). Only the spellings
 * the name table has: "Transformers version: 4.46.1" in an environment report stays blanked.
 */
export function namesTransformersRelease(m: RegExpExecArray): boolean {
  const version = /^(?:transformers(?:\s+|\s*==\s*))?(?:==\s*|v)?(4\.4[6-9](?:\.\d)?)$/i.exec(m[0]);
  if (!version || !SHIFTED_LOGITS_RELEASES.includes(version[1]!)) return false;
  return /^transformers/i.test(m[0]) || /transformers[ \t]*(?:==\s*)?v?$/i.test(m.input.slice(Math.max(0, m.index - 16), m.index));
}

/**
 * "llamafactory 0.8.2.dev0", "LLaMA-Factory==0.9.1", "llmtuner v0.6.2": the release
 * language/llamafactory-versions.ts reads, its build suffix blanked (hiyouga/LlamaFactory#4757, c504).
 */
export function llamafactoryReleaseOf(m: RegExpExecArray): string | null {
  if (!/(?:llamafactory|llama[-_ ]factory|llmtuner)[*`]*[\s:]*(?:version[\s:]*)?$/.test(m.input.slice(Math.max(0, m.index - 24), m.index))) return null;
  const release = llamafactoryRelease(m[0].replace(/^==\s*/, ''));
  if (!release) return null;
  // "==" goes to a space: "llama-factory==0.6.2" is no spelling the name table joins through the hyphen.
  const at = m[0].indexOf(release);
  return (m[0].slice(0, at).replace(/==\s*/, ' ') + release).padEnd(m[0].length);
}

/** "torchtune 0.1.1", "torchtune==0.2.0": the release language/torchtune-versions.ts reads (issue 23, vb6 v161). */
export function namesTorchtuneRelease(m: RegExpExecArray): boolean {
  return /^(?:==\s*|v)?0\.[1-6](?:\.\d)?$/.test(m[0]) && /torchtune[\s]*(?:==\s*)?v?$/.test(m.input.slice(Math.max(0, m.index - 12), m.index));
}

/**
 * "vllm 0.6.4", "vllm==0.5.4", "vllm v0.5.4": vLLM's release is a setting (vllm-versions.ts reads
 * it; what vLLM holds at start-up depends on it), so it stays when it is bare (no post/rc suffix).
 */
const BARE_VLLM_RELEASE = new RegExp(String.raw`^(?:==\s*|v)?${VLLM_RELEASE}(?:\.\d)?$`);
export function namesVllmRelease(m: RegExpExecArray): boolean {
  return BARE_VLLM_RELEASE.test(m[0]) && /vllm[\s_\-]*(?:==\s*)?v?$/.test(m.input.slice(Math.max(0, m.index - 10), m.index));
}
