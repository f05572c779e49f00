import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { corpusLineRead, read } from './reading-fixtures.js';

const canonical = (text: string) => ` ${canonicalText(read(text).scenario)} `;

/**
 * llama-bench's settings columns (llama-bench.ts llamaBenchColumns): the `ngl` column of its table is the run's -ngl
 * (ggml-org/llama.cpp#18683, corpus c2476: `|  99 |` under `ngl` was a number not read). First sight of these
 * variations on main's build: 0 of 4 right (rserve12, 2026-12-05).
 */
describe("llama-bench's ngl column", () => {
  it.each<[string, string]>([
    ['llama-bench on my 3060 12GB:\n\n| model | size | params | backend | ngl | test | t/s |\n| --- | ---: | ---: | --- | --: | ---: | ---: |\n| llama 13B Q4_K - Medium | 7.33 GiB | 13.02 B | CUDA | 35 | pp512 | 1021.55 ± 3.10 |\n| llama 13B Q4_K - Medium | 7.33 GiB | 13.02 B | CUDA | 35 | tg128 | 38.21 ± 0.11 |', 'ngl 35'],
    ['qwen2.5-32b q4_k_m on a 4090\n| model                          |       size |     params | backend    | threads | n_ubatch | ngl | fa |            test |                  t/s |\n| ------------------------------ | ---------: | ---------: | ---------- | ------: | -------: | --: | -: | --------------: | -------------------: |\n| qwen2 32B Q4_K - Medium        |  18.48 GiB |    32.76 B | CUDA       |       8 |      512 |  48 |  1 |           pp512 |        950.12 ± 2.00 |', 'ngl 48'],
    ['两张 4090 跑 llama-3-70b q4_k_m 的 llama-bench 结果：\n| model | size | params | backend | ngl | test | t/s |\n|---|---|---|---|---|---|---|\n| llama 70B Q4_K - Medium | 39.59 GiB | 70.55 B | CUDA | 99 | tg128 | 17.10 ± 0.02 |', 'ngl 99'],
    ['mistral-7b q4_0 CPU only:\n| model | size | params | backend | ngl | test | t/s |\n| --- | --- | --- | --- | --- | --- | --- |\n| llama 7B Q4_0 | 3.83 GiB | 7.24 B | CUDA | 0 | pp512 | 60.1 ± 0.3 |', 'ngl 0'],
  ])('%s', (text, words) => expect(canonical(text)).toContain(` ${words} `));

  it('c2476: the three-3090 table runs at -ngl 99', () => {
    expect(` ${canonicalText(corpusLineRead('c2476').scenario)} `).toContain(' ngl 99 ');
  });
});
