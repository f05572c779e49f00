import { describe, expect, it } from 'vitest';
import { hardwareOf } from './reading-fixtures.js';

/**
 * A memory the run was expected to take, beside the one it took, is a figure of the run, never a card
 * (not-hw.expected-usage): "the VRAM usage is too high (expected: 16 GB, actual: > 28)" (davmacario/MDI-LLM#32,
 * c3910) had read as a 16 GB card, silently. Invented variations in other words and languages; near misses keep
 * the card where a card word follows or no expectation is said.
 */
describe('an expected memory is no card', () => {
  it.each([
    'When running Llama 3 8B the VRAM usage is too high (expected: 16 GB, actual: > 28).',
    'llama-3-8b inference, expected ~16GB but it uses 28GB',
    '7b lora should take 16 GB, it takes 30',
    'qwen2-7b inference should only need 15GB, yet nvidia-smi shows 22',
    'mistral-7b in bf16 takes 28GB instead of 14GB',
    'llama 7b 推理 预期16G 实际占用28G',
  ])('"%s"', (text) => {
    expect(hardwareOf(text)).toBe('(no hardware)');
  });

  it.each([
    ['7b lora, I expected a 24GB card to be enough', 'on 1x 24gb'],
    ['7b on 16GB, expected it to fit', 'on 1x 16gb'],
    ['llama-3-8b inference on a 4090 (24GB), expected: 16 GB', 'on 1x rtx-4090'],
  ])('near miss: "%s" keeps its card', (text, card) => {
    expect(hardwareOf(text)).toBe(card);
  });
});

/** What a monitor shows is the run's (not-hw.monitor-shows): "in nvidia-smi show 72G" (imoneoi/openchat#111, c3912). */
describe('a monitor\'s reading is no card', () => {
  it.each([
    'why 7B model use so much? in nvidia-smi show 72G',
    'llama-2-13b inference, nvidia-smi says 23GB',
    'When I fine-tune qwen2-7b with lora, rocm-smi reports about 60 GB.',
    'I am serving mistral-7b and nvtop is showing 40G, why?',
  ])('"%s"', (text) => {
    expect(hardwareOf(text)).toBe('(no hardware)');
  });

  it.each([
    ['7b lora, nvidia-smi says 23GB on my 4090', 'on 1x rtx-4090'],
    ['7b lora on a 24GB card, nvidia-smi shows about 20G', 'on 1x 24gb'],
  ])('near miss: "%s" keeps its card', (text, card) => {
    expect(hardwareOf(text)).toBe(card);
  });
});
