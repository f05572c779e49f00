import { describe, expect, it } from 'vitest';
import { readNoticed } from '../language/reading-fixtures.js';

/**
 * rsilent: a served model's batch read from a benchmark's concurrency is said as weak (src/scenario/benchmark-load.ts):
 * the client's load or sequences the engine holds at once, which the words do not decide (c881 reads bs 20; c2113,
 * c2315 read none). First sight of the variations: 6 of 9 said or left at the default, 3 read firm in silence; after, 9 of 9.
 */
describe("a benchmark's concurrency is a weak batch", () => {
  it.each([
    // invented variations: a results table, a stress test
    ['benchmark results for mistral-7b on vllm (L40S 48GB):\n| Concurrent requests (32) | 1200 tok/s |', '32'],
    ['We ran a stress test of qwen2.5-14b-instruct on sglang (1x A100 80GB) with 48 simultaneous requests, 2k prompts each', '48'],
  ])('"%s": batch %s, said with its words', (text, bs) => {
    const r = readNoticed(text);
    expect(String(r.s.microBatch)).toBe(bs);
    expect(r.said).toMatch(new RegExp(`batch ${bs} — from .*say "bs 1" if that is the client's load`));
  });

  // Since rserve11 (question.client-load), "concurrency N" of a load on a named engine is set aside as the clients'
  // load, said, and no batch is read (as c2315 and c2113 read none).
  it.each([
    // AMD-AGI/Magpie#88 (c2315), cut to its workload line
    ['SGLang benchmark: Qwen3-Coder-480B-A35B-Instruct-FP8, TP4 on 4× MI355X. Workload: ISL/OSL 1024/1024, concurrency 32', '32'],
    ['Benchmarked Llama-3.1-8B-Instruct on vLLM, 1x H100 80GB, concurrency 64, ISL/OSL 1024/1024', '64'],
  ])('"%s": concurrency %s is the load the clients send, no batch', (text, n) => {
    const r = readNoticed(text);
    expect(String(r.s.microBatch)).not.toBe(n);
    expect(r.said).toMatch(new RegExp(`"concurrency ${n}": the load the clients send, not a server setting`));
  });

  it('concurrent users asked about, with no benchmark, stay the batch asked for', () => {
    const r = readNoticed('serving llama-3.1-8b on vllm for 20 concurrent users on one A100 80GB, will it fit?');
    expect(r.s.microBatch).toBe(20);
    expect(r.said).not.toMatch(/client's load/);
  });
});
