import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A MacBook's screen size is part of its name, never a count of devices (branch rframe5, issue 22 item 7: a
 * device the catalog lacks is read as what it is with its stated memory): "MacBook Air 15, M4 + 32GB of RAM"
 * (iagooar/qqqa#8, c2031) had been fifteen 32 GB GPUs in a layer split.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const canon = (text: string) => canonicalText(read(text).scenario);

describe('a MacBook with its screen size is one device of the memory said', () => {
  it.each([
    ['llama-3.1-8b q4_k_m with ollama, tested on MacBook Air 15, M4 + 32GB of RAM', '1x 32gb'],
    ['llama-3.1-8b q4_k_m with ollama on a MacBook Pro 16 M3 Max with 64GB', '1x 64gb'],
    ['llama-3.1-8b q4_k_m with ollama on my 14-inch MacBook Pro (M3 Pro, 36GB)', '1x 36gb'],
    ['llama-3.1-8b q4_k_m with ollama on a MacBook Pro 14" M4 Pro 48GB unified memory', '1x 48gb'],
  ])('%s', (text, want) => {
    const c = canon(text);
    expect(c).toContain(want);
    expect(c).not.toMatch(/\bpp \d+|\b1[3-6]x\b/);
  });

  it('a memory written right after the product stays the memory: "MacBook Pro 16GB"', () => {
    expect(canon('llama-3.1-8b q4_k_m with ollama on a MacBook Pro 16GB')).toContain('1x 16gb');
  });

  it('the real line c2031 (iagooar/qqqa#8)', () => {
    const c = canon(lineText('c2031'));
    expect(c).toContain('1x 32gb');
    expect(c).not.toMatch(/\bpp 15\b/);
  });
});
