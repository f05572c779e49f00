import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * A package list's Hugging Face stack ("accelerate 0.25.0.dev0", "transformers 4.36.0") says what is
 * installed under any trainer, not the program the run uses (rframe, issue 22): the framework follows
 * the run's own evidence, here QLoRA's PEFT k-bit training. And a GeForce number before 显卡 is the
 * card, never a count of 3090 cards. Real lines first, then invented variations.
 */

describe("the Hugging Face stack's version lines name no framework", () => {
  it('c335: a package list above a QLoRA script reads PEFT k-bit training (jwj7140/Gugugo#2)', () => {
    const { scenario } = corpusLineRead('c335');
    expect(scenario.framework).toBe('peft');
    expect(scenario.recompute).not.toBe('none');
  });

  it('property: any order of the list, any release, with or without bullets and backticks, leaves QLoRA to PEFT', () => {
    const pkg = fc.constantFrom('accelerate', 'transformers', 'trl', '`transformers`', '- transformers version:', '* accelerate');
    const release = fc.constantFrom('0.25.0.dev0', '4.36.0', '4.41.2', 'v0.8.6', '4.51.1');
    fc.assert(
      fc.property(fc.array(fc.tuple(pkg, release), { minLength: 1, maxLength: 3 }), fc.boolean(), (list, listFirst) => {
        const lines = list.map(([p, r]) => `${p} ${r}`).join('\n');
        const prose = 'QLoRA fine-tune of llama-2-7b, r 8, on my 3090 runs out of memory.';
        const { scenario } = read(listFirst ? `${lines}\n\n${prose}` : `${prose}\n\n${lines}`);
        expect(scenario.framework).toBe('peft');
      }),
      { numRuns: 30 },
    );
  });

  it('a word of use elsewhere still names it', () => {
    expect(read('LoRA fine-tune of llama-2-7b with the transformers Trainer on my 3090 runs out of memory.\n\ntransformers 4.36.0').scenario.framework).toBe('hf');
  });

  it('a transformers release whose memory differs is still read as the release', () => {
    const { scenario } = read('Full fine-tune of llama-3-8b on 1x h100 runs out of memory.\n\ntransformers 4.46.1');
    expect(JSON.stringify(scenario)).toMatch(/4\.46/);
  });
});

describe('a GeForce number before 显卡 is the card', () => {
  it('c494: "3090显卡 24GB显存" under a package list is one RTX 3090 (xorbitsai/inference#3582)', () => {
    const { scenario } = corpusLineRead('c494');
    expect(scenario.hardware?.gpuId).toMatch(/3090/);
    expect(scenario.hardware?.count).toBe(1);
  });

  it.each([
    ['3090显卡 24GB显存，部署qwen2.5-7b模型爆显存', 1],
    ['4090显卡，qwen2.5-7b推理爆显存', 1],
    ['用两张4090显卡跑qwen2.5-7b推理', 2],
    ['4090显卡两张，qwen2.5-7b推理', 2],
    ['8卡A100全量微调llama-7b', 8],
    ['4张显卡 A100 全量微调llama-7b', 4],
  ])('%j reads %i card(s)', (text, count) => {
    expect(read(text).scenario.hardware?.count).toBe(count);
  });
});
