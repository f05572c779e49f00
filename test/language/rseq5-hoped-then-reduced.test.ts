import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A value only hoped for, then the one the run was brought back to (prose.reduced-to): c964
 * (godot-dodo thread): "I was trying to increase max_seq_size, (I was hoping for 1024 tokens) but
 * dropping it back to 512 gave me the same issue" had read seq 1024, the wish.
 */
const text = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

describe('a hoped-for value, then the value the run was brought back to', () => {
  it('c964: seq 512', () => {
    expect(read(text('c964')).scenario.seq).toBe(512);
  });

  it.each([
    ['starcoder full on 8x a100-80g: max_seq_size (I was hoping for 2048 tokens) but dropping it back to 1024 still OOMs', 'seq', 1024],
    ['llama-3-8b lora on 1x rtx-4090, context length, hoping for 8192, but I lowered it back to 4096 and it still fails', 'seq', 4096],
    ['mistral-7b lora on 1x a100-80g with batch size (we were hoping for 16) and had to reduce it back down to 4', 'mbs', 4],
  ])('%s', (t, field, v) => {
    const s = read(t).scenario;
    expect(field === 'seq' ? s.seq : s.microBatch).toBe(v);
  });

  it('a value reduced from, as before: "a batch size of 3. I had to reduce to 1"', () => {
    expect(read("llama-2-7b lora on 1x a10g, I wasn't able to use a batch size of 3. I had to reduce to 1.").scenario.microBatch).toBe(1);
  });
});
