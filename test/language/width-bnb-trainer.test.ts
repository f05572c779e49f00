import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/** A width beside QLoRA or Unsloth is bitsandbytes' (prose.width-bnb-trainer): read strong, not as width-only's guess. */
const weights = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { value: r.scenario.weights, fact: r.trace!.find((f) => f.fact === 'weights' && f.at !== null) };
};

describe('a width beside a bitsandbytes trainer', () => {
  it.each([
    'fine tune qwen2.5 14b qlora 4bit on my 3090',
    'trying to fine tune qwen2.5 14b with unsloth on my 3090, 4bit, max_seq_length 8192, batch 2',
    'Unsloth 4-bit llama-3-8b lora on a T4',
    'QLoRA (4 bit) mistral-7b on 1x a10g',
  ])('%s: nf4, said strong', (text) => {
    const { value, fact } = weights(text);
    expect(value).toMatch(/^nf4/);
    expect(fact?.weak).toBe(false);
    expect(fact?.rules).toContain('prose.width-bnb-trainer');
  });

  it.each(["I'm running 30B in 4bit on my 4090", 'llama-2-13b 4bit lora on a 3090'])('%s: no such trainer, the width stays a weak guess', (text) => {
    expect(weights(text).fact?.weak).toBe(true);
  });

  it('a format the message names keeps its width', () => {
    expect(weights('qlora on llama-2-13b-gptq 4bit on a 3090').value).toBe('gptq');
  });
});
