import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { corpusLineRead } from './reading-fixtures.js';

/**
 * The length slot's "default" cue in a thread (docs/reading.md, "The length slot"): an engine's default length
 * belongs to that engine. A follow-up that moves the run to another engine or mode, with no length of its own,
 * gets the new engine's default, said (scenario/thread-length.ts, llamacpp-context.ts engineNewToThread); one that
 * keeps the engine keeps the length, and a length the user stated stays.
 * Real: c543 (InternLM/InternLM#433, b13: vLLM's 4,096 kept for transformers), c2476 (ggml-org/llama.cpp#18683, b71:
 * llama.cpp named by -ngl in a reply kept the generic 2,048). Every thread below is invented.
 */
function follow(thread: string, text: string) {
  const opened = readInThread(thread, null).outcome;
  if (!opened.ok || !opened.scenario) throw new Error(`thread not read: ${thread}`);
  const r = readInThread(text, { scenario: opened.scenario, history: [] }).outcome;
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { seq: r.scenario.seq, said: r.assumptions.join(' | ') };
}

describe("llama.cpp named only by what it reads, in a reply, brings its own default context", () => {
  it.each([
    ['qwen2.5-7b on a 3060 12GB runs out of memory', 'running it as Q4_K_M gguf with -ngl 99'],
    ['mistral 7b on a 4090 OOM', 'it is the gguf, n_gpu_layers=-1'],
    ['qwen2.5-14b 4060 8G 显存不够', '用的是q4_k_m的gguf，-ngl 40'],
    ['qwen2.5-7b on a 3060 12GB runs out of memory', 'llama-server -m qwen2.5-7b-instruct-q4_k_m.gguf -ngl 99'],
    ['qwen2.5-7b on a 3060 12GB runs out of memory', 'I use ollama'],
    ['qwen3 next 80b on 3x 3090', 'llama-bench -m qwen3next-80b-q2_k.gguf -ngl 99'],
  ])('%s / %s', (thread, text) => {
    const r = follow(thread, text);
    expect(r.seq).toBe(4096);
    expect(r.said).toMatch(/seq 4096 \(default\): context 4,096/);
  });
});

describe("a served thread's default length does not follow the run to training or to another engine", () => {
  it.each([
    ['serve llama-3.1-8b with vllm on an a100 80gb', 'now I want to lora fine-tune it on the same card', 131072],
    ['serve qwen2.5-7b-instruct with vllm on a 4090', 'can I full fine-tune it with deepspeed zero3 on 2 of them?', 32768],
    ['vllm部署qwen2.5-7b，单卡4090', '现在想用lora微调这个模型', 32768],
    ['vllm으로 llama-3.1-8b 서빙, A100 80GB', '이제 LoRA로 파인튜닝하려고 합니다', 131072],
  ])('%s / %s', (thread, text, served) => {
    const r = follow(thread, text);
    expect(r.seq).not.toBe(served);
    expect(r.said).toMatch(new RegExp(`seq \\d+ (?:\\(default\\)|— )[^|]*`));
  });

  it("Ollama's 4,096 gives way to vLLM's own when the reply serves with vLLM", () => {
    const r = follow('ollama run qwen2.5:7b on a 3060', 'same model with vllm serve --gpu-memory-utilization 0.9');
    expect(r.seq).toBe(32768);
    expect(r.said).toMatch(/seq 32768 \(default\): max-model-len 32,768/);
  });
});

describe('what stays', () => {
  it('a length the user stated in the thread stays when the run moves to training', () => {
    expect(follow('serve llama-3.1-8b with vllm --max-model-len 8192 on an a100 80gb', 'now I want to lora fine-tune it on the same card').seq).toBe(8192);
  });
  it("a reply on the same engine keeps the engine's length", () => {
    expect(follow('serve llama-3.1-8b with vllm on an a100 80gb', 'what about 2 of them?').seq).toBe(131072);
  });
});

describe('the real lines', () => {
  it('c543: transformers after a vLLM deploy title is not served at vLLM\'s 4,096', () => {
    const r = corpusLineRead('c543');
    expect(r.scenario.seq).toBe(2048);
    expect(r.said).toMatch(/the thread's 4,096 was vLLM's default/);
  });
  it('c2476: llama-bench under -ngl 99 in a reply takes llama.cpp\'s default context', () => {
    expect(corpusLineRead('c2476').scenario.seq).toBe(4096);
  });
});
