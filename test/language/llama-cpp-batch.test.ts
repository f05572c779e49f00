import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * llama.cpp's batch (-b, --batch-size, n_batch; LocalAI's `batch:` beside gpu_layers) is the
 * prompt tokens processed per step, not a batch of requests (b10, c461): it must not become the
 * micro-batch, and the reply says it was set aside. Elsewhere `-b` / `batch` keep their reading.
 */

const c461 = loadCorpus().find((l) => l.id === 'c461')!;

describe("llama.cpp's prompt batch is not the micro-batch", () => {
  it('c461: LocalAI model YAML "batch: 512" beside gpu_layers and context_size', () => {
    const { scenario, said } = read(c461.text);
    expect(scenario.microBatch).toBe(1);
    expect(scenario.seq).toBe(2048);
    expect(said).toMatch(/batch 512 is the prompt tokens processed per step/);
  });

  const spellings = [(n: number) => `-b ${n}`, (n: number) => `--batch-size ${n}`, (n: number) => `--batch-size=${n}`];
  it('in any spelling and order on a llama.cpp command line, with -c or -ngl beside it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...spellings), fc.constantFrom(64, 256, 512, 2048), fc.constantFrom('-c 4096', '-ngl 99', '-c 4096 -ngl 35'), fc.boolean(), (spell, n, other, before) => {
        const flags = before ? `${spell(n)} ${other}` : `${other} ${spell(n)}`;
        const { scenario, said } = read(`llama-cli -m llama-2-13b.Q4_K_M.gguf ${flags} on a 4090`);
        expect(scenario.microBatch).toBe(1);
        expect(said).toContain(`batch ${n} is the prompt tokens`);
      }),
      { numRuns: 30 },
    );
  });

  it('a YAML batch key beside n_gpu_layers, in another order', () => {
    const { scenario } = read('mistral-7b q4_k_m gguf on a 3090\n```yaml\nn_gpu_layers: 20\nbatch: 1024\n```');
    expect(scenario.microBatch).toBe(1);
  });

  it('without a llama.cpp key a batch stays the batch', () => {
    expect(read('llama-2-7b lora --batch_size 8 on a 4090').scenario.microBatch).toBe(8);
    expect(read('llama-2-7b lora on a 4090\nbatch: 4').scenario.microBatch).toBe(4);
  });
});
