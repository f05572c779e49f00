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
    // The widths prose.width-only reads in other languages, beside the same trainers.
    'Unsloth で Qwen3-14B を QLoRA (4ビット) で学習しています。RTX 4070 Ti SUPER 16GB',
    'RTX 4090 한 장으로 Llama-3.1-8B를 4비트 QLoRA로 학습',
    '用unsloth做qwen2.5-7b的4位量化微调，3090',
  ])('%s: nf4, said strong', (text) => {
    const { value, fact } = weights(text);
    expect(value).toMatch(/^nf4/);
    expect(fact?.weak).toBe(false);
    expect(fact?.rules).toContain('prose.width-bnb-trainer');
  });

  it.each(["I'm running 30B in 4bit on my 4090", 'llama-2-13b 4bit lora on a 3090', 'RTX 4090 두 장으로 Llama-3.1-70B를 4비트로 돌리고 싶은데 가능할까요?'])('%s: no such trainer, the width stays a weak guess', (text) => {
    expect(weights(text).fact?.weak).toBe(true);
  });

  it('a format the message names keeps its width', () => {
    expect(weights('qlora on llama-2-13b-gptq 4bit on a 3090').value).toBe('gptq');
  });
});
