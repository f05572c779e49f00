import { describe, expect, it } from 'vitest';
import { parseRequest, type Item } from '../../src/language/parse.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A release number is no count of cards: a fraction after "on" that ends its clause is a version
 * (prose.release-after-on), ROCm's version is blanked as CUDA's is (prose.software-version), and the
 * grammar counts cards only with a whole number (build.ts wholeCount).
 */

type Hardware = Extract<Item, { kind: 'hardware' }>;
const lineText = (id: string) => loadCorpus().find((l) => l.id === id)!.text;
const read = (text: string) => {
  const outcome = parseRequest(text);
  if (!outcome.ok) return { ok: false as const, message: outcome.error.message };
  const hardware = outcome.items.filter((i): i is Hardware => i.kind === 'hardware');
  const model = outcome.items.find((i) => i.kind === 'model');
  return { ok: true as const, counts: hardware.map((h) => h.count), capacities: hardware.map((h) => h.capacityGiB), model: model?.text ?? null };
};

describe('a release after "on" is no setting', () => {
  it('c1642 (ROCm/legacy-rocm-build#5902): the title "Ollama Out of Memory on 7.2" no longer swallows the model its ollama list row names', () => {
    const r = read(lineText('c1642'));
    expect(r.ok && r.model).toMatch(/qwen3:14b/i);
    expect(r.ok && r.counts.every((c) => c === null || c === 1)).toBe(true);
  });

  it.each([
    ['Ollama OOM on 7.2. I run qwen3:14b-q8_0 on my Radeon with 96GB', 96],
    ['it worked on 2.1, fails on 2.3: llama-3-8b inference on a 24GB card', 24],
    ['Broke on v0.6.\nmistral-7b inference on 16GB', 16],
    ['ROCm 6.1, llama-3-8b inference on 48GB', 48],
  ])('"%s" reads the model and the card, not the release', (text, gib) => {
    const r = read(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.model).not.toBeNull();
    expect(r.capacities).toContain(gib);
    expect(r.counts.every((c) => c === null || Number.isInteger(c))).toBe(true);
  });

  it('a whole number after "on" still counts the cards', () => {
    const r = read('llama-3-8b bf16 inference on 8 a100');
    expect(r.ok && r.counts).toEqual([8]);
  });

  it('a fraction never counts cards in the grammar', () => {
    const r = read('llama-3-8b inference on 2.5 a100');
    expect(!r.ok || r.counts.every((c) => c === null || Number.isInteger(c))).toBe(true);
  });
});
