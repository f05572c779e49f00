import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/** One card read where the words say several with no count is weak, said with those words (scenario/uncounted-cards.ts). */
function card(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { count: r.scenario.hardware?.count, fact: r.trace!.find((f) => f.fact === 'card' && f.at !== null), notices: r.notices.join(' | ') };
}

describe('several cards said with no count', () => {
  it.each([
    ['qwen2-7b lora 多卡训练 OOM, A100 80G', '多卡'],
    ['qwen2-7b full fine-tune multi-gpu training OOM on A100 80G', 'multi-gpu'],
    ['单机多卡 qwen2-7b lora A100 80G', '单机多卡'],
    ['qwen2-7b lora, 멀티 GPU 학습, A100 80G', '멀티 gpu'],
    ['qwen2-7b lora をマルチGPUで学習, A100 80G', 'マルチgpu'],
  ])('%s: one card, said weak with the words that say several', (text, words) => {
    const { count, fact, notices } = card(text);
    expect(count).toBe(1);
    expect(fact?.weak).toBe(true);
    expect(fact?.uncounted).toBe(true);
    expect(notices.toLowerCase()).toContain(`from "${words.toLowerCase()}"`);
    expect(notices).toMatch(/say "on N gpus"/);
  });

  it.each([
    'qwen2-7b 多卡训练 4张A100 80G',
    'multi-gpu training qwen2-7b lora on A100 80G, torchrun --nproc_per_node 4',
    'multi-node training qwen2-7b lora on A100 80G',
    'qwen2-7b lora on one A100 80G',
  ])('%s: a count said, or no words of several cards, leaves the card as read', (text) => {
    expect(card(text).fact?.uncounted).toBeUndefined();
  });

  it.each([
    ['llama-3-8b full finetune on several 4090s', 'several 4090s'],
    ['llama-3-8b full finetune with a few H100s', 'a few h100s'],
    ['llama-3-8b full finetune on multiple A100s OOM', 'multiple a100s'],
    ['llama-3-8b full finetune on multiple GPUs (A100 80G)', 'multiple gpus'],
  ])('%s: a quantifier before plural cards says several (prose.several-without-count)', (text, words) => {
    const r = resolveRequest(text, null);
    if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
    expect(r.scenario.hardware?.count).toBe(1);
    const weak = r.trace!.find((f) => (f.fact === 'card' || f.fact === 'gpus') && f.uncounted);
    expect(weak?.weakWords).toBe(words);
    expect(r.notices.join(' | ')).toMatch(/say "on N gpus" with your count/);
  });

  it.each([
    ['llama-3-70b inference on my 4090s', 'my 4090s', 'card'],
    ["Vram not used rtx 4090's. If i select a 70B model it loads into the first gpu only", "rtx 4090's", 'card'],
    ['full fine-tune llama-3-8b on A100 GPUs', 'A100 GPUs', 'gpus'],
    ['qwen2.5-7b lora on the H100s of our lab', 'the H100s', 'card'],
  ])('%s: a plural card with no count says several (c3845: four 4090s read as one in silence)', (text, words, fact) => {
    const r = resolveRequest(text, null);
    if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
    expect(r.scenario.hardware?.count).toBe(1);
    const weak = r.trace!.find((f) => f.uncounted);
    expect([weak?.fact, weak?.weakWords]).toEqual([fact, words]);
    expect(r.notices.join(' | ')).toMatch(/say "on N gpus" with your count/);
  });

  it.each([
    'llama-3-8b lora on 2 A100s',
    'llama-3-8b lora on two 80GB A100s',
    'llama-3-8b lora on 4x 3090s',
    'llama-3-8b lora on one of my A100s',
    'llama-3-8b lora on an A100',
    'llama 3 70b on my 4090s, n_devices=4',
  ])('%s: a counted plural, one of several, or one card said, is no doubt of the count', (text) => {
    const r = resolveRequest(text, null);
    if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
    expect(r.trace!.some((f) => f.uncounted)).toBe(false);
  });

  it("TransformerLens's n_devices is the count its blocks are split over", () => {
    const r = resolveRequest('run llama 3 70b bf16 on my rtx 4090s\nmodel = HookedTransformer.from_pretrained(MODEL, n_devices=4, dtype=torch.bfloat16)', null);
    expect(r.ok && r.scenario?.hardware?.count).toBe(4);
  });

  it('"how many GPUs" stays the question, and a count said wins', () => {
    const asked = resolveRequest('llama-2-13b full finetune, how many gpus do I need?', null);
    expect(asked.ok && asked.scenario?.question.kind).toBe('howMany');
    expect(card('llama-3-8b on several 4090s, 4 of them').count).toBe(4);
  });
});
