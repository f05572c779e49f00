import { describe, expect, it } from 'vitest';
import { readNoticed } from './reading-fixtures.js';

/**
 * Ollama's own environment variables (OLLAMA_NUM_PARALLEL, OLLAMA_CONTEXT_LENGTH, OLLAMA_KEEP_ALIVE …: ollama
 * envconfig/config.go) are read by the Ollama server alone, which runs llama.cpp's kernels: the engine slot's cue
 * is the variable (config-keys/engine-variables.ts). A bug report's "A4000 (15GB vram) … 2048 context length
 * OLLAMA_NUM_PARALLEL=1" (ollama/ollama#10458, corpus c2038) had been estimated as Hugging Face generate, and
 * whether the engine was said hung on the value (OLLAMA_NUM_PARALLEL=2 read a cap, =1 nothing).
 * Invented variations, scored before the fix: 3/10 (one through its q4_k_m, and the two controls).
 */

const engineOf = (text: string) => {
  const { s } = readNoticed(text);
  return s.mode === 'inference' ? (s.framework === 'llamacpp' ? 'llamacpp' : s.inference.engine) : s.mode;
};

describe("an Ollama variable says the engine, whatever its value", () => {
  it.each([
    'qwen2.5 7b on a 3060 12GB, OLLAMA_NUM_PARALLEL=1, 8k context, very slow',
    'OLLAMA_FLASH_ATTENTION=1 OLLAMA_KV_CACHE_TYPE=q8_0 with llama3.1 70b q4_k_m on 2x 3090, only 3 t/s',
    'export OLLAMA_CONTEXT_LENGTH=32768\nmistral-small 24b on a 4090 runs out of VRAM',
    '环境变量 OLLAMA_NUM_PARALLEL=2，qwen3-30b-a3b 单卡 4090 很慢',
    'OLLAMA_MAX_LOADED_MODELS=2 and OLLAMA_NUM_PARALLEL=4, gemma3 27b on an A6000',
    'OLLAMA_NUM_PARALLEL=1 로 설정했는데 llama3.1 8b 가 RTX 3060 에서 느립니다',
    'Qwen3 MoE 30b-a3b, low GPU utilization\nA4000 (15GB vram), 64GB DDR4\n2048 context length\nOLLAMA_NUM_PARALLEL=1',
    'OLLAMA_KEEP_ALIVE=-1 OLLAMA_HOST=0.0.0.0, deepseek-r1 32b on 2x 3090 is slow',
  ])('%s', (text) => {
    expect(engineOf(text)).toBe('llamacpp');
  });

  it('what the variable sets is still read beside the engine', () => {
    const { s } = readNoticed('export OLLAMA_CONTEXT_LENGTH=32768\nmistral-small 24b on a 4090 runs out of VRAM');
    expect(s.seq).toBe(32768);
  });

  it('a variable with nothing read is said weak, with its words', () => {
    expect(readNoticed('OLLAMA_KEEP_ALIVE=-1 OLLAMA_HOST=0.0.0.0, deepseek-r1 32b on 2x 3090 is slow').said).toMatch(/OLLAMA_/);
  });
});

describe('other engines and training runs are untouched', () => {
  it.each([
    ['VLLM_USE_V1=1 vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len 8192 on 1x L40S', 'vllm'],
    ['full fine-tune of llama-3-8b on 8x A100 80GB with deepspeed zero3, OOM', 'full'],
  ])('%s', (text, expected) => {
    expect(engineOf(text)).toBe(expected);
  });
});
