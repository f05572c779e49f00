import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { diagnosisThreadName, estimateThreadName, THREAD_NAME_MAX, threadNameOf } from '../../src/render/discord/thread-name.js';
import type { DiagnosisReply, EstimateReply } from '../../src/reply/types.js';
import { fixture } from '../diagnose/fixtures.js';

/** Issue 24, item 9: a Discord thread is named by the setup and its verdict, briefly — not the canonical dump. */
const estimateOf = (request: string) => respond(request, null).reply as EstimateReply;

describe('Discord thread names', () => {
  it('say the model, method and card, then the verdict mark and the memory per GPU', () => {
    expect(estimateThreadName(estimateOf('13b lora seq 4096 on 1x 4090'))).toMatch(/^13b LoRA · 1× RTX 4090 24GB · ✗ [\d.]+ GiB$/);
    expect(estimateThreadName(estimateOf('llama-3-8b qlora seq 512 on a100'))).toMatch(/^Llama-3-8B QLoRA · 1× A100 80GB · ✓ [\d.]+ GiB$/);
    expect(estimateThreadName(estimateOf('llama3-8b serve vllm ctx 8192 on a 3090'))).toMatch(/^Llama-3-8B vLLM · 1× RTX 3090 24GB · /);
    expect(estimateThreadName(estimateOf('finetune mistral 7b'))).toMatch(/^Mistral-7B-v0\.1 full · needs [\d.]+ GiB$/);
  });

  it('a question is named by its answer', () => {
    expect(estimateThreadName(estimateOf('70b qlora: A6000 vs 4090?'))).toMatch(/^70b QLoRA · RTX A6000 48GB vs RTX 4090 24GB: /);
  });

  it('never the canonical dump, and always within Discord\'s 1–100 characters', () => {
    const requests = ['13b bf16 zero3 seq 4096 on 4xA100-80G', 'meta-llama/Llama-3.1-70B full on 8xH100', '7b lora r64 all-linear gc seq 8192 mbs 4 ga 8 on 2x a6000 zero2 offload optimizer', '70b on a100 vs h100'];
    fc.assert(
      fc.property(fc.constantFrom(...requests), (request) => {
        const reply = estimateOf(request);
        const name = estimateThreadName(reply);
        expect(name.length).toBeGreaterThan(0);
        expect(name.length).toBeLessThanOrEqual(THREAD_NAME_MAX);
        expect(name).not.toContain(reply.canonical);
        expect(name).not.toMatch(/hf mixed|adamw foreach|flash full ce/);
      }),
    );
  });

  it('a diagnosis is named by the first clause of its headline; help and unreadable logs open no thread', () => {
    const diagnosis = respond(fixture('torch2-fragmentation-a800').text, null).reply as DiagnosisReply;
    expect(diagnosisThreadName(diagnosis)).toBe('Fragmentation: PyTorch held 4.23 GiB reserved but unallocated');
    expect(threadNameOf(diagnosis)).toBe(diagnosisThreadName(diagnosis));
    expect(threadNameOf(respond(fixture('unreadable-illegal-access').text, null).reply)).toBeNull();
    expect(threadNameOf(respond('help', null).reply)).toBeNull();
  });
});
