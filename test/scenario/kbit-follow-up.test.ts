import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * b19, artidoro/qlora#81 (corpus c729): the thread "How do I tuning llama 65B with 6000 ADA?", then
 * "How do I tuning it with QLoRA?". A new QLoRA request with no framework is PEFT's k-bit recipe,
 * gradient checkpointing on (scenario/kbit-recipe.ts); the follow-up kept the thread's default
 * Hugging Face conventions and its checkpointing off. A follow-up that turns the thread to QLoRA is
 * now read as the new request would be (resolve-kbit.ts).
 */

function followUp(opening: string, next: string): Scenario {
  const opened = readInThread(opening, null);
  const state = opened.outcome.ok && opened.outcome.scenario ? { scenario: opened.outcome.scenario, history: [] } : opened.waiting;
  const out = readInThread(next, state).outcome;
  if (!out.ok || !out.scenario) throw new Error(`not read: ${next}`);
  return out.scenario;
}

const fresh = (text: string): Scenario => {
  const out = readInThread(text, null).outcome;
  if (!out.ok || !out.scenario) throw new Error(`not read: ${text}`);
  return out.scenario;
};

describe('a follow-up that turns the thread to QLoRA takes PEFT’s k-bit recipe', () => {
  it('c729: peft with gradient checkpointing', () => {
    const line = loadCorpus().find((l) => l.id === 'c729')!;
    const s = followUp(line.thread!, line.text);
    expect(s.framework).toBe('peft');
    expect(s.recompute).toBe('full');
  });

  it.each([
    ['llama 65b on 1x rtx 6000 ada', 'qlora'],
    ['llama-2-13b lora on 1x 3090', 'qlora'],
    ['llama-2-13b full on 1x a100', 'now with qlora'],
    ['qwen2.5-7b inference on 1x 4090', 'qlora finetune'],
  ])('%s, then "%s": as the same QLoRA asked at once', (opening, next) => {
    const s = followUp(opening, next);
    const once = fresh(`${opening} ${next}`.replace(/\b(?:lora|full|inference|now with)\b(?= |$)/g, ''));
    expect([s.framework, s.recompute]).toEqual([once.framework, once.recompute]);
  });

  it('a framework named in the follow-up keeps its own recipe', () => {
    expect(followUp('llama-2-13b on 1x 3090', 'qlora with axolotl').framework).toBe('axolotl');
  });

  it('"no gc" said with the QLoRA stays off', () => {
    expect(followUp('llama-2-13b on 1x 3090', 'qlora no gc').recompute).toBe('none');
  });

  it('a thread already on QLoRA keeps what it had', () => {
    expect(followUp('llama-2-13b qlora no gc on 1x 3090', 'seq 4096').recompute).toBe('none');
  });
});
