import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22: llama-bench's test names (pp512, tg128, pp4096+tg128, pp512 @ d4096) are token counts
 * of a benchmark, never pipeline stages (llama-bench.ts). geerlingguy/ai-benchmarks#46 (c2035)
 * had refused TinyLlama: "pp 512 is more pipeline stages than it has layers".
 */
function read(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? '' : r.error.message}`);
  return r.scenario;
}

describe("llama-bench's tests are no pipeline", () => {
  const table = (model: string, rows: string[]) =>
    `### ${model}\n\n| model | size | params | backend | ngl | test | t/s |\n| --- | ---: | ---: | --- | --: | ---: | ---: |\n${rows.map((t) => `| llama 7B Q4_0 | 3.56 GiB | 6.74 B | CUDA | 99 | ${t} | 1234.56 ± 7.89 |`).join('\n')}`;

  it.each([
    ['llama 3 8b q4_k_m on an rtx 4090 with llama-bench: pp512 11000 t/s, tg128 150 t/s'],
    ['qwen2.5 7b Q8_0 on an rtx 3090, llama.cpp: pp4096+tg128 gives 2965 tokens/s'],
    ['mistral 7b Q4_K_M llama.cpp on one RTX 3060: pp2048 @ d4096 runs at 900 t/s'],
    [table('mistral-7b-v0.1.Q4_0.gguf on 1x RTX 4090', ['pp512', 'tg128', 'pp4096+tg128'])],
    [table('llama-2-7b.Q4_0.gguf on 1x A100 80GB', ['pp2048', 'tg256', 'pg512,128'])],
  ])('%s: no pipeline read', (text) => {
    expect(read(text).parallel?.pp ?? 1).toBe(1);
  });

  it('a pipeline written the same way stays one where no benchmark is shown, or below a prompt\'s size', () => {
    expect(read('llama 2 70b full fine-tune on 16x A100 80GB tp4 pp4').parallel.pp).toBe(4);
    expect(read('llama 2 70b inference pp2 on 2x RTX 4090, 12 t/s').parallel.pp).toBe(2);
  });

  it('c2035 (geerlingguy/ai-benchmarks#46): TinyLlama Q4_K_M, ngl 99, read with no pipeline', () => {
    const text = `build: f9ec8858e (7474)\n\n## Testing on Intel Core Ultra 265K Custom PC 64GB on Ubuntu 25.10\n\n### tinyllama-1.1b-1t-openorca.Q4_K_M.gguf\n\n| model | size | params | backend | ngl | test | t/s |\n| ---- | ---: | ---: | ---- | --: | ---: | ---: |\n| llama 1B Q4_K - Medium | 636.18 MiB | 1.10 B | Vulkan | 99 | pp512 | 7094.19 ± 32.69 |\n| llama 1B Q4_K - Medium | 636.18 MiB | 1.10 B | Vulkan | 99 | tg128 | 424.32 ± 0.31 |\n| llama 1B Q4_K - Medium | 636.18 MiB | 1.10 B | Vulkan | 99 | pp4096+tg128 | 2965.32 ± 685.07 |`;
    const s = read(text);
    expect(s.parallel?.pp ?? 1).toBe(1);
    expect(s.model.id).toBe('tinyllama-1.1b');
  });
});
