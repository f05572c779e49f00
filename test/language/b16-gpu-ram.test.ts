import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Batch b16 (test/corpus/first-sight.md), c641: a GPU said to have "16GB of RAM" in its own clause
 * ("Each GPU in my configuration is equipped with 16GB of RAM") is the card's memory, not the
 * host's (prose/rules/hardware.ts, prose.host-ram).
 */
const lineText = (id: string) => loadCorpus().find((l) => l.id === id)!.text;
const memory = (text: string) => {
  const s = read(text).scenario;
  return { card: s.hardware ? Math.round(s.hardware.capacityBytes / 2 ** 30) : null, host: s.hostMemoryBytes ? s.hostMemoryBytes / 2 ** 30 : null };
};

describe("a GPU's own RAM is the card's memory", () => {
  it('c641 (meta-llama/llama-cookbook#309): "Each GPU … is equipped with 16GB of RAM" is a 16 GB card', () => {
    expect(memory(`llama-2-7b-hf ${lineText('c641')}`)).toEqual({ card: 16, host: null });
  });

  it.each([
    'llama-2-7b finetune, my GPU has 16GB of RAM',
    'llama-2-7b finetune; every card comes with 16 GB of RAM',
    'llama-2-7b finetune. The GPUs have 16GB RAM each',
  ])('%s', (text) => {
    expect(memory(text).card).toBe(16);
    expect(memory(text).host).toBeNull();
  });

  it('the machine\'s RAM in another clause stays host memory', () => {
    expect(memory('llama-2-7b finetune on a GPU, the server has 256GB of RAM').host).toBe(256);
    expect(memory('llama-2-7b finetune on an A100 80GB, 128GB of system RAM').host).toBe(128);
  });
});
