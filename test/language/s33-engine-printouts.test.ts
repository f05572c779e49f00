import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { ENGINE_PRINTOUTS } from '../../src/language/engine-printouts.js';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * The engine named by its own printout (engine-printouts.ts): a logger's tag, a source path in a traceback, a
 * dump's class, a logger's line format, in prose, in a log or in a pasted dump. Invented variations of the
 * phenomenon behind OpenGVLab/InternVL#728 (c2502: "[TM][ERROR] … /lmdeploy/src/turbomind/…" read as transformers)
 * and sgl-project's ServerArgs dumps; first sight on the code before the rule: 2 of 12 right (rserve12, 2026-12-05).
 */
const canonical = (text: string) => ` ${canonicalText(read(text).scenario)} `;

describe('an engine named by its own printout', () => {
  it.each<[string, string]>([
    ['InternVL2-26B AWQ OOM on a 4090\n\nRuntimeError: [TM][ERROR] CUDA runtime error: out of memory /lmdeploy/src/turbomind/utils/allocator.h:231', 'lmdeploy'],
    ['internlm2-chat-20b 在 A10 上跑报错 RuntimeError: [TM][ERROR] CUDA runtime error: out of memory /lmdeploy/src/turbomind/utils/memory_utils.cu:32', 'lmdeploy'],
    ['A100 40G에서 qwen2.5-14b 실행 시 OOM 발생\n\nTraceback (most recent call last):\n  File "/usr/local/lib/python3.10/dist-packages/lmdeploy/turbomind/turbomind.py", line 231, in __init__\n    self.model_comm = _tm.AbstractTransformerModel.create_llama_model(\nRuntimeError: out of memory', 'lmdeploy'],
    ['Serving llama-3.1-8b on an L4 crashes:\n\nTraceback (most recent call last):\n  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py", line 1214, in init_memory_pool\n    raise RuntimeError("Not enough memory.")\nRuntimeError: Not enough memory.', 'sglang'],
    ["deploy qwen2.5-7b on a 4090 fails\nserver_args=ServerArgs(model_path='Qwen/Qwen2.5-7B-Instruct', tokenizer_path='Qwen/Qwen2.5-7B-Instruct', context_length=None, dp_size=1, random_seed=42)", 'sglang'],
    ['llama-3-8b OOM on a T4\n\n  File "/usr/local/lib/python3.10/site-packages/vllm/worker/model_runner.py", line 1123, in profile_run\n    self.execute_model(model_input, kv_caches, intermediate_tensors)\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB', 'vllm'],
    ['mistral-7b on a 3090 OOM, log: INFO 07-24 17:34:57 [gpu_model_runner.py:1595] Model loading took 13.5 GiB and 4.2 seconds', 'vllm'],
    ['qwen2.5-7b q4_k_m on a 3060 12GB is slow\n\nload_tensors: offloaded 29/29 layers to GPU\nload_tensors:        CUDA0 model buffer size =  4168.09 MiB', 'llamacpp'],
    ['部署 Qwen2-72B-Instruct-AWQ 到 2张 A800 时报错\n[TM][WARNING] [LlamaTritonModel] `max_context_token_num` = 32768.\n[TM][ERROR] CUDA runtime error: out of memory', 'lmdeploy'],
    ['Qwen3-32B on 2x H100 OOM at startup\n[2025-05-01 10:11:12 TP0] Scheduler hit an exception: Traceback (most recent call last):\n  File "/usr/local/lib/python3.12/dist-packages/sglang/srt/managers/scheduler.py", line 2315, in run_scheduler_process', 'sglang'],
    ['InternVL2-8B on a 3090 errors out: `[TM][ERROR] CUDA runtime error: out of memory`', 'lmdeploy'],
  ])('%s', (text, engine) => expect(canonical(text)).toContain(` ${engine} `));

  it('says the engine with the printout it came from, as a weak reading', () => {
    const { said } = read('InternVL2-8B on a 3090 errors out: `[TM][ERROR] CUDA runtime error: out of memory`');
    expect(said).toMatch(/\[TM\]\[ERROR\]/);
  });

  it.each<[string, string]>([
    // The engine the user says they run wins over another engine's printout pasted beside it.
    ['I serve qwen2.5-7b with vllm on an A10 and it OOMs:\n  File "/usr/lib/python3/dist-packages/sglang/srt/model_executor/model_runner.py", line 12, in init\nRuntimeError: Not enough memory', 'vllm'],
    ['用 vllm 部署 qwen2-7b 在 4090 上，日志：[TM][ERROR] CUDA runtime error: out of memory', 'vllm'],
    // A module run with python -m is a command, read as such, not a printout.
    ['python -m lmdeploy.turbomind.chat ./workspace internlm2-chat-7b on a 3090', 'lmdeploy'],
  ])('the user\'s own words lead: %s', (text, engine) => expect(canonical(text)).toContain(` ${engine} `));

  it('a page of another repository is no printout', () => {
    expect(canonical('see https://github.com/foo/bar/blob/main/vllm/worker/model_runner.py for how llama-2-7b is loaded on a 3090 with transformers')).not.toContain(' vllm ');
  });

  it('c2502: TurboMind\'s error line names LMDeploy', () => {
    expect(` ${canonicalText(corpusLineRead('c2502').scenario)} `).toContain(' lmdeploy ');
  });

  it('every printout example names its engine', () => {
    for (const p of ENGINE_PRINTOUTS) expect(p.pattern.test(p.example.toLowerCase()), p.id).toBe(true);
  });
});

/**
 * A benchmark's or a generation call's lengths in every shape (config-keys/sequence.ts BENCHMARK_LENGTH_PAIRS,
 * prose/rules/benchmark-lengths.ts): ISL/OSL (NVIDIA/TensorRT-LLM#3822, c2471), serving benchmarks' random and
 * sonnet lengths. First sight of these variations before the rules: 4 of 10 right (rserve12, 2026-12-05).
 */
describe("a benchmark's request length, set by its keys", () => {
  it.each<[string, string[]]>([
    ['trtllm-bench throughput with llama-3.1-8b on 1 H100, ISL=2000, OSL=2000', ['seq 4000', 'gen 2000']],
    ['Benchmarking Llama-3.1-70B fp8 on 8x H200 with TensorRT-LLM (ISL/OSL = 1024/1024)', ['seq 2048', 'gen 1024']],
    ['qwen2.5-32b on 2x A100 80GB, vllm, isl 4096 osl 512, concurrency 64', ['seq 4608', 'gen 512']],
    ['用 sglang 测试 Qwen3-8B 在 H20 上的吞吐，ISL=8192，OSL=1024', ['seq 9216', 'gen 1024']],
    ['python benchmarks/benchmark_serving.py --backend vllm --model meta-llama/Llama-3.1-8B --random-input-len 1024 --random-output-len 128 on an L40S', ['seq 1152', 'gen 128']],
    ['vllm bench throughput --model Qwen/Qwen2.5-7B --input-len 2048 --output-len 256 on a 4090', ['seq 2304', 'gen 256']],
    ['llama-3-8b on a 4090 with vllm:\n```python\nllm = LLM(model="meta-llama/Meta-Llama-3-8B")\nparams = SamplingParams(temperature=0.7, max_tokens=4096)\n```', ['gen 4096']],
    ['mlx_lm.generate --model mlx-community/Qwen2.5-14B-Instruct-4bit --max-tokens 12000 --prompt "hi"', ['gen 12000']],
  ])('%s', (text, words) => {
    const c = canonical(text);
    for (const w of words) expect(c).toContain(` ${w} `);
  });

  it('c2471: "(ISL=2000, OSL=2000)" is the request length', () => {
    const c = ` ${canonicalText(corpusLineRead('c2471').scenario)} `;
    expect(c).toContain(' seq 4000 ');
    expect(c).toContain(' gen 2000 ');
  });
});
