import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * A GGUF Hub repo names llama.cpp's format as a GGUF type said in words does: deploying it with no
 * engine named is llama.cpp (llama-server, Ollama), with llama.cpp's fp16 compute, not vLLM's layout.
 */
const read = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(r.ok ? 'no scenario' : r.error.message);
  return { s: r.scenario, said: r.assumptions.join(' | ') };
};

describe('a GGUF repo runs on llama.cpp unless an engine is named', () => {
  it('c1143 (QwenLM/Qwen3-VL#1583): 部署yairpatch/Qwen3-VL-30B-A3B-Instruct-GGUF on one 4090', () => {
    const { s, said } = read('部署yairpatch/Qwen3-VL-30B-A3B-Instruct-GGUF需要多大的显存？这个量化版本，一张4090够吗？');
    expect(s.framework).toBe('llamacpp');
    expect(s.compute).toBe('fp16');
    expect(said).toMatch(/llama\.cpp \(GGUF Q4_K_M is its format/);
  });

  it('invented variations: another repo, English deploy word, a named quant type', () => {
    expect(read('deploy bartowski/Meta-Llama-3.1-8B-Instruct-GGUF on an 8GB card').s.framework).toBe('llamacpp');
    expect(read('host TheBloke/Llama-2-13B-chat-GGUF on a 3060').s.framework).toBe('llamacpp');
  });

  it('a named engine keeps its own layout', () => {
    expect(read('vllm serve bartowski/Meta-Llama-3.1-8B-Instruct-GGUF on an L4').s.framework).not.toBe('llamacpp');
  });
});
