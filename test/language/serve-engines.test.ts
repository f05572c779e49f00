import { describe, expect, it } from 'vitest';
import { engineNamed } from '../../src/language/reconcile/engine-evidence.js';
import { SERVE_ENGINES, serveEngineNamed } from '../../src/language/serve-engines.js';
import { ENGINE_NAMED, KEYWORDS } from '../../src/language/vocabulary.js';
import type { Item } from '../../src/language/items.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * One table of the serving engines a serve word names (language/serve-engines.ts): the reconciler
 * reads which engine the words name from it, the resolver how that engine's memory is counted.
 * COUNTED_AS_VLLM (scenario/resolve-serving.ts) had repeated three of its regexes, and the
 * reconciler's list had left mistral.rs and DeepSpeed-MII out.
 */
const serveSpellings = KEYWORDS.filter((k) => k.type === 'serve').flatMap((k) => k.spellings);
const resolved = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { server: r.scenario.inference?.server, said: r.assumptions.join(' | ') };
};

describe('the serving engines, one table', () => {
  it("each engine's name is how its words name it", () => {
    for (const e of SERVE_ENGINES) expect(serveEngineNamed(e.name)?.name, e.name).toBe(e.name);
  });

  it('every serve spelling that names an engine names one in the table, and a plain serve word none', () => {
    for (const spelling of serveSpellings) {
      const namesOne = ENGINE_NAMED.test(spelling) && !/text generation/.test(spelling);
      expect(serveEngineNamed(spelling) !== undefined, spelling).toBe(namesOne);
    }
  });

  it('the reconciler names the engine the table names, for every serve spelling', () => {
    for (const spelling of serveSpellings) {
      const item = { kind: 'serve', text: spelling } as Item;
      expect(engineNamed(item), spelling).toBe(serveEngineNamed(spelling)?.name ?? null);
    }
  });

  it.each(SERVE_ENGINES.map((e) => [e.name, e] as const))('%s is counted as the table says', (name, engine) => {
    const { server, said } = resolved(`${name} mistral-7b on 1x a100-80g`);
    expect(server).toBe(engine.counted.by === 'own' ? engine.counted.server : undefined);
    if (engine.counted.by === 'vllm-layout') expect(said).toContain(`${name} ("${name}") counted with vLLM's memory layout: ${engine.counted.why}`);
    else expect(said).not.toMatch(/counted with vLLM's memory layout/);
  });
});
