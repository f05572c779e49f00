import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * b19, turboderp-org/exllamav2#37 (corpus c724): "How much additional VRAM per 1k context? … not sure
 * if that would fill up if using 16k context". A length after "per" is a rate's unit
 * (prose.per-length): the run's length is the 16k.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('a length after "per" is no length of the run', () => {
  it('c724: seq 16384, not 1024', () => {
    expect(read(line('c724').text).scenario.seq).toBe(16384);
  });

  it.each([
    ['34b 4bit on a 4090, how much vram for every 1k tokens? I want 16k context', 16384],
    ['llama-2-13b on 1x 3090 seq 4096: what does each 1000 tokens of context cost?', 4096],
    ['llama-2-13b on 1x 3090, memory per 2k ctx, at seq 8192', 8192],
  ])('%s', (text, seq) => {
    expect(read(text).scenario.seq).toBe(seq);
  });

  it('a length said without "per" is still read', () => {
    expect(read('llama-2-13b on 1x 3090 with 1k context').scenario.seq).toBe(1024);
  });
});
