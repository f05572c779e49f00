import type { Item } from '../items.js';

/**
 * vLLM's release and its engine said together: "vllm 0.8.3" in a post's versions and
 * `VLLM_USE_V1=0 vllm serve …` on its command (vllm-project/vllm#15664, corpus c368). The item
 * language holds one of them (`vllm 0.8.3` or `vllm v0`, memory/vllm-release.ts): from 0.7 on a
 * release ships both engines and the variable picks one, so the engine is what the run uses, and
 * "vllm v0" already estimates V0 as the 0.8–0.10 releases keep it. Before 0.7 there was only V0:
 * the two stay, for the resolver to report.
 */

type VersionItem = Extract<Item, { kind: 'vllmVersion' }>;
const ENGINE = /^v[01]$/;
/** [minor] of a 0.x(.y) release, null for an engine word. */
const minorOf = (i: VersionItem) => (ENGINE.test(i.value) ? null : Number(/^0\.(\d+)/.exec(i.value)?.[1] ?? NaN));

export function vllmEngines(items: Item[], notes: string[]): Item[] {
  const said = items.filter((i): i is VersionItem => i.kind === 'vllmVersion');
  const engines = said.filter((i) => ENGINE.test(i.value));
  const releases = said.filter((i) => !ENGINE.test(i.value));
  if (engines.length === 0 || releases.length === 0 || new Set(engines.map((i) => i.value)).size > 1) return items;
  if (!releases.every((r) => (minorOf(r) ?? 0) >= 7)) return items;
  const engine = engines[0]!;
  for (const r of releases) {
    notes.push(`"${engine.text.trim()}" picks vLLM's ${engine.value.toUpperCase()} engine of "${r.text.trim()}": estimated as vllm ${engine.value} (one of release and engine is read; ${r.value} ships both engines)`);
  }
  return items.filter((i) => !releases.includes(i as VersionItem));
}
