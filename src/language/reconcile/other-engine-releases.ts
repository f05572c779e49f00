import type { Item } from '../items.js';
import { engineNamed } from './engine-evidence.js';

/**
 * A release of one engine beside a run on another is that engine's, not the run's: "tested on A100 80G …
 * `python3 -m sglang.launch_server --model internlm/internlm2-chat-7b` … `pip3 install lmdeploy==0.5.1`
 * `python3 -m lmdeploy serve api_server …`" (sgl-project/sglang#657, c3002: a benchmark PR comparing three
 * servers) read SGLang as the run, and yet kept "lmdeploy 0.5.1" as its release, with nothing said. A release
 * item names its engine (vllmVersion, tgiVersion, lmdeployVersion); where the message's other words name the
 * run's engine (after engine-evidence.ts chose among them) and it is another, the release is set aside with a
 * note. A release that is the only word naming its engine ("lmdeploy 0.5.0" in an environment block) stays.
 */

const RELEASE_OF: Record<string, string> = { vllmVersion: 'vLLM', tgiVersion: 'TGI', lmdeployVersion: 'LMDeploy' };

/** The engine the run uses, by the words other than releases: a serve item naming one, or TGI's program. */
function runEngine(items: readonly Item[]): string | null {
  const served = items.find((i) => i.kind === 'serve' && engineNamed(i) !== null);
  if (served) return engineNamed(served);
  if (items.some((i) => i.kind === 'framework' && i.value === 'tgi')) return 'TGI';
  return null;
}

export function releasesOfOtherEngines(items: Item[], notes: string[]): Item[] {
  const releases = items.filter((i) => RELEASE_OF[i.kind] !== undefined && !/^v[01]$/.test((i as { value: string }).value));
  if (releases.length === 0) return items;
  const engine = runEngine(items);
  if (engine === null) return items;
  const others = releases.filter((r) => RELEASE_OF[r.kind] !== engine);
  for (const r of others) notes.push(`"${r.text.trim()}" set aside: a release of ${RELEASE_OF[r.kind]}, not of ${engine}, the engine your run uses`);
  return others.length === 0 ? items : items.filter((i) => !others.includes(i));
}
