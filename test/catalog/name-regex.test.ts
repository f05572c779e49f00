import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GPUS, MODELS } from '../../src/catalog/index.js';
import { INSTANCES, instanceSpellings } from '../../src/catalog/instances.js';
import { NAME_GUARD, alternation, chunks, compact, flexibleSource } from '../../src/language/spelling.js';

/**
 * The catalog's names reach the lexer as one regex (a trie of chunks since the catalog doubled).
 * Reference semantics: a flat alternation, longest spelling first, each branch guarded.
 */
function flatReference(spellings: string[], guard: string): RegExp {
  const branches = [...new Set(spellings.filter((s) => chunks(s).length))]
    .map((s) => ({ length: compact(s).length, source: flexibleSource(s) + guard }))
    .sort((a, b) => b.length - a.length || a.source.localeCompare(b.source));
  return new RegExp(`(?:${branches.map((b) => b.source).join('|')})`, 'y');
}

function firstMatch(re: RegExp, text: string): string | null {
  re.lastIndex = 0;
  return re.exec(text)?.[0] ?? null;
}

const CATALOGS = {
  models: MODELS.flatMap((m) => [m.id, m.name, ...m.aliases]),
  gpus: GPUS.flatMap((g) => [g.id, g.name, ...g.aliases]),
  instances: INSTANCES.flatMap(instanceSpellings),
};

describe('catalog names as one lexer regex', () => {
  it.each(Object.entries(CATALOGS))('%s: the trie matches exactly what the longest-first list matches', (_name, spellings) => {
    const trie = new RegExp(`(?:${alternation(spellings.map((spelling) => ({ spelling, guard: NAME_GUARD })))})`, 'y');
    const flat = flatReference(spellings, NAME_GUARD);
    const tails = ['', ' on h100', '-instruct', '.5', 's', ' 8b', 'x', '-80', ' vs 13b'];
    fc.assert(
      fc.property(fc.constantFrom(...spellings), fc.constantFrom(...tails), fc.constantFrom('-', ' ', '', '_'), fc.integer({ min: 0, max: 3 }), (spelling, tail, sep, cut) => {
        const respelled = spelling.toLowerCase().replace(/[-\s_]/g, sep);
        const text = (cut ? respelled.slice(0, -cut) : respelled) + tail;
        expect(firstMatch(trie, text)).toBe(firstMatch(flat, text));
      }),
      { numRuns: 2000 },
    );
  });

  it('is a fraction of the flat list in size (the lexer compiles it on the first request)', () => {
    const entries = CATALOGS.models.map((spelling) => ({ spelling, guard: NAME_GUARD }));
    expect(alternation(entries).length).toBeLessThan(flatReference(CATALOGS.models, NAME_GUARD).source.length * 0.6);
  });
});
