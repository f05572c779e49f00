import type { Scenario } from '../scenario/schema.js';

/**
 * What differs between text-generation-inference releases at start-up (issue 23), read from
 * "tgi 1.3.0" / "tgi 2.0" (language/tgi-versions.ts). Unnamed, the newest release is assumed.
 * Every release here warms up the same way (server/text_generation_server/models/flash_causal_lm.py
 * `warmup`: one prefill of max_batch_prefill_tokens, prefill log-probs asked by the router since
 * v0.9.4, router/client/src/client.rs → backends/v3/src/client/grpc_client.rs), then sizes the KV
 * cache from what is free; the share of it, and the default prefill budget, changed.
 */

/** CUDA_MEMORY_FRACTION's default (server/text_generation_server/utils/dist.py, v0.9 → v3.3). */
export const TGI_MEMORY_FRACTION = 1;

/** [major, minor, patch] of a named release; null when none was named. */
export function tgiRelease(s: Scenario): [number, number, number] | null {
  return tgiReleaseOf(s.inference.tgiVersion);
}

/** [major, minor, patch] of a release as said ("1.0.1", "2.0"); null when none was named. */
export function tgiReleaseOf(version: string | undefined): [number, number, number] | null {
  const m = /^(\d+)\.(\d+)(?:\.(\d+))?$/.exec(version ?? '');
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : null;
}

/** The release is at least major.minor; nothing named is the newest. */
export function tgiAtLeast(s: Scenario, major: number, minor: number): boolean {
  return tgiVersionAtLeast(s.inference.tgiVersion, major, minor);
}

function tgiVersionAtLeast(version: string | undefined, major: number, minor: number): boolean {
  const release = tgiReleaseOf(version);
  if (release === null) return true;
  return release[0] > major || (release[0] === major && release[1] >= minor);
}

/**
 * How the release turns the memory left after the warm-up into KV blocks. Every release first takes
 * `free − (1 − MEMORY_FRACTION) × total` (flash_causal_lm.py warmup; utils/import_utils.py
 * get_cuda_free_memory), MEMORY_FRACTION being --cuda-memory-fraction / CUDA_MEMORY_FRACTION, 1.0
 * unless given (utils/dist.py; TGI_MEMORY_FRACTION). Then `share` of that (`of: 'free'`), or, from
 * v3.0, the share multiplies the fraction itself (`get_free_memory(device, MEMORY_FRACTION ×
 * TGI_WIGGLE_ROOM)`, `of: 'card'`).
 */
export interface TgiKvRule {
  of: 'free' | 'card';
  share: number;
  source: string;
}

export function tgiKvRule(s: Scenario): TgiKvRule {
  return tgiKvRuleOf(s.inference.tgiVersion);
}

/** tgiKvRule for a release as said ("1.0.1"); undefined is the newest. */
export function tgiKvRuleOf(version: string | undefined): TgiKvRule {
  const atLeast = (major: number, minor: number): boolean => tgiVersionAtLeast(version, major, minor);
  // v0.9.4 → v1.4.5: free_memory = mem_get_info free − (1 − MEMORY_FRACTION) × total, all of it KV.
  if (!atLeast(2, 0)) return { of: 'free', share: 1, source: 'TGI 1.x: every free byte after the warm-up is KV (CUDA_MEMORY_FRACTION 1.0, no wiggle room)' };
  // v2.0.0 → v2.2.0: `int((free_memory * 0.95) // total_cache_size)`, "Leave 5% for some wiggle room";
  // v2.3.0 names it TGI_WIGGLE_ROOM = 0.95 (models/globals.py, #2449), still of the free memory.
  if (!atLeast(2, 4)) return { of: 'free', share: 0.95, source: 'TGI 2.0–2.3: 95% of the memory free after the warm-up' };
  // v2.4.0: TGI_WIGGLE_ROOM 0.90 (#2600), of the free memory.
  if (!atLeast(3, 0)) return { of: 'free', share: 0.9, source: 'TGI 2.4: 90% of the memory free after the warm-up (TGI_WIGGLE_ROOM)' };
  // v3.0.0: get_free_memory(device, MEMORY_FRACTION × TGI_WIGGLE_ROOM) with 0.95 (#2808): the share is of the card.
  if (!atLeast(3, 1)) return { of: 'card', share: 0.95, source: 'TGI 3.0: what is free less 5% of the card (TGI_WIGGLE_ROOM 0.95)' };
  // v3.1.0 → v3.2.x: TGI_WIGGLE_ROOM 0.93 (#2958); v3.3.0 on: 0.90 (#3189).
  if (!atLeast(3, 3)) return { of: 'card', share: 0.93, source: 'TGI 3.1–3.2: what is free less 7% of the card (TGI_WIGGLE_ROOM 0.93)' };
  return { of: 'card', share: 0.9, source: 'TGI 3.3 on: what is free less 10% of the card (TGI_WIGGLE_ROOM 0.90)' };
}

/**
 * The TGI preset's words for the release the request named (or the newest): its default prefill
 * budget and its KV rule, each as tgiDefaultPrefillTokens and tgiKvRuleOf count them.
 */
export function tgiPresetWords(version: string | undefined): string {
  const prefill = !tgiVersionAtLeast(version, 2, 0)
    ? '4096 unless given'
    : !tgiVersionAtLeast(version, 3, 0)
      ? 'max-input-tokens + 50 unless given, the window less one capped at 4,096'
      : '4096 unless given, at most the window';
  const rule = tgiKvRuleOf(version);
  const named = tgiReleaseOf(version) !== null;
  const which = named ? `TGI ${version ?? ''}, the release named` : "the newest release; say tgi 1.3.0 or tgi 2.0 for an older one's";
  return `a warm-up prefill of max-batch-prefill-tokens (${prefill}), then KV blocks by the rule of ${rule.source}; ${which}`;
}

/**
 * --max-batch-prefill-tokens when not given (launcher/src/main.rs):
 * - v1.x: `#[clap(default_value = "4096")]`;
 * - v2.x: `max_input_tokens + 50`, max_input_tokens defaulting to max_position_embeddings − 1 with
 *   max_position_embeddings capped at 4096 ("tgi will now set its default to 4096");
 * - v3.x: `compute_optimal(...).unwrap_or(4096)`, capped at max_position_embeddings and by the VRAM
 *   the launcher estimates (counted as its 4096 fallback, tgi.ts).
 */
export function tgiDefaultPrefillTokens(s: Scenario, context: number | null): number {
  const window = context ?? 4096;
  if (!tgiAtLeast(s, 2, 0)) return 4096;
  if (!tgiAtLeast(s, 3, 0)) return Math.min(window, 4096) - 1 + 50;
  return Math.min(4096, window);
}
