import { describe, expect, it } from 'vitest';
import { segmentsOf } from '../../src/language/segments/index.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * b18, unslothai/unsloth#1964 (corpus c686): Unsloth's own messages under its banner ("Unsloth: Your GPU
 * can only handle approximately the maximum sequence length of 256.", "Unsloth: vLLM loading … with
 * actual GPU utilization = 23.59%") were prose: 256 became the user's length, silently. They are
 * Unsloth's log (log.unsloth-message); the banner's card is still read.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const kinds = (text: string) => segmentsOf(text).map((s) => s.kind);

const BANNER = [
  '==((====))==  Unsloth 2025.2.4: Fast Qwen2 patching. Transformers: 4.48.3.',
  '   \\\\   /|    GPU: NVIDIA GeForce RTX 3090. Max memory: 24.0 GB. Platform: Linux.',
  'O^O/ \\_/ \\    Torch: 2.5.1+cu124. CUDA: 8.6. CUDA Toolkit: 12.4. Triton: 3.1.0',
].join('\n');

describe("Unsloth's messages are its log", () => {
  it('c686: no length from Unsloth’s estimate, the 3090 from its banner', () => {
    const s = read(line('c686').text).scenario;
    expect(s.seq).not.toBe(256);
    expect(s.hardware?.gpuId).toBe('rtx-3090');
  });

  it('c596: the 2024 banner’s first line is no message; its A10G stays the card', () => {
    expect(read(line('c596').text).scenario.hardware?.gpuId).toBe('a10g');
  });

  it.each([
    'Unsloth: Your GPU cannot handle sequence lengths of 512 due to limited GPU memory.',
    '🦥 Unsloth: Will patch your computer to enable 2x faster free finetuning.',
    'Unsloth: vLLM loading /models/qwen with actual GPU utilization = 45.5%',
    'Unsloth_zoo: Will patch your computer to enable 2x faster free finetuning.',
  ])('"%s" is a log line', (message) => {
    expect(kinds(`qwen2.5-7b grpo with unsloth on a 3090\n${message}`)).toEqual(['prose', 'log']);
  });

  it('after the banner, the length Unsloth works out is not the run’s', () => {
    const text = `qwen2.5-7b lora grpo with seq 1024\n${BANNER}\nUnsloth: Your GPU can only handle approximately the maximum sequence length of 256.`;
    const s = read(text).scenario;
    expect(s.seq).toBe(1024);
    expect(s.hardware?.gpuId).toBe('rtx-3090');
  });

  it.each([
    '- unsloth: 2025.2.4',
    'unsloth: true',
    'I use unsloth: it works on one card',
  ])('"%s" is no log line', (text) => {
    expect(kinds(`qwen2.5-7b lora on a 3090\n${text}`)).not.toContain('log');
  });
});
