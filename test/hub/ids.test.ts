import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hubTokenAt, hubTokenSource, hubTokenSpans, isBareRepoId } from '../../src/hub/ids.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * The lexer, the prose reader and isBareRepoId share one compiled hub pattern (sticky) instead
 * of three differently wrapped copies. The copies they had are rebuilt here as the reference:
 * each use must find exactly what its own pattern found.
 */
const source = hubTokenSource();
const spansBefore = (text: string): [number, number][] =>
  [...text.matchAll(new RegExp(`(?<![a-z0-9._\\-/:])(?:${source})`, 'g'))].map((m) => [m.index, m.index + m[0].length]);
const anchored = new RegExp(`^(?:${source})$`);
const bareBefore = (text: string) => !text.includes(':') && anchored.test(text.toLowerCase());

const FRAGMENTS = [
  'meta-llama/Llama-2-7b-hf', 'https://huggingface.co/TheBloke/Llama-2-70B-GPTQ/tree/main', 'hf.co/a1/b2', 'www.huggingface.co/models/org/name',
  'bf16/fp16', '7b/13b', 'q/v', 'gate/up', 'config.json', 'configs/ds_z3.json', 'finetune/lora.py', 'oom/valueerror', 'unsloth/llama-3-8b-bnb-4bit',
  ' ', '/', '.', ':', '-', '_', 'x', 'ab', '12', '\n', 'http://', 'org/name.', '.org/name', 'a/b/c', 'Qwen/Qwen2.5-7B-Instruct',
];
/** Read once and shared by this file's tests (each loadCorpus() parses the whole file again). */
const corpus = loadCorpus();

const messy = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 12 }).map((parts) => parts.join(''));

describe('one compiled hub pattern', () => {
  it('finds in prose the spans the global look-behind pattern found (the real corpus, lower-cased)', () => {
    for (const line of corpus) {
      const text = line.text.toLowerCase();
      expect(hubTokenSpans(text), line.id).toEqual(spansBefore(text));
    }
  });

  it('finds the same spans on generated mixtures of ids, word pairs, paths and separators', () => {
    fc.assert(fc.property(messy, (raw) => void expect(hubTokenSpans(raw.toLowerCase())).toEqual(spansBefore(raw.toLowerCase()))), { numRuns: 500 });
  });

  it('tells a whole bare repo id as the lexer reads it: what the anchored pattern took, unless the lexer reads a shorter token there', () => {
    // The anchored copy backtracked into another alternative to reach the end ("…/org/name_" whole);
    // the lexer's sticky pattern takes its first alternative, so it never read such a text as one id.
    fc.assert(
      fc.property(messy, (text) => {
        if (isBareRepoId(text)) expect(bareBefore(text)).toBe(true);
        else if (bareBefore(text)) expect(hubTokenAt(text.toLowerCase(), 0)?.length ?? 0).toBeLessThan(text.length);
      }),
      { numRuns: 500 },
    );
    expect(isBareRepoId('www.huggingface.co/models/org/name_')).toBe(false);
    expect(isBareRepoId('Qwen/Qwen2.5-7B-Instruct')).toBe(true);
    expect(isBareRepoId('bf16/fp16')).toBe(false);
    expect(isBareRepoId('https://huggingface.co/org/name')).toBe(false);
  });

  it('finds at every position what the sticky pattern alone finds there: the pre-check before it skips no token', () => {
    const sticky = new RegExp(`(?:${source})`, 'y');
    const patternAt = (text: string, at: number) => {
      sticky.lastIndex = at;
      return sticky.exec(text)?.[0] ?? null;
    };
    // One expect per text, over the positions where the two differ: an expect per position, each
    // naming its text, was ~270,000 calls on the corpus's ~270,000 characters (17.6 s of this test
    // under load; the comparisons themselves take ~45 ms).
    const differences = (text: string) => {
      const differ: { at: number; found: string | null; sticky: string | null }[] = [];
      for (let at = 0; at <= text.length; at++) {
        const found = hubTokenAt(text, at);
        const sticky = patternAt(text, at);
        if (found !== sticky) differ.push({ at, found, sticky });
      }
      return differ;
    };
    fc.assert(fc.property(messy, (raw) => void expect(differences(raw.toLowerCase()), JSON.stringify(raw)).toEqual([])), { numRuns: 500 });
    for (const line of corpus) if (line.text.includes('/') || line.text.includes(':')) expect(differences(line.text.toLowerCase()), line.id).toEqual([]);
  });

  it('matches only where it is tried', () => {
    expect(hubTokenAt('see meta-llama/llama-2-7b-hf now', 4)).toBe('meta-llama/llama-2-7b-hf');
    expect(hubTokenAt('see meta-llama/llama-2-7b-hf now', 3)).toBeNull();
  });
});
