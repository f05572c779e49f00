import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

/**
 * A stated concurrency reaches the answer (rserve17): "expect about 10 concurrent users" is no server setting and no
 * micro-batch; the headline holds what the server serves at once against it, every number from the one Estimate and
 * its envelope, and never says "you did not say your concurrency" to a user who said it.
 */

function reply(text: string): EstimateReply {
  const r = respond(text, null).reply;
  if (r.kind !== 'estimate') throw new Error(`${text}: ${r.kind}`);
  return r;
}

const HELD = /Serves up to ([\d,]+) sequences at once of ([\d,]+)/;

describe("the served headline holds its capacity against the user's load", () => {
  it('fewer held than asked: the rest wait in the queue, by the envelope’s own count', () => {
    const r = reply('serve llama-3.1-8b on vllm for 100 concurrent users seq 8192 on 1x L4');
    const env = r.verdict.envelope!;
    const held = env.maxBatchAtSeq.batch!;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(100);
    expect(r.verdict.headline).toBe(`Serves up to ${held} sequences at once of 8,192: of your 100 concurrent users, ${100 - held} wait in the queue.`);
    expect(r.estimate.scenario.microBatch).toBe(1);
    expect(r.estimate.scenario.inference.clientLoad).toBe(100);
    // The sequences the KV pool holds at this length are the estimate's (held at the envelope's seq, the one asked).
    expect(held).toBe(r.estimate.serving!.concurrentSequences);
  });

  it('as many held as asked: enough, and nothing asked about the concurrency', () => {
    const r = reply('serve qwen2.5-1.5b on vllm for 3 concurrent users seq 4096 on 1x h100');
    expect(r.verdict.headline).toMatch(/^Serves up to [\d,]+ sequences at once of 4,096 — enough for your 3 concurrent users\.$/);
    expect(`${r.verdict.headline} ${r.verdict.detail}`).not.toMatch(/did not say your concurrency|how many requests run at once/);
  });

  it('the length still unsaid is still asked, the load not', () => {
    const r = reply('serve qwen2.5-7b on vllm for 10 concurrent users on 1x h100 max-model-len 32768');
    expect(r.verdict.headline).not.toMatch(/concurrency\)/);
  });

  it.each([
    'serve llama-3.1-8b on vllm for 10 concurrent users seq 8192 on 1x L4',
    'expect about 10 concurrent users; llama-3.1-8b on vLLM, seq 8192, one L4',
    'vllm部署llama-3.1-8b，单卡L4，seq 8192，10个并发用户',
    'vLLM으로 llama-3.1-8b 서빙, seq 8192, 동시 사용자 10명, L4 한 장',
    'vLLMでllama-3.1-8bを提供、seq 8192、同時10人、L4一枚',
    'we serve llama-3.1-8b with vllm to about 10 people at once, seq 8192, on 1x L4',
  ])('one meaning in every phrasing: %s', (text) => {
    const r = reply(text);
    const m = HELD.exec(r.verdict.headline);
    expect(m).not.toBeNull();
    expect(r.verdict.headline).toContain('of your 10 concurrent users');
    expect(r.estimate.scenario.microBatch).toBe(1);
  });

  it('the Read as line says the load as the load', () => {
    const r = reply('serve llama-3.1-8b on vllm for 10 concurrent users seq 8192 on 1x L4');
    expect(r.reading).toContain('10 concurrent users (your load)');
    expect(r.canonical).toContain('concurrency 10');
  });
});
