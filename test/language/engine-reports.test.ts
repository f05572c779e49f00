import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENGINE_REPORT_RULES } from '../../src/language/prose/rules/engine-reports.js';
import { parseRequest } from '../../src/language/parse.js';
import { read, shape } from './reading-fixtures.js';

/**
 * An engine's report quoted inside a sentence sets nothing (issue 22, §1; prose/rules/engine-reports.ts).
 * Real lines: "is it the same of the logged following line? `Maximum concurrency for 8192 tokens per
 * request: 4.61x`" (vllm-project/vllm#8031) read 8192 as a micro-batch of 8192 sequences; vLLM's "GPU KV
 * cache size: N tokens" (the line vllm-project/vllm#27017 asks about) became the length; SGLang's "KV Cache
 * is allocated. #tokens: …, K size: 20.5 GB" was refused as a second card; Ollama's "prompt eval count: 7
 * token(s)" (kvcache-ai/ktransformers#462, c692) was a length of 7 when quoted outside its fence.
 */

const rule = (id: string) => ENGINE_REPORT_RULES.find((r) => r.id === id)!;

describe('an engine report quoted in a sentence sets nothing', () => {
  it('vllm#8031: the quoted concurrency line is no batch and no length', () => {
    const text = "@hmellor is it the same of the logged following line? `Maximum concurrency for 8192 tokens per request: 4.61x` that's mean the model can handle 4.6 of 8k requests? I serve llama-3.1-8b with vllm on one A10G";
    const { scenario } = read(text);
    expect(scenario.microBatch).not.toBe(8192);
    expect(shape(scenario)).toBe(shape(read("@hmellor is it the same of the logged following line? that's mean the model can handle 4.6 of 8k requests? I serve llama-3.1-8b with vllm on one A10G").scenario));
  });

  it('the key beside the report still sets the length: --max-model-len 20000 and its concurrency line', () => {
    const { scenario } = read('vllm serve meta-llama/Llama-3.1-8B-Instruct on a 3090 --max-model-len 20000 works; the log says Maximum concurrency for 20000 tokens per request: 1.56x');
    expect([scenario.seq, scenario.microBatch]).toEqual([20000, read('vllm serve meta-llama/Llama-3.1-8B-Instruct on a 3090 --max-model-len 20000').scenario.microBatch]);
  });

  it("vLLM's KV pool in tokens is no length", () => {
    const { scenario } = read('serving qwen2.5-14b with vllm on an L40S, startup prints GPU KV cache size: 152,304 tokens, is that normal?');
    expect(scenario.seq).not.toBe(152304);
  });

  it("SGLang's allocation line is no card: one H100, not a refusal", () => {
    const out = parseRequest('sglang says KV Cache is allocated. #tokens: 350257, K size: 20.5 GB, V size: 20.5 GB, serving llama-3-8b on 1 H100');
    expect(out.ok).toBe(true);
    const h = read('sglang says KV Cache is allocated. #tokens: 350257, K size: 20.5 GB, V size: 20.5 GB, serving llama-3-8b on 1 H100').scenario.hardware;
    expect([h?.gpuId, h?.count]).toEqual(['h100-80g', 1]);
  });

  it('each rule blanks its whole example, and its trace names it', () => {
    for (const r of ENGINE_REPORT_RULES) {
      r.pattern.lastIndex = 0;
      const m = r.pattern.exec(r.example.toLowerCase());
      expect(m, r.id).not.toBeNull();
      expect(r.write(m!, []), r.id).toMatch(/^ +$/);
    }
    expect(rule('prose.report-vllm-concurrency').source).toBe('vllm-project/vllm#8031');
  });

  it('a report quoted anywhere, in any wrapping, leaves the reading as it was without it', () => {
    const setups = [
      'serving qwen2.5-14b with vllm on an L40S',
      'vllm serve meta-llama/Llama-3.1-8B-Instruct on 1 RTX 3090 --max-model-len 20000',
      '用vllm部署qwen2-7b，单卡4090',
      'llama-3-8b on 1 H100 with sglang',
      'ollama run llama3:8b on my 3060 12GB',
    ];
    const grouped = (n: number) => n.toLocaleString('en-US');
    const reports = [
      (n: number, x: number) => `Maximum concurrency for ${n} tokens per request: ${x}x`,
      (n: number, x: number) => `Maximum concurrency for ${grouped(n)} tokens per request: ${x}x`,
      (n: number) => `GPU KV cache size: ${grouped(n)} tokens`,
      (n: number, x: number) => `GPU KV cache size: ${grouped(n * 4)} tokens, Maximum concurrency for ${grouped(n)} tokens per request: ${x}x`,
      (n: number) => `# GPU blocks: ${n}, # CPU blocks: 2048`,
      (n: number, x: number) => `KV Cache is allocated. #tokens: ${n}, K size: ${x} GB, V size: ${x} GB`,
      (n: number) => `prompt eval count: ${n} token(s)`,
      (n: number) => `prompt eval count:    ${n} token(s), eval count: ${n * 2} token(s)`,
    ];
    const wrappings = [(r: string) => `, the log says ${r}`, (r: string) => `; startup prints \`${r}\``, (r: string) => ` ('${r}')`, (r: string) => `，日志里 ${r}`];
    fc.assert(
      fc.property(
        fc.constantFrom(...setups),
        fc.constantFrom(...reports),
        fc.constantFrom(...wrappings),
        fc.integer({ min: 7, max: 400_000 }),
        fc.constantFrom(0.82, 1.56, 4.61, 14.5, 20.5),
        (setup, report, wrap, n, x) => {
          const text = `${setup}${wrap(report(n, x))}`;
          expect(shape(read(text).scenario), text).toBe(shape(read(`${setup}${wrap('')}`).scenario));
        },
      ),
      { numRuns: 120 },
    );
  });

  it('a length said in the words stays: "prompts of 4096 tokens", "eval on 2048 tokens" are no report', () => {
    expect(read('serving qwen2.5-14b with vllm on an L40S, prompts of 4096 tokens').scenario.seq).toBe(4096);
    expect(read('lora llama-3-8b on a 4090 with seq 2048, the eval count is small').scenario.seq).toBe(2048);
  });
});
