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

describe('a memory no card of its name holds is the machine\'s RAM', () => {
  // The lead's stranger test (2026-12-03): "on 4x a6000 with 256GB RAM" lost the 256 GB as "a card's
  // size"; no A/H/V card holds 150 GB or more, so it is host RAM. "A100 with 80GB RAM" stays the card's.
  it.each([
    ['7b full zero2 offload optimizer on 4x a6000 with 256GB RAM', 256],
    ['7b full zero3 offload optimizer offload params on 8x h100 with 1.5TB RAM', 1536],
    ['13b full zero2 offload optimizer on 2 a100 with 512 GB of RAM', 512],
  ])('%s', (text, gib) => {
    expect(memory(text).host).toBe(gib);
  });

  it('"an A100 with 80GB RAM" is the card\'s memory, not the host\'s', () => {
    expect(memory('7b lora on an A100 with 80GB RAM')).toEqual({ card: 79, host: null }); // the A100 80GB, 79 GiB
  });
});
