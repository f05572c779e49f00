import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';

/**
 * A follow-up naming pre-training in a thread on LoRA or QLoRA keeps the thread's adapters (scenario/pretrain-purpose.ts):
 * "continued pretraining" says what they train for, as a new message already reads "continued pretraining with qlora"
 * (unslothai/unsloth#4040, corpus c687, had turned to a full pre-training run, unsaid). Invented variations: the English
 * and Chinese words, an Unsloth thread, LLaMA-Factory's stage pt; "full" said, or a full thread, stays full.
 */
function followUp(opening: string, text: string) {
  const opened = readInThread(opening, null);
  const state = opened.outcome.ok && opened.outcome.scenario ? { scenario: opened.outcome.scenario, history: [] } : opened.waiting;
  const read = readInThread(text, state).outcome;
  if (!read.ok || !read.scenario) throw new Error(`not read: ${text}`);
  return { mode: read.scenario.mode, pretrain: read.scenario.pretrain === true, said: read.assumptions.join(' | ') };
}

describe('pre-training named in a follow-up of an adapters thread', () => {
  it("title QLoRA, follow-up CPT", () => {
    const r = followUp("Qwen2.5-14B OOM on 2xA100 QLoRA", "I'm trying to train it for continued pretraining on 2 A100 80GB but keep getting OOM");
    expect(r.mode).toBe('qlora');
    expect(r.pretrain).toBe(false);
    expect(r.said).toMatch(/Q?LoRA kept from the thread: "[^"]+" says what the adapters train for, not a method; say "full" to pre-train every weight/);
  });
  it("title LoRA, follow-up \u7ee7\u7eed\u9884\u8bad\u7ec3", () => {
    const r = followUp("llama-3-8b lora 训练爆显存", "我在做继续预训练，4090单卡，seq 4096");
    expect(r.mode).toBe('lora');
    expect(r.pretrain).toBe(false);
    expect(r.said).toMatch(/Q?LoRA kept from the thread: "[^"]+" says what the adapters train for, not a method; say "full" to pre-train every weight/);
  });
  it("title qlora unsloth, follow-up CPT", () => {
    const r = followUp("unsloth qlora mistral-7b OOM", "this is for continued pretraining on my own corpus, 1x rtx 3090");
    expect(r.mode).toBe('qlora');
    expect(r.pretrain).toBe(false);
    expect(r.said).toMatch(/Q?LoRA kept from the thread: "[^"]+" says what the adapters train for, not a method; say "full" to pre-train every weight/);
  });
  it("title full, follow-up pretraining stays full", () => {
    const r = followUp("full finetune llama-2-7b OOM on 8x a100", "it's actually continued pretraining, seq 4096");
    expect(r.mode).toBe('full');
    expect(r.pretrain).toBe(true);
  });
  it("LoRA thread, follow-up full CPT stays full", () => {
    const r = followUp("llama-3-8b lora OOM on a 4090", "now full continued pretraining on 8x a100-80g");
    expect(r.mode).toBe('full');
    expect(r.pretrain).toBe(true);
  });
  it("QLoRA thread, follow-up pretraining with --stage pt", () => {
    const r = followUp("qwen2.5-7b qlora OOM on a 3090", "the run is pretraining (stage pt), cutoff_len 2048");
    expect(r.mode).toBe('qlora');
    expect(r.pretrain).toBe(false);
    expect(r.said).toMatch(/Q?LoRA kept from the thread: "[^"]+" says what the adapters train for, not a method; say "full" to pre-train every weight/);
  });
});
