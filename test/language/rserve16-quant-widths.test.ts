import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * An ExLlama quant's width said in words or beside EXL3: "the 5.0 bit quantization with EXL2" (turboderp-org/exllamav3#60,
 * corpus c3161, b94), "cogito-v1-preview-qwen-32B-exl3_4.0bpw" (turboderp-org/exllamav2, c2293, b65). The width is the
 * bits per weight the file holds (`bpw`), never a GGUF type of its whole bits (a 4.0 bpw EXL3 file is not Q4_K_M's 4.85).
 */
const width = (text: string) => {
  const s = read(text).scenario;
  return { bpw: s.inference?.bpw, framework: s.framework, weights: s.weights };
};

describe("an ExLlama quant's width", () => {
  it.each([
    ['Mistral Large 123B: the 5.0 bit quantization with EXL2 fits in 2x48 GB cards', 5],
    ['llama-3-70b exl2 4.65 bit on 2x 3090', 4.65],
    ['Qwen2.5-72B EXL2 at 4.25 bits per weight on two 3090s', 4.25],
    ['VRAM test with cogito-v1-preview-qwen-32B-exl3_4.0bpw, context length 8192', 4],
    ['ExLlamaV3 with Llama-3.1-70B 3.0bpw on 2x 3090', 3],
    ['exllamav2 加载 Qwen2-72B 4.0bpw 两张3090 爆显存', 4],
    ['Mistral-Large-123B 2.5-bit EXL3 quant on one 48GB card', 2.5],
    ['Llama-3.3-70B EXL2 6.0bpw 로 A6000 한 장에서 돌리면', 6],
    ['tabbyAPI loading a 3.5 bpw exl2 of Command-R-Plus 104B on 3x 3090', 3.5],
    ['gemma-2-27b exl2 quant at 6 bits on a 4090', 6],
  ])('%s: bpw %d', (text, bpw) => {
    const w = width(text);
    expect(w.bpw).toBe(bpw);
    expect(w.framework).toBe('exllamav2');
  });
});
