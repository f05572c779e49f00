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
});
