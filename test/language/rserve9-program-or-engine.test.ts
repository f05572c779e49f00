import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/scenario/schema.js';
import { read } from './reading-fixtures.js';

/**
 * rserve9 (twenty-sixth session): a serving engine and a program that runs the model (transformers, TGI, llama.cpp)
 * named side by side in prose — the one left, weighed or said to work is not the run's (reconcile/program-or-engine.ts),
 * and a run said to be the current one, or a move only thought of, weighs as such (reconcile/engine-choice.ts).
 * Invented variations, written and scored before the fix: the engine-beside-transformers set read 5 of 10 right at
 * first sight and 10 of 10 after; the weighed-engine set 4 of 8 before and 7 of 8 after; a third set written after
 * the first fix and never fitted to it, 4 of 8 before and 6 of 8 after (7 of 8 once "vllm보다", than vLLM, was read
 * too), on the bench's judge.
 */

/** The program the reply runs: transformers ("hf"), TGI, llama.cpp, or a server's engine. */
function programOf(s: Scenario): string {
  if (s.mode !== 'inference') return s.mode;
  if (s.inference.engine !== 'vllm') return s.framework;
  if (s.framework === 'tgi' || s.framework === 'llamacpp') return `vllm+${s.framework}`;
  return s.inference.server ?? 'vllm';
}

describe('transformers running the model beats an engine only left, or said to work', () => {
  it.each([
    ['I used vLLM before, but now I load llama-2-13b with transformers and call generate on a 3090 and it OOMs', 'hf'],
    ['With vLLM this fits fine, but with HF transformers model.generate llama-2-7b OOMs on my T4', 'hf'],
    ['我之前用vllm部署没问题，现在换成 transformers 直接推理 qwen2-7b 就爆显存了，4090', 'hf'],
    ['In TGI this worked; now with vLLM, mistral-7b on an A10G OOMs', 'vllm'],
    ['switched from ollama to vllm for qwen2.5-14b-awq on a 4090, now it OOMs at startup', 'vllm'],
    ['on Ollama qwen2.5-32b fits my 4090, but llama.cpp\'s server with the same gguf runs out of memory', 'llamacpp'],
    // A sentence that opens with the engine's name is prose, not vLLM's CLI (asked-run.ts COMMAND_LINE).
    ['vllm 대신 transformers로 gemma-2-9b 추론하는데 3090에서 OOM 납니다', 'hf'],
    ['vllm보다 transformers가 메모리를 덜 쓴다고 해서 qwen2-7b를 transformers로 돌리는데 3090에서 OOM', 'hf'],
    ['以前用 TGI 部署的，现在改用 vllm 部署 qwen2.5-7b-instruct，L4 上启动就 OOM', 'vllm'],
  ])('%s → %s', (text, program) => {
    expect(programOf(read(text).scenario)).toBe(program);
  });

  it('the engine set aside is said, not dropped in silence', () => {
    expect(read('I used vLLM before, but now I load llama-2-13b with transformers and call generate on a 3090 and it OOMs').said).toMatch(/"vLLM" is vLLM, another program the message mentions/);
  });

  it('a launched engine stays the run beside transformers in prose', () => {
    expect(programOf(read('transformers generate worked, but this OOMs:\nvllm serve Qwen/Qwen2.5-7B-Instruct --gpu-memory-utilization 0.9\non one L4').scenario)).toBe('vllm');
  });
});

describe('an engine only weighed or thought of is not the run', () => {
  it.each([
    ['Is sglang better than vllm here? Currently I run llama-3-8b with vllm on an L4 and the KV cache is small', 'vllm'],
    ['I heard TGI is faster, but we serve mistral-7b with vLLM on an A10G and it runs out of memory', 'vllm'],
    ['Currently serving llama-3.1-8b with TGI on an L4; thinking about moving to vLLM. OOM at warmup', 'tgi'],
    ['lmdeploy和vllm哪个省显存？我现在用lmdeploy部署internlm2-chat-7b，单卡A10', 'lmdeploy'],
    ['Would lmdeploy use less memory? At the moment we run qwen2-7b on vllm on one L4 and get OOM', 'vllm'],
    ["People say llama.cpp is lighter, but I'm running mistral-7b through vLLM on a T4 and it won't start", 'vllm'],
    ['Currently I deploy qwen2-7b on lmdeploy, a single 3090; would vllm be better? lmdeploy OOMs when I raise the batch', 'lmdeploy'],
  ])('%s → %s', (text, program) => {
    expect(programOf(read(text).scenario)).toBe(program);
  });
});
