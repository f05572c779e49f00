import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODELS } from '../../src/catalog/index.js';
import { sameModelSize } from '../../src/language/families.js';
import { familyMembersAt } from '../../src/scenario/family-size.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';
import { readNoticed } from '../language/reading-fixtures.js';

/**
 * A family word and a size with no release ("Llama 70B", exllamav2#47, c649; "qwen32b", ms-swift#3560,
 * c776; "LLaMA 3B", torchtune#1758, c748) are the family's catalog model of that size — the lowest
 * generation the catalog does not mark superseded — not the nearest shape pinned to the size; the
 * release is the catalog's guess, said on the first screen with the other generations of that size.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!.text;
/** The first-screen doubt on the model: `Llama-2-70B — from "Llama 70B"? say … if …`. */
const doubt = (said: string, words: string) => new RegExp(`— from "${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\? say`).test(said);

describe('a family and a size with no release', () => {
  it.each([
    ['c649', 'llama-2-70b', 'Llama 70B', /say "llama-3-70b" or "llama-3\.1-70b" if you mean another generation/],
    ['c078', 'llama-2-70b', 'Llama 70B', /say "llama-3-70b" or "llama-3\.1-70b"/],
    ['c776', 'qwen2.5-32b', 'qwen32b', /say "qwen3-32b" or "qwen1\.5-32b"/],
    ['c748', 'llama-3.2-3b', 'LLaMA 3B', /say the model's name or size if not/],
  ])('%s: read as %s, the release asked on the first screen', (id, model, words, correction) => {
    const { s, said } = readNoticed(line(id));
    expect(s.model.id).toBe(model);
    expect(doubt(said, words)).toBe(true);
    expect(said).toMatch(correction);
  });

  it.each([
    ['run llama 70b on 2x a100', 'llama-2-70b', 'llama 70b'],
    ['LLAMA-70B inference on 4x A6000', 'llama-2-70b', 'LLAMA-70B'],
    ['llama70b on 4 H100', 'llama-2-70b', 'llama70b'],
    ['llama_70b lora on 8x a100', 'llama-2-70b', 'llama_70b'],
    ['用llama 70b推理，4张A100', 'llama-2-70b', 'llama 70b'],
    ['fine-tune llama 8b with lora on a 4090', 'llama-3-8b', 'llama 8b'],
    ['Qwen-32B inference on 2x 4090', 'qwen2.5-32b', 'Qwen-32B'],
    ['qwen 32B 全量微调 8张H100', 'qwen2.5-32b', 'qwen 32B'],
    ['gemma 9b qlora on a t4', 'gemma-2-9b', 'gemma 9b'],
    ['Gemma-27B serve on an A100', 'gemma-2-27b', 'Gemma-27B'],
    ['starcoder-7b lora on a 4090', 'starcoder2-7b', 'starcoder-7b'],
  ])('%s: %s, said as a guess of the release', (text, model, words) => {
    const { s, said } = readNoticed(text);
    expect(s.model.id).toBe(model);
    expect(doubt(said, words)).toBe(true);
  });

  it.each([
    ['Llama3 70B inference on 4x A100', 'llama-3-70b'],
    ['llama 3.1 70b on 4x a100', 'llama-3.1-70b'],
    ['llama-2 70b lora on 8x a100', 'llama-2-70b'],
    ['qwen2.5 32b on 2x 4090', 'qwen2.5-32b'],
    ['gemma 3 27b on a 4090', 'gemma-3-27b'],
    ['mistral 7b inference on a 3090', 'mistral-7b'],
  ])('%s: the release said is read, with no doubt on it', (text, model) => {
    const { s, said } = readNoticed(text);
    expect(s.model.id).toBe(model);
    expect(said).not.toMatch(/another generation|say the model's name or size/);
  });

  it("in a thread, the thread's release is the evidence the words lack: \"llama 70b\" after Llama-3-8B is Llama-3-70B", () => {
    const opened = resolveRequest('llama-3-8b lora on a 4090', null);
    expect(opened.ok).toBe(true);
    const base = opened.ok ? opened.scenario! : null;
    const next = resolveRequest('what about llama 70b', base);
    expect(next.ok && next.scenario!.model.id).toBe('llama-3-70b');
    const other = resolveRequest('what about qwen 32b', base);
    expect(other.ok && other.scenario!.model.id).toBe('qwen2.5-32b');
  });

  it('a size the family has no model of stays the nearest shape, pinned to the size said', () => {
    const { s } = readNoticed('llama 20b lora on a 4090');
    expect(s.model.id).toBeNull();
    expect(s.model.requestedParams).toBe(20e9);
  });

  it('the order: not superseded before superseded, then the lowest generation', () => {
    expect(familyMembersAt(32e9, 'qwen').map((m) => m.id)).toEqual(['qwen2.5-32b', 'qwen3-32b', 'qwen1.5-32b']);
    expect(familyMembersAt(70e9, 'llama').map((m) => m.id)).toEqual(['llama-2-70b', 'llama-3-70b', 'llama-3.1-70b']);
    expect(familyMembersAt(7e9, 'llama').map((m) => m.id)).toEqual(['llama-1-7b', 'llama-2-7b']);
    // Mistral Small 2409 (22B) joined the catalog in rcat2; Mistral has no 30B.
    expect(familyMembersAt(22e9, 'mistral').map((m) => m.id)).toEqual(['mistral-small-22b']);
    expect(familyMembersAt(30e9, 'mistral')).toEqual([]);
  });

  /** Family words and sizes the catalog has: every dense text member named family[-generation]-size. */
  const pairs = [
    ...new Set(
      MODELS.flatMap((m) => {
        const found = /^([a-z]+)(?:-?v?\d+(?:\.\d+)?)?-(\d+(?:\.\d+)?)b$/.exec(m.id);
        return found && !m.arch.vision && !((m.arch.experts ?? 0) > 1) ? [`${found[1]}|${found[2]}`] : [];
      }),
    ),
  ].map((p) => p.split('|') as [string, string]);

  it('any family word and size of the catalog, in any case and separator, reads as a member of that size, said as a guess where several releases have it (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...pairs), fc.constantFrom(' ', '-', '_', ''), fc.constantFrom('b', 'B'), fc.boolean(), ([family, size], sep, unit, upper) => {
        const words = `${upper ? family.toUpperCase() : family}${sep}${size}${unit}`;
        const r = readNoticed(`${words} lora on 8x a100`);
        // A catalog model of that size, by its name ("gemma 2b" is Gemma-2B, 2.5B) or its count ("starcoder
        // 15b" is StarCoder, 15.5B), never a refusal or a shape.
        const spec = MODELS.find((m) => m.id === r.s.model.id);
        expect(spec, words).toBeDefined();
        expect(spec!.id.endsWith(`-${size}b`) || sameModelSize(spec!.publishedParams, Number(size) * 1e9), words).toBe(true);
        // Where the catalog has that size in several releases, the one read is said as a guess, never silently.
        if (familyMembersAt(Number(size) * 1e9, family).length > 1) expect(doubt(r.said, words)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});
