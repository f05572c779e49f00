import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { estimate } from '../../src/memory/estimate.js';
import type { EstimateReply } from '../../src/reply/types.js';

function reply(text: string): EstimateReply {
  const r = respond(text, null).reply;
  if (r.kind !== 'estimate') throw new Error(`${text}: ${r.kind}`);
  return r;
}

describe('solver answers show their own setup', () => {
  it('"how many": 70B needs 24 H100s with ZeRO-3 and gc, and the details are those of 24 GPUs', () => {
    const r = reply('finetune 70b how many h100');
    expect(r.answer?.value).toBe(24);
    expect(r.answer?.headline).toBe('Fewest H100 80GB SXM: 24, with ZeRO-3 and gc');
    expect(r.reading).toContain('ZeRO-3 over 24 GPUs');
    expect(r.reading).toContain('full recompute');
    expect(r.breakdown.find((c) => c.key === 'weights')?.name).toContain('÷ 24');
    expect(r.verdict.status).toBe('yes');
    expect(r.estimate.scenario.hardware?.count).toBe(24);
  });

  it('"how many": the count found fits, and 16 cards (the count before it) do not, even with ZeRO-3 and gc', () => {
    const r = reply('finetune 70b how many h100');
    expect(estimate(r.estimate.scenario).fits).toBe(true);
    const fewer = respond('70b zero3 gc on 16xh100', null).reply;
    expect(fewer.kind === 'estimate' && fewer.verdict.status).toBe('no');
  });

  it('"how many" keeps ZeRO alone when it is enough and says what it added', () => {
    const r = reply('finetune 13b how many h100');
    expect(r.answer?.headline).toBe('Fewest H100 80GB SXM: 4, with ZeRO-3');
    expect(r.reading).toContain('no recompute');
  });

  it('"max batch": the breakdown is that of the batch found, and one more does not fit', () => {
    const r = reply('llama-3-8b lora max batch on h100');
    const b = r.answer!.value as number;
    expect(r.estimate.scenario.microBatch).toBe(b);
    expect(r.reading).toContain(`micro-batch ${b}`);
    expect(estimate({ ...r.estimate.scenario, microBatch: b + 1 }).fits).toBe(false);
  });

  it('"compare": the details are the smaller side, and the headline says which fits', () => {
    const r = reply('13b on 4xa100-80g compare zero2 vs zero3');
    expect(r.reading).toContain('ZeRO-3 over 4 GPUs');
    expect(r.summary.verdict).toMatch(/^ZeRO-3 fits \(\d+\.\d GiB\); ZeRO-2 does not \(\d+\.\d GiB\)$/);
    expect(r.summary.verdict).toContain(`ZeRO-3 fits (${(r.estimate.deviceBytes / 2 ** 30).toFixed(1)} GiB)`);
    expect(r.canonical).toMatch(/compare/);
  });

  // "70b qlora: A6000 vs 4090?": two cards need the same per GPU; the answer is whether each holds it.
  it('"compare" of two cards: each side says whether its card holds it, and no "no GPU named" note', () => {
    const r = reply('70b qlora: A6000 vs 4090?');
    expect(r.estimate.scenario.mode).toBe('qlora');
    expect(r.answer?.text).toMatch(/^a6000: [\d.]+ GiB per GPU, does not fit in 47\.5 GiB · 4090: [\d.]+ GiB per GPU, does not fit in 23\.\d GiB — the same per GPU\.$/);
    expect(r.assumptions.join(' | ')).not.toMatch(/no GPU named/);
    // The headline names both cards with their memory (issue 24), in the order asked.
    expect(r.summary.verdict).toMatch(/^RTX A6000 48GB vs RTX 4090 24GB: neither fits — [\d.]+ of 47\.5 GiB and [\d.]+ of 23\.\d GiB per GPU$/);
    const fits = reply('7b qlora: A6000 vs 4090?');
    expect(fits.summary.verdict).toMatch(/^RTX A6000 48GB vs RTX 4090 24GB: both fit — /);
    expect(fits.answer?.text).toMatch(/a6000: [\d.]+ GiB per GPU, fits in 47\.5 GiB · 4090: [\d.]+ GiB per GPU, fits in/);
  });

  it('"compare" of two cards where one holds it: the headline names the one that does', () => {
    const r = reply('13b lora seq 4096 on a100 vs 4090');
    expect(r.summary.verdict).toMatch(/^A100 80GB vs RTX 4090 24GB: only the A100 80GB fits — [\d.]+ of 79\.\d GiB and [\d.]+ of 23\.\d GiB per GPU$/);
    const counted = reply('70b zero3 on 8x a100 vs 8x h100');
    expect(counted.summary.verdict).toMatch(/^8× A100 80GB vs 8× H100 80GB SXM: /);
  });

  it('"which gpu": the details are those of the card found', () => {
    const r = reply('7b lora which gpu');
    expect(r.estimate.scenario.hardware?.gpuId).toBe(r.answer?.value);
    expect(r.verdict.status === 'yes' || r.verdict.status === 'tight').toBe(true);
  });
});

describe('serving more sequences than the KV cache holds', () => {
  // "serve llama 3.3 70b at 32k context for 50 users": the memory always fits (vLLM fills the card
  // with KV blocks); what can fail is the number of sequences those blocks hold.
  // The server still starts (vLLM needs room for one sequence of max-model-len): the rest wait.
  it('is the verdict (runs, but the rest wait), with the levers that make room re-estimated in sequences', () => {
    const r = reply('serve llama 3.3 70b at 32k context for 50 users on 8x H100');
    expect(r.verdict.status).toBe('tight');
    expect(r.verdict.headline).toMatch(/^⚠ Runs, but its KV cache holds \d+ of the 50 sequences of 32,768 tokens at once; the rest wait/);
    expect(r.summary.verdict).toMatch(/^⚠ Holds \d+ of 50 sequences of 32,768 at once; the rest wait$/);
    expect(r.levers.some((l) => l.change === 'kv fp8' && l.fits && /KV cache for \d+ sequences/.test(l.note))).toBe(true);
    const few = reply('serve llama 3.3 70b at 32k context for 10 users on 8x H100');
    expect(few.verdict.status === 'yes' || few.verdict.status === 'tight').toBe(true);
  });

  it('a KV cache without room for one sequence of the length asked does not fit (vLLM refuses to start)', () => {
    const r = reply('serve llama 3.1 8b at 128k context on an L4');
    expect(r.verdict.status).toBe('no');
    expect(r.verdict.headline).toMatch(/^✗ Cannot start: its KV cache of \d+\.\d GiB holds [\d,]+ tokens, less than one sequence of 131,072 \(\d+\.\d GiB;/);
    expect(r.summary.verdict).toBe('✗ Cannot start: no room for one sequence of 131,072 in its KV cache');
  });

  it('a lever that makes room for exactly one sequence says "1 sequence", not "1 sequences"', () => {
    // Qwen2.5-14B at 32k on a 24 GB card cannot start; a lever that frees room for one sequence names it so.
    const r = reply('qwen2.5-14b vllm seq 32768 on 1x rtx-4090');
    const held = r.levers.map((l) => l.note).filter((n) => /KV cache for \d+ sequences? of/.test(n));
    expect(held.length).toBeGreaterThan(0);
    expect(held.some((n) => /KV cache for 1 sequence of 32768/.test(n))).toBe(true);
    expect(held.some((n) => /KV cache for 1 sequences/.test(n))).toBe(false);
  });

  it('"how many users can it handle at once" answers in sequences, not a training micro-batch', () => {
    const r = reply('serve llama 3.1 8b at 8k context on an L4, how many users can it handle at once?');
    expect(r.answer?.text).toMatch(/^\d+ sequences? of 8,192 tokens at once at most/);
    expect(r.answer?.text).not.toMatch(/gradient accumulation/);
  });

  it('"how many" for a served model adds pipeline stages past one node', () => {
    const r = reply('serve llama 3.3 70b at 32k context for 50 users, how many H100s');
    expect(r.answer?.value).toBe(16);
    expect([r.estimate.scenario.parallel.tp, r.estimate.scenario.parallel.pp]).toEqual([8, 2]);
  });
});
