import { describe, expect, it } from 'vitest';
import { findModel, modelById } from '../../src/catalog/index.js';
import { countParams } from '../../src/memory/parameters.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { contextLengthOf } from '../../src/catalog/context-lengths.js';

/**
 * Models the corpus named while the catalog lacked them (cat3, issue 22: "a model the catalog lacks is named as
 * unknown, never swapped"): Qwen3.8-27B ×8 (c1190 c1649 c1666 c1668 c1875 c1878 c1880 c1888), Qwen3.5-9B ×4 (c145 c204
 * c1244 c1770), Qwen3.5-4B ×2 (c1684 c1763), Qwen3.5-0.8B (c1407), Qwen3.5-122B-A10B (c1641), Qwen2-57B-A14B (c1853),
 * Falcon-180B (c1877), GPT-Neo-1.3B (c1899). Each is read from the names people write: Hub ids,
 * quantised uploads, Ollama tags, spaced and dashed forms, other cases.
 */
function modelOf(text: string): { id: string | null; said: string } {
  const outcome = resolveRequest(text, null);
  if (!outcome.ok || !outcome.scenario) throw new Error(`"${text}" did not resolve`);
  return { id: outcome.scenario.model.id, said: outcome.assumptions.join(' | ') };
}

const NAMES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['qwen3.8-27b', ['Qwen/Qwen3.8-27B', 'Qwen3.8-27B', 'qwen3.8 27b', 'Qwen 3.8 27B', 'qwen3.8:27b', 'Qwen3.8-27B-FP8', 'mlx-community/Qwen3.8-27B-4bit']],
  ['qwen3.5-9b', ['Qwen/Qwen3.5-9B', 'Qwen3.5-9B', 'qwen3.5 9b', 'Qwen 3.5 9B', 'qwen3.5:9b', 'unsloth/Qwen3.5-9B-GGUF']],
  ['qwen3.5-4b', ['Qwen/Qwen3.5-4B', 'Qwen3.5-4B', 'qwen3.5 4b', 'qwen3.5:4b']],
  ['qwen3.5-0.8b', ['Qwen/Qwen3.5-0.8B', 'Qwen3.5-0.8B', 'qwen3.5 0.8b', 'qwen3.5:0.8b']],
  ['qwen3.5-122b-a10b', ['Qwen/Qwen3.5-122B-A10B', 'Qwen3.5-122B-A10B', 'qwen3.5 122b a10b', 'qwen3.5:122b']],
  ['qwen2-57b-a14b', ['Qwen/Qwen2-57B-A14B-Instruct', 'Qwen2-57B-A14B', 'qwen2 57b a14b']],
  ['falcon-180b', ['tiiuae/falcon-180B', 'Falcon-180B', 'falcon 180b', 'falcon-180B-chat']],
  ['gpt-neo-1.3b', ['EleutherAI/gpt-neo-1.3B', 'gpt-neo-1.3B', 'GPT-Neo 1.3B']],
];

describe('the models the corpus named are catalog entries, found under the names people write (cat3)', () => {
  it.each(NAMES)('%s', (id, names) => {
    for (const name of names) {
      const { id: got, said } = modelOf(`${name} inference on 2x h100`);
      expect(got, name).toBe(id);
      expect(said, name).not.toMatch(/I don't know the model|nearest catalog model/);
    }
  });

  it('every alias of the new entries finds its own entry, in any case and with any separator', () => {
    for (const [id] of NAMES) {
      for (const alias of modelById(id).aliases) {
        for (const variant of [alias, alias.toUpperCase(), alias.replace(/-/g, ' '), alias.replace(/-/g, '_')]) {
          expect(findModel(variant)?.id, variant).toBe(id);
        }
      }
    }
  });
});

describe('neighbours keep their entries: a new size is not read as the one beside it', () => {
  it.each([
    ['Qwen3.5-27B inference on 1x h100', 'qwen3.5-27b'],
    ['Qwen3.6-27B inference on 1x h100', 'qwen3.6-27b'],
    ['Qwen3.5-35B-A3B inference on 1x h100', 'qwen3.5-35b-a3b'],
    ['Qwen3-4B inference on 1x h100', 'qwen3-4b'],
    ['Qwen2-7B inference on 1x h100', 'qwen2-7b'],
    ['Falcon-40B inference on 2x h100', 'falcon-40b'],
    ['gpt-neox-20b inference on 2x h100', 'gpt-neox-20b'],
  ] as const)('%s', (text, id) => {
    expect(modelOf(text).id).toBe(id);
  });
});

describe('shapes: totals and active counts the names state', () => {
  it.each([
    ['qwen3.8-27b', 27e9, 27e9],
    ['qwen3.5-9b', 9e9, 9e9],
    ['qwen3.5-4b', 4.2e9, 4.2e9],
    ['qwen3.5-122b-a10b', 122e9, 10e9],
    ['qwen2-57b-a14b', 57.4e9, 14e9],
  ] as const)('%s', (id, total, active) => {
    const counted = countParams(modelById(id).arch);
    expect(counted.total / total).toBeGreaterThan(0.98);
    expect(counted.total / total).toBeLessThan(1.02);
    // The active counts include the embedding and LM head (the names' A10B / A14B count them too, roughly).
    expect(counted.active / active).toBeGreaterThan(0.95);
    expect(counted.active / active).toBeLessThan(1.15);
  });

  it('Qwen3.8-27B is Qwen3.5-27B field for field', () => {
    expect(modelById('qwen3.8-27b').arch).toEqual(modelById('qwen3.5-27b').arch);
  });

  it('the small Qwen3.5 models carry the hybrid decoder: 3 of every 4 layers linear, value heads as their configs', () => {
    expect(modelById('qwen3.5-9b').arch.linearAttention?.numValueHeads).toBe(32);
    expect(modelById('qwen3.5-4b').arch.linearAttention?.numValueHeads).toBe(32);
    expect(modelById('qwen3.5-0.8b').arch.linearAttention?.numValueHeads).toBe(16);
    expect(modelById('qwen3.5-122b-a10b').arch.linearAttention?.numValueHeads).toBe(64);
    expect(modelById('qwen3.5-4b').arch.tiedEmbeddings).toBe(true);
    expect(modelById('qwen3.5-9b').arch.tiedEmbeddings).toBe(false);
  });

  it('context windows from the configs', () => {
    for (const id of ['qwen3.8-27b', 'qwen3.5-9b', 'qwen3.5-4b', 'qwen3.5-0.8b', 'qwen3.5-122b-a10b']) expect(contextLengthOf(id)).toBe(262144);
    expect(contextLengthOf('falcon-180b')).toBe(2048);
  });
});
