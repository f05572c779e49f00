import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A bit width said of a GGUF file is that width's GGUF type (prose/rules/gguf-widths.ts): "8bit gguf"
 * is Q8_0, "5bit (k quants)" Q5_K_M, never the bare "gguf"'s default Q4_K_M nor bitsandbytes' NF4.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const TYPE: Record<number, string> = { 2: 'q2_k', 3: 'q3_k_m', 4: 'q4_k_m', 5: 'q5_k_m', 6: 'q6_k', 8: 'q8_0' };

describe('a width said of a GGUF file', () => {
  it('c1917: the 8-bit GGUF of the two 8-bit models compared (the MLX one is not the llama.cpp run)', () => {
    expect(read(line('c1917').text).scenario.weights).toBe('q8_0');
  });

  it('c1121: "5bit (k quants)" under KoboldCpp is Q5_K_M, said', () => {
    const { scenario, said } = read(line('c1121').text);
    expect(scenario.weights).toBe('q5_k_m');
    expect(said).toMatch(/Q5_K_M/);
  });

  it.each([
    ['qwen3 4b 8bit gguf model on a 16gb card', 'q8_0'],
    ['llama 3 8b GGUF 8-bit with llama.cpp on a 3060', 'q8_0'],
    ['mistral 7b 4-bit GGUF on an 8gb card', 'q4_k_m'],
    ['qwen2.5 7b 的gguf 6bit 在 8G 显卡上跑', 'q6_k'],
    ['running a 70b model, quantization 3-bit k-quants, koboldcpp, 24GB VRAM', 'q3_k_m'],
    ['llama-2-13b 8 bit quantized gguf on a 4090', 'q8_0'],
  ])('%s', (text, weights) => {
    expect(read(text).scenario.weights).toBe(weights);
  });

  it('a width beside another format keeps its own reading', () => {
    expect(read('run llama-13b 4bit on a 3090').scenario.weights).toBe('nf4');
    expect(read('qwen3 4b 8bit mlx model on an m3 ultra').scenario.weights).not.toBe('q8_0');
  });

  it('any width, either order, any case: the GGUF type of that width', () => {
    fc.assert(
      fc.property(fc.constantFrom(2, 3, 4, 5, 6, 8), fc.constantFrom('bit', '-bit', ' bit', 'bits'), fc.boolean(), fc.boolean(), (bits, unit, after, upper) => {
        const gguf = upper ? 'GGUF' : 'gguf';
        const text = after ? `llama 3 8b ${gguf} ${bits}${unit} on a 24gb card` : `llama 3 8b ${bits}${unit} ${gguf} on a 24gb card`;
        expect(read(text).scenario.weights).toBe(TYPE[bits]);
      }),
      { numRuns: 40 },
    );
  });
});
