import { describe, expect, it } from 'vitest';
import { corpusLineRead, readNoticed } from './reading-fixtures.js';

/**
 * s32: a results table with a length column is a sweep (prose/rules/length-tables.ts). b67–b69 at first sight:
 * mlx-lm's Context column (c2393) read nothing; SGLang's "Input-Output Length" rows (c2380) read their first
 * cell as the sequence. Invented variations, first sight 1 of 7 right (four read the first row, silently);
 * after, 6 of 7 (a snake_case header, `| seq_len |`, is still taken by the config keys first).
 */
describe('a table of lengths answers for its largest row; request lengths are set aside', () => {
  it.each([
    ['DSV3 MLA with mlx\n\nContext | prompt tok/s | memory GB\n----- | ---- | -----\n4096 | 199.1 | 401.6\n8192 | 176.5 | 424.2\n16384 | 139.0 | 469.9', 16384],
    ['llama-3-8b on a 4090 with llama.cpp q4_k_m\n\n| ctx | tok/s | VRAM |\n|---|---|---|\n| 2048 | 120 | 6.1 GB |\n| 8192 | 95 | 7.4 GB |\n| 32768 | 60 | 11.0 GB |', 32768],
    ['qwen2-7b 在 4090 上用 vllm 推理的显存：\n\n| 上下文长度 | 显存 |\n| --- | --- |\n| 4k | 17G |\n| 8k | 19G |\n| 16k | 22G |', 16384],
    ['mistral-7b ollama on m2 max\n\nContext length | tokens/s\n--- | ---\n2048 | 40\n4096 | 35\n8192 | 28', 8192],
  ])('%s', (text, seq) => {
    const { s, said } = readNoticed(text);
    expect(s.seq).toBe(seq);
    expect(said).toMatch(new RegExp(String(seq).slice(0, 2)));
  });

  it.each([
    ['Qwen3-32B vllm on 2x h100 tp 2\n\n| Input-Output Length | Output Token Throughput (tok/s) |\n|---|---|\n| 1000-2000 | 1733 |\n| 5000-1000 | 835 |'],
    ['llama-3.1-70b sglang on 8x h100\n\n| ISL/OSL | concurrency | tok/s |\n|---|---|---|\n| 1024/1024 | 64 | 5000 |\n| 8192/1024 | 32 | 2100 |'],
  ])('request lengths: %s', (text) => {
    expect([1000, 5000, 1024, 8192]).not.toContain(readNoticed(text).s.seq);
  });

  it('c2393 reads 16384; c2380 reads no length from its benchmark rows', () => {
    expect(corpusLineRead('c2393').scenario.seq).toBe(16384);
    expect(corpusLineRead('c2380').scenario.seq).not.toBe(1000);
  });
});
