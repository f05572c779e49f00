import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { reportedOomFirstScreen, reportedOomNotice } from '../../src/reply/reported-oom.js';
import type { Verdict } from '../../src/reply/types.js';

/** An OOM the user reports on a setup that fits as read is said under the verdict, never a bare ✓. */

const detailOf = (text: string): { status: string; detail: string; firstScreen: string | null } => {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for: ${text}`);
  return { status: reply.verdict.status, detail: reply.verdict.detail, firstScreen: reply.summary.reported ?? null };
};

describe('a reported OOM beside a fit', () => {
  it.each([
    'fine-tuning llama 3.1 8b with unsloth qlora on colab T4, max_seq_length 2048, per_device_train_batch_size 2, gradient_accumulation_steps 4 — OOM on step 0',
    'llama-3-8b inference on 1x a100-80g seq 4096 bs 1 but I get CUDA out of memory',
    'I keep running out of memory training qwen2.5-7b with lora r8, batch 1, seq 1024 on one A100 80GB',
  ])('%j says the disagreement', (text) => {
    const { status, detail } = detailOf(text);
    expect(['yes', 'tight']).toContain(status);
    expect(detail).toMatch(/You report running out of memory/);
  });

  it('says nothing where no OOM is reported', () => {
    expect(detailOf('llama-3-8b inference on 1x a100-80g seq 4096 bs 1').detail).not.toMatch(/You report/);
    expect(detailOf('llama-3-8b inference on 1x a100-80g seq 4096 bs 1').firstScreen).toBeNull();
  });

  // Invented, after start-up failures of servers and local runners people report in their own words.
  it.each([
    ['serving qwen2.5-7b with vllm on one 4090 fails with not enough memory', /max-model-len/],
    ['qwen2.5-7b vllm on 1x 4090, the vram is not enough', /max-model-len/],
    ['vllm serve Qwen/Qwen2.5-7B-Instruct on one RTX 4090, it runs out of memory at startup', /another process on the card/],
    ['I run llama3 8b with ollama on my 3060 12gb and it says insufficient memory', /num_ctx/],
    ["Running SGLang with Llama-3.1-70B-Instruct on 4x L40S, --tp 4 --mem-fraction-static 0.85 --context-length 16384. Getting 'Not enough memory' on startup", /mem_fraction_static is a share of the whole card/],
    // TGI sizes its cache from what is free after its warm-up: no vLLM setting named for it.
    ['serve llama-3-8b with tgi on 1x l4, it runs out of memory at startup', /sizes its KV cache from what is free/],
  ])('a server or a local run that fits as read says the disagreement on its first screen, with where to look for what was run: %j', (text, where) => {
    const { status, detail, firstScreen } = detailOf(text);
    expect(['yes', 'tight']).toContain(status);
    expect(firstScreen).toMatch(/^You report running out of memory/);
    expect(detail).toMatch(where);
    // A server's causes are not a training step's.
    expect(detail).not.toMatch(/longest sample/);
  });

  it('says nothing where the estimate agrees (does not fit)', () => {
    const { status, detail } = detailOf('llama-2-70b full bf16 seq 4096 bs 1 on 1x a100-80g, CUDA out of memory');
    expect(status).toBe('no');
    expect(detail).not.toMatch(/You report/);
  });

  it('names the spare memory, and a tight fit says how little tips it', () => {
    const base: Verdict = { status: 'yes', envelope: null, headline: '', detail: '', deviceBytes: 8 * 2 ** 30, capacityBytes: 16 * 2 ** 30, headroomBytes: 6 * 2 ** 30 };
    expect(reportedOomNotice(base)).toMatch(/6\.0 GiB to spare/);
    expect(reportedOomNotice({ ...base, status: 'tight', headroomBytes: 2 ** 29 })).toMatch(/only just fits/);
    expect(reportedOomNotice({ ...base, status: 'no' })).toBeNull();
    expect(reportedOomFirstScreen(base)).toMatch(/6\.0 GiB to spare/);
    expect(reportedOomFirstScreen({ ...base, status: 'tight', headroomBytes: 2 ** 29 })).toMatch(/only just fits/);
    expect(reportedOomFirstScreen({ ...base, status: 'no' })).toBeNull();
    expect(reportedOomFirstScreen({ ...base, status: 'unknown', capacityBytes: null, headroomBytes: null })).toBeNull();
  });
});
