import { describe, expect, it } from 'vitest';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * Issue 22 §7, branch rprec2 (thirty-fourth session): a KV-cache dtype said in words sets the cache's format,
 * never the weights'; a GGUF's float type said in ggml's spelling ("f16", "F16 GGUF") is the file's format,
 * not the runner's default Q4_K_M. Variations invented in the words people use, beside the real lines.
 */

const s = (text: string) => read(text).scenario;

describe('a dtype said of the KV cache is the cache\'s, not the weights\' (vllm-project/vllm#15191, c2933)', () => {
  it('c2933: "Fp8 cache for FA3" and kv_cache_dtype="fp8" leave Llama-3.2-1B\'s weights in 16 bits', () => {
    const r = corpusLineRead('c2933').scenario;
    expect(r.weights).toBe('bf16');
    expect(r.inference?.kvDtype).toBe('fp8');
  });

  it.each([
    'Enable Fp8 cache for FA3 on H100: llm = LLM(model="meta-llama/Llama-3.2-1B-Instruct", kv_cache_dtype="fp8")',
    'vllm serve meta-llama/Llama-3.1-8B-Instruct --kv-cache-dtype fp8 on 1x L40S',
    'serve llama-3.1-8b with vllm, fp8 cache, on one L4',
    'serve llama-3.1-8b with vllm on one L4 with the KV cache in fp8',
    'Llama-3.1-8B vLLM L4 24GB, kv_cache_dtype: fp8_e4m3',
    '用 vllm 部署 Llama-3.1-8B，KV cache 用 fp8，单卡 L4',
    'vllm로 Llama-3.1-8B 서빙, kv cache는 fp8, L4 한 장',
    'FA3 fp8 attention is now supported, so serve Llama-3.1-8B with vllm --kv-cache-dtype fp8 on an H100',
    'Enable FP8 KV caches for Hopper: llm = LLM(model="Qwen/Qwen2.5-7B-Instruct", kv_cache_dtype="fp8_e5m2")',
    'serve qwen2.5-7b with vllm using fp8 kv-cache on an A100',
    'serving qwen2.5-7b on vllm, kv cache set to fp8, one A100 80GB',
    'vllm qwen2.5-7b on an A100, KV缓存用fp8',
    // c2023's words (syv-ai/qwen38-27b-rtx3090#68), with a model named.
    'serving qwen2.5-7b with vllm on 2 x RTX 3060; CTX=long forces MTP=3 and quantize the kv cache to fp8',
  ])('%j: kv fp8, 16-bit weights', (text) => {
    const r = s(text);
    expect(r.inference?.kvDtype, text).toBe('fp8');
    expect(r.weights, text).toBe('bf16');
  });

  it('fp8 weights said as such stay fp8 beside an fp8 cache', () => {
    const r = s('serve Llama-3.1-70B in fp8 with vllm, kv cache in fp8, on 2x H100');
    expect(r.weights).toBe('fp8');
    expect(r.inference?.kvDtype).toBe('fp8');
  });
});

describe('a GGUF\'s float type said in ggml\'s words is the file\'s format (meta-llama/llama3#234, c2964)', () => {
  it('c2964: "llama3 70b f16 model through ollama" is the 16-bit GGUF, not Q4_K_M', () => {
    expect(corpusLineRead('c2964').scenario.weights).toBe('fp16');
  });

  it.each([
    'I need to run llama3 70b f16 model through ollama on 2 * A100 80GB',
    'run llama3 70b in f16 with ollama on 2x A100 80GB',
    'ollama run llama3:70b-instruct-fp16 on 2x A100 80GB',
    'llama.cpp with the fp16 gguf of llama-3-70b on 2x A100 80GB',
    'llama-server -m Meta-Llama-3-70B-Instruct-f16.gguf -ngl 99 on 2x A100 80GB',
    'ollama 跑 llama3 70b f16 模型，两张 A100 80G',
    'ollama로 llama3 70b fp16 모델 실행, A100 80GB 2장',
    'Running Llama-3-70B (F16 GGUF) in LM Studio on 2x A100 80GB',
    'llama3 70b fp16 via ollama, 2 A100 80GB cards',
    'Can ollama load llama3 70b at full precision (fp16) across 2x A100 80GB?',
  ])('%j: fp16 weights', (text) => {
    expect(s(text).weights, text).toBe('fp16');
  });

  it('other types keep their own reading', () => {
    expect(s('llama3 70b bf16 with llama.cpp on 2x A100 80GB').weights).toBe('bf16');
    expect(s('llama3 70b q8_0 with ollama on 2x A100 80GB').weights).toBe('q8_0');
    expect(s('llama3 70b gguf with ollama on 2x A100 80GB').weights).toBe('q4_k_m');
  });

  it('"f16" as another program\'s word is no weights\' format (mudler/LocalAI#1981, c972; baichuan-inc/Baichuan-13B#6, c735)', () => {
    expect(corpusLineRead('c972').scenario.weights).toBe('q4_k_m');
    expect(corpusLineRead('c735').scenario.compute).toBe('bf16');
    expect(s('wizard-13b gguf with localai, ngl 20. I set f16 and cuda as false in the config, no reaction').weights).toBe('q4_k_m');
  });

  it('llama.cpp\'s -ctk f16 stays the cache\'s type', () => {
    const r = s('llama-server -m qwen2.5-7b-instruct-q4_k_m.gguf -ngl 99 -ctk f16 -ctv f16 on a 3090');
    expect(r.weights).toBe('q4_k_m');
    expect(r.inference?.kvDtype).toBe('fp16');
  });
});
