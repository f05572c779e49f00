import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { scanHardware } from '../../src/language/hardware/index.js';
import { PHONE_CHIP_RULES } from '../../src/language/hardware/phone-chips.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A phone's system-on-chip is named by a number that looks like a memory: "Phone soc: snapdragon 778g"
 * (Vali-98/ChatterUI#193, c1768) had been read as one GPU of 778 GB. The chip's name is set aside whole
 * (hardware/phone-chips.ts), "Gen 3" with it (else 3 generated tokens).
 */

const chips = ['snapdragon 778g', 'Snapdragon 8 Gen 3', 'Snapdragon 865+', 'Qualcomm Snapdragon 8+ Gen 1', 'Dimensity 9000', 'MediaTek Dimensity 8100', 'Exynos 2100', 'Kirin 990', 'Helio G99', 'Tensor G3'];

describe('a phone chip is no card and no memory', () => {
  it('every rule reads its own example', () => {
    for (const rule of PHONE_CHIP_RULES) expect(scanHardware(rule.example.toLowerCase()).guarded.some((g) => g.rule === rule.id)).toBe(true);
  });

  it('c1768: the Galaxy A73 with its Snapdragon 778G reads no GPU', () => {
    const l = loadCorpus().find((x) => x.id === 'c1768')!;
    const r = resolveRequest(l.text, null);
    if (!r.ok || !r.scenario) throw new Error('c1768 not read');
    expect(r.scenario.hardware).toBeNull();
  });

  it('any chip, in any sentence around it, sets no card, memory, count or generated tokens', () => {
    // Prose around the chip (a short request in items refuses the words it does not know, "phone" among them).
    const sentences = [
      'I am running llama-3.2-3b q4_k_m on my phone, it has a %C chip. Why is it so slow?',
      'Running qwen2.5-1.5b q4_0 on a %C phone with 8GB RAM, is that enough memory?',
      'Phone soc: %C\nmodel: llama 3.2 1b q4_k_m\nIt crashes when loading the model.',
      'Trying gemma-2-2b gguf q4_k_m on my Galaxy S24 with %C, it runs out of memory.',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...chips), fc.constantFrom(...sentences), (chip, sentence) => {
        const r = resolveRequest(sentence.replace('%C', chip), null);
        if (!r.ok || !r.scenario) throw new Error(`not read: ${sentence.replace('%C', chip)}`);
        expect(r.scenario.hardware).toBeNull();
        expect(r.scenario.inference.newTokens).toBe(0);
      }),
      { numRuns: 40 },
    );
  });

  it('a card named beside the chip is still read', () => {
    const r = resolveRequest('llama-3-8b inference on an RTX 4090; my phone has a Snapdragon 8 Gen 3', null);
    if (!r.ok || !r.scenario) throw new Error('not read');
    expect(r.scenario.hardware?.gpuId).toBe('rtx-4090');
  });
});
