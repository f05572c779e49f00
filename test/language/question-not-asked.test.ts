import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22, item 5 (branch rquant1): a question is the user's only when the user asks it of the setup the
 * message gives. A software's own limit asked about ("the max context length the package can support",
 * NVIDIA/NeMo-Aligner's opening post, corpus c2721) asks nothing of memory; a count asked in a title whose body
 * states the card it runs on ("请问增量预训练大概需要几块GPU呢？" over "24G显存就可以", shibing624/MedicalGPT, c2681)
 * may ask whether that card fits. Either had turned the reply into an answer to another question, silently.
 * A question the user really asks of the setup stays strong. The variations are invented.
 */

function question(text: string): { kind: string; weak: boolean } {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  const f = (r.trace ?? []).find((t) => t.fact === 'question' && t.at !== null);
  return { kind: r.scenario.question.kind, weak: f?.weak ?? false };
}

/** No question the reply answers in place of the setup: none, or one said as weak. */
const noStrongQuestion = (q: { kind: string; weak: boolean }) => q.kind === 'none' || q.weak;

describe('a limit of the software, not of the setup, asks no length', () => {
  it.each([
    ['Is there a limit on the max context length the package can support? We did PPO on Llama-2-70B with 4k context on 32x8 GPUs.'],
    ["What's the largest model and max sequence length the framework supports? I train llama-2-13b at seq 4096 on 8x A100."],
    ['Does the library have a maximum context length it can handle out of the box? Running qwen2.5-7b with vllm on an A100 at 32k.'],
    ['is there a max context length this repo can scale to? we train llama-2-70b ppo with 4k context on 256 gpus'],
  ])('%j', (text) => {
    expect(noStrongQuestion(question(text))).toBe(true);
  });
});

describe('a count asked beside the card the message states', () => {
  it.each([
    ['请问大概需要几块GPU？\nllama-7b 用 lora 增量预训练，fp16 加载需要14G显存，24G显存就可以'],
    ['How many GPUs do I need for this? I fine-tune mistral-7b with LoRA in fp16, and a single 24GB card is enough.'],
    ['roughly how many gpus for continued pretraining?\n1. lora pretraining of llama-7b in fp16 takes 14G, with block size 1024 a 24G card is enough'],
  ])('%j', (text) => {
    expect(noStrongQuestion(question(text))).toBe(true);
  });
});

describe('a longest length asked beside the length the message states', () => {
  it.each([
    ['What is the max sequence length? I fine-tune llama-2-7b with qlora at 4096 tokens on a 3090 and it works.'],
    ['max context length?\nserving qwen2.5-7b with vllm, --max-model-len 8192, on one L4'],
  ])('%j: weak', (text) => {
    const q = question(text);
    expect(q.kind).toBe('maxSeq');
    expect(q.weak).toBe(true);
  });
});

describe('a question the user asks of the setup stays', () => {
  it.each([
    ["qwen2.5-7b vllm on 1x 4090, what's the max context length I can use?", 'maxSeq'],
    ['how many A100 80GB do I need to full fine-tune llama-2-70b?', 'howMany'],
    ['what is the longest sequence I can train llama-3-8b lora on with one 3090?', 'maxSeq'],
  ])('%j → %s', (text, kind) => {
    const q = question(text);
    expect(q.kind).toBe(kind);
    expect(q.weak).toBe(false);
  });
});
