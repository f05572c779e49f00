import type { Item } from '../items.js';

/**
 * Several releases of one serving engine named in one message are releases compared, not the run's
 * ("vLLM 0.2.3: # GPU blocks: 1464 … vLLM 0.2.4: … vLLM 0.2.5 and main: # GPU blocks: 112", vllm-project/vllm
 * #2136, c648; "lmdeploy 0.4.0 works, lmdeploy 0.5.3 runs out of memory"). Two readings that disagree with
 * the same evidence are asked, not guessed (issue 22, item 5): the first had been read as the run's release
 * with nothing said. None is read, the engine stays (another word names it), and the reply says the releases
 * and how to name one. vLLM's engine words ("vllm v0", "vllm v1") are no release: reconcile/vllm-engine.ts.
 */

const KINDS = [
  { kind: 'vllmVersion', name: 'vLLM', spelt: 'vllm' },
  { kind: 'tgiVersion', name: 'TGI', spelt: 'tgi' },
  { kind: 'lmdeployVersion', name: 'lmdeploy', spelt: 'lmdeploy' },
] as const;

type ReleaseItem = Extract<Item, { kind: 'vllmVersion' | 'tgiVersion' | 'lmdeployVersion' }>;
const ENGINE_WORD = /^v[01]$/;

/** Whether another item names the engine, so the releases can go and the engine stay. */
function engineNamedBesides(items: readonly Item[], kind: ReleaseItem['kind']): boolean {
  if (kind === 'tgiVersion') return items.some((i) => i.kind === 'framework' && i.value === 'tgi');
  return items.some((i) => i.kind === 'serve');
}

export function severalReleases(items: Item[], notes: string[]): Item[] {
  let out = items;
  for (const { kind, name, spelt } of KINDS) {
    const said = out.filter((i): i is ReleaseItem => i.kind === kind && !ENGINE_WORD.test(i.value));
    const values = [...new Set(said.map((i) => i.value))];
    if (values.length < 2 || !engineNamedBesides(out, kind)) continue;
    notes.push(`several ${name} releases named (${values.join(', ')}): none is read as your run's; say "${spelt} ${values[values.length - 1]}" (or the one you run) to estimate with its start-up memory`);
    out = out.filter((i) => !said.includes(i as ReleaseItem));
  }
  return out;
}
