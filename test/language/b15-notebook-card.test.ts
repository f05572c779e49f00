import { describe, expect, it } from 'vitest';
import { OWNER_RULES } from '../../src/language/owners/rules.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Batch b15, c596 (unslothai/unsloth): "I can see the example notebook on colab t4" above Unsloth's
 * banner ("GPU: NVIDIA A10G. Max memory: 22.191 GB") was estimated on the notebook's T4, in silence,
 * and "max seq length of 2048." was asked as a question. The banner's GPU line is the run's card,
 * an example notebook's card is someone else's run, and a length ends its sentence with a full stop.
 */
const line = loadCorpus().find((l) => l.id === 'c596')!;

const answered = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
};

const BANNER_2024 = [
  '==((====))==  Unsloth: Fast Mistral patching release 2024.7',
  '   \\\\   /|    GPU: NVIDIA A10G. Max memory: 22.191 GB. Platform = Linux.',
  'O^O/ \\_/ \\    Pytorch: 2.3.0+cu121. CUDA = 8.6. CUDA Toolkit = 12.1.',
  '\\        /    Bfloat16 = TRUE. FA [Xformers = 0.0.26.post1. FA2 = True]',
  ' "-____-"     Free Apache license: http://github.com/unslothai/unsloth',
].join('\n');
const BANNER_2025 = [
  '==((====))==  Unsloth 2025.3.19: Fast Qwen2 patching. Transformers: 4.50.0.',
  '   \\\\   /|    NVIDIA GeForce RTX 3090. Num GPUs = 2. Max memory: 23.55 GB. Platform: Linux.',
  'O^O/ \\_/ \\    Torch: 2.6.0+cu124. CUDA: 8.6. CUDA Toolkit: 12.4. Triton: 3.2.0',
  '\\        /    Bfloat16 = TRUE. FA [Xformers = 0.0.29.post3. FA2 = False]',
  ' "-____-"     Free license: http://github.com/unslothai/unsloth',
].join('\n');

describe("the user's card over an example notebook's", () => {
  it("c596: the banner's A10G, seq 2048, the notebook's T4 set aside and said", () => {
    const { s, said } = answered(line.text);
    expect(s.hardware?.gpuId).toBe('a10g');
    expect(s.hardware?.count).toBe(1);
    expect(s.seq).toBe(2048);
    expect(s.question?.kind ?? 'none').toBe('none');
    expect(said).toMatch(/t4" set aside as your setup's cards: another run/);
  });

  it.each([
    [`qwen2.5-7b lora with unsloth, OOM at batch 2\n${BANNER_2025}`, 'rtx-3090', 2],
    [`mistral-7b qlora unsloth\n${BANNER_2024}`, 'a10g', 1],
  ])("Unsloth's banner gives the run's cards (%#)", (text, card, count) => {
    const { s } = answered(text);
    expect(s.hardware?.gpuId).toBe(card);
    expect(s.hardware?.count).toBe(count);
  });

  it.each([
    'mistral-7b qlora with unsloth. The official colab notebook uses a T4, but my machine has an RTX 4090 and it OOMs.',
    'mistral-7b qlora with unsloth on my RTX 4090; the example notebook on colab t4 works fine.',
    'mistral-7b qlora unsloth，在 RTX 4090 上 OOM 了. I followed the sample notebook on colab t4.',
  ])('an example notebook\'s T4 yields to the card the user has: %s', (text) => {
    expect(answered(text).s.hardware?.gpuId).toBe('rtx-4090');
  });

  it('a notebook of the user\'s own is theirs: "my notebook on colab t4" stays the T4', () => {
    expect(answered('mistral-7b qlora with unsloth, my notebook on colab t4 runs out of memory').s.hardware?.gpuId).toBe('t4');
  });

  it('the notebook rule marks its own example', () => {
    const rule = OWNER_RULES.find((r) => r.id === 'owner.reference.notebook')!;
    expect(rule.example.match(rule.pattern)).not.toBeNull();
  });

  it.each([
    ['mistral-7b qlora on an a10g, max seq length of 4096.', 4096],
    ['mistral-7b qlora on an a10g with a max sequence length of 8k. Batch 1.', 8192],
  ])('a length that ends its sentence is read: %s', (text, seq) => {
    expect(answered(text).s.seq).toBe(seq);
  });
});
