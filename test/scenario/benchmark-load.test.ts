import { describe, expect, it } from 'vitest';
import { readNoticed } from '../language/reading-fixtures.js';

/**
 * rsilent (a benchmark's concurrency said as a weak batch), then rserve11 (a named engine's "concurrency N" set aside
 * as the clients' load) and rserve17: a load in any words is the clients' (inference.clientLoad), never a batch, and
 * the reply holds it against the sequences the engine's KV cache holds at once (c2113, c2315 read no batch).
 */
describe("a benchmark's concurrency is the clients' load", () => {
  it.each([
    // invented variations: a results table, a stress test
    ['benchmark results for mistral-7b on vllm (L40S 48GB):\n| Concurrent requests (32) | 1200 tok/s |', 32],
    ['We ran a stress test of qwen2.5-14b-instruct on sglang (1x A100 80GB) with 48 simultaneous requests, 2k prompts each', 48],
  ])('"%s": load %s, no batch', (text, n) => {
    const r = readNoticed(text);
    expect([r.s.inference.clientLoad, r.s.microBatch]).toEqual([n, 1]);
  });

  it.each([
    // AMD-AGI/Magpie#88 (c2315), cut to its workload line
    ['SGLang benchmark: Qwen3-Coder-480B-A35B-Instruct-FP8, TP4 on 4× MI355X. Workload: ISL/OSL 1024/1024, concurrency 32', '32'],
    ['Benchmarked Llama-3.1-8B-Instruct on vLLM, 1x H100 80GB, concurrency 64, ISL/OSL 1024/1024', '64'],
  ])('"%s": concurrency %s is the load the clients send, no batch', (text, n) => {
    const r = readNoticed(text);
    expect(String(r.s.microBatch)).not.toBe(n);
    expect(r.said).toMatch(new RegExp(`"concurrency ${n}": the load the clients send, not a server setting`));
  });

  it('concurrent users asked about, with no benchmark, are the load too', () => {
    const r = readNoticed('serving llama-3.1-8b on vllm for 20 concurrent users on one A100 80GB, will it fit?');
    expect([r.s.inference.clientLoad, r.s.microBatch]).toEqual([20, 1]);
  });
});
