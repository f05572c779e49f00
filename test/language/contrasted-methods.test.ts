import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * An RL or preference algorithm and a supervised run set against each other (reconcile/contrasted-methods.ts):
 * the run that fails or is asked about is the setup, the other is said as not used. Invented variations of
 * verl-project/verl#966 (c2632: "LoRA-based SFT is always unable to run (OOM), while GRPO (full-parameter) can
 * be trained normally") and huggingface/gpt-oss-recipes#17 (c2624, a title "SFT … & GRPO" over an SFT question).
 * First sight of these variations: 2 of 10 right; all had read GRPO / DPO / PPO as the run.
 */
function read(text: string): { s: Scenario; words: string[] } {
  const { reply } = respond(text, null as never);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}: ${reply.kind}`);
  return { s: reply.scenario, words: reply.assumptions };
}

describe('a method named as the contrast of the run asked about', () => {
  it.each([
    ['LoRA SFT on qwen2.5-7b keeps OOMing on 4x A100 40GB, while GRPO with full parameters trains fine', 'lora'],
    ['GRPO runs normally but SFT with LoRA OOMs: qwen2.5-7b, seq 32k, 8x L20', 'lora'],
    ['用8张A100 80G对qwen2.5-14b做lora sft一直OOM，而GRPO全参数训练却可以正常跑', 'lora'],
    ['Unlike PPO, my LoRA SFT run of llama-3-8b on a 4090 runs out of memory', 'lora'],
    ['qwen2-7b LoRA fine-tuning OOMs on 2x A100 80GB, whereas DPO on the same cards fits', 'lora'],
    ['qwen2.5-7b LoRA SFT는 H100 8장에서 OOM이 나는데 GRPO는 잘 돌아갑니다', 'lora'],
    ['SFT max length & GRPO\n\nWhen running sft on qwen2.5-7b with LoRA, will max_length 32768 OOM on one H100?', 'lora'],
  ])('%s: the supervised run, not the algorithm', (text, mode) => {
    const { s, words } = read(text);
    expect(s.mode).toBe(mode);
    expect(['grpo', 'ppo', 'dpo', 'orpo']).not.toContain(s.framework);
    expect(words.join(' ')).toMatch(/read as not used/);
  });

  it('the algorithm that fails is the run, the LoRA SFT that worked the contrast', () => {
    const { s } = read('GRPO on qwen2.5-7b OOMs on 8x H100 while LoRA SFT worked fine');
    expect(s.framework).toBe('grpo');
    expect(s.mode).toBe('full');
  });

  it.each([
    ['DPO training of llama-3-8b with LoRA on 1x A100 80GB', 'dpo'],
    // "while" as a time, not a contrast (c560, c887, c1630's words).
    ['I get OOM while using the DPOTrainer with qlora on mistral-7b, one A100 80GB', 'dpo'],
    ['qlora llama-2-7b OOM while doing PPO fine-tuning on an A100 40GB', 'ppo'],
  ])('%s: the algorithm stays the run', (text, framework) => {
    expect(read(text).s.framework).toBe(framework);
  });
});
