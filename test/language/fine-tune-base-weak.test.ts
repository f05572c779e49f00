import { describe, expect, it } from 'vitest';
import { corpusLineRead, readNoticed } from './reading-fixtures.js';

/**
 * A fine-tune whose name hides its base ("Cydonia-24B-v4h", "vicuna-13b") is read by the base the reader
 * knows it was trained from (families.ts), but the words never say it and such lines moved base between
 * versions (Cydonia 22B on Mistral-Small-2409, 24B on 2501, v4 on 3.2): the reading is a guess, said on the
 * first screen. A name that says its base ("…-Distill-Qwen-14B", "Llama3-OpenBioLLM-70B") stays a plain reading.
 */
const weakNote = /read as [a-z0-9.-]+, the base that fine-tune is known to be trained from/;

describe('a fine-tune named without its base is a guess, said', () => {
  it('c1791 (LostRuins/koboldcpp#1812): Cydonia-24B-v4h is Mistral Small 24B, said as a guess', () => {
    const { scenario, said } = corpusLineRead('c1791');
    expect(scenario.model.id).toBe('mistral-small-3');
    expect(said).toMatch(weakNote);
  });

  it.each([
    ['run Cydonia-24B-v4h Q4_K_M on a 16gb card', 'mistral-small-3'],
    ['cydonia 24b q5_k_m, 1x rtx 4090', 'mistral-small-3'],
    ['serve vicuna-13b on an A100', 'llama-1-13b'],
    ['Zephyr-7B-beta lora on a 3090', 'mistral-7b'],
  ])('%s → %s, said on the first screen', (text, id) => {
    const r = readNoticed(text);
    expect(r.s.model.id).toBe(id);
    expect(r.said).toMatch(weakNote);
  });

  it.each([
    ['serve deepseek-r1-distill-qwen-14b on an A100', 'qwen2.5-14b'],
    ['fine-tune llama3-openbiollm-70b on 8x h100', 'llama-3-70b'],
    ['fine-tune Llama-Guard-3-1B on 8x v100', 'llama-3.2-1b'],
  ])('a name that says its base is no guess: %s', (text, id) => {
    const r = readNoticed(text);
    expect(r.s.model.id).toBe(id);
    expect(r.said).not.toMatch(weakNote);
  });
});
