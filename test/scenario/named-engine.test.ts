import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

/**
 * An engine the user names whose memory is counted with vLLM's layout (language/serve-engines.ts
 * `vllm-layout`) is the engine the reply names: "Read as" and the method fact said "vLLM serving" and
 * "inference (vllm)" for a TensorRT-LLM engine build (NVIDIA/TensorRT-LLM#2123, c1335), naming a
 * program the user does not run. The estimate is vLLM's either way.
 */
function read(text: string): { reading: string; method: string | undefined; peak: number } {
  const reply = respond(text, null).reply as EstimateReply;
  expect(reply.kind, text).toBe('estimate');
  return {
    reading: reply.reading,
    method: reply.trace?.find((f) => f.fact === 'method')?.value,
    peak: reply.estimate.deviceBytes,
  };
}

describe('an engine counted with vLLM\'s layout is named as itself', () => {
  it.each([
    ['build TensorRT engines for Qwen2-72B on 4x A30 24GB (NVIDIA/TensorRT-LLM#2123)', 'TensorRT-LLM'],
    ['serve llama-3-8b with trt-llm on a 4090', 'TensorRT-LLM'],
    ['serve llama-3-8b with mistral.rs on a 4090', 'mistral.rs'],
    ['python -m lightllm.server.api_server --model_dir /models/llama-3-8b on one A100 80GB', 'LightLLM'],
  ])('%s', (text, engine) => {
    const r = read(text);
    expect(r.reading).toContain(`${engine} serving, counted as vLLM's`);
    expect(r.reading).not.toMatch(/(?<![\w.])vLLM serving/);
    expect(r.method).toBe(`inference (${engine})`);
  });

  it('the estimate is vLLM\'s: naming the engine changes the words, not the bytes', () => {
    expect(read('serve llama-3-8b with trt-llm on a 4090').peak).toBe(read('serve llama-3-8b with vllm on a 4090').peak);
  });

  it('vLLM, SGLang and a plain serve word keep their own names', () => {
    expect(read('serve llama-3-8b with vllm on a 4090').method).toBe('inference (vllm)');
    expect(read('serve llama-3-8b with sglang on a 4090').method).toBe('inference (sglang)');
    expect(read('serve llama-3-8b with trt-llm on a 4090, then serve llama-3-8b with vllm on a 4090').reading).toBeTruthy();
  });
});
