import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { read } from './reading-fixtures.js';

/**
 * b70–b72 (rmodel11): the model named the way tools print it. Each group is one cause, tested on invented
 * variations (other families, suffix orders, tools, languages) beside the real line it showed in:
 * - a path in a log names its model by the folder that is a family with a size (log-path-model.ts): a traceback's
 *   frame in transformers_modules/<name>/ (c2510), a launcher's argv, a supervisor's command echo (c2520);
 * - a path's generic shard file and its format folder (`ggml/`, `gguf/`) name no model: the folder above does
 *   (paths.ts SHARD_FILE, config-keys/models.ts CHECKPOINT_FOLDER; c2520);
 * - a repo name's "-MLX" tag after its width (c2477), Baichuan's "-4bits";
 * - a particle between a model's name and its size, "qwen2.5-vl的3B" (names.ts; c2511);
 * - llama.cpp's arch names and "30B.A3B" in llama-bench's model column (model-spellings.ts; c2475, c2476), and its
 *   older "pp 512" test names (llama-bench.ts; c2489);
 * - a series named as a class of models beside a sized model of one of its series (reconcile/model-classes.ts; c2450).
 */

/** The model's shape and weights `text` reads as, against those of `reading` in the item language. */
function readsAs(text: string, reading: string) {
  const got = read(text).scenario;
  const want = read(`${reading} inference`).scenario;
  expect(got.model.arch).toEqual(want.model.arch);
  return got;
}

/** The weights `words` mean in the item language ("int4" is the item language's gptq). */
const weightsOf = (words: string) => read(`llama-2-7b inference ${words}`).scenario.weights;

/** The first-screen notices of a reply. */
function notices(text: string): string[] {
  const out = readInThread(text, null).outcome;
  return out.ok ? out.notices : [];
}

describe('a path in a log names the model by its folder', () => {
  it.each([
    ['推理报错\n  File "/root/.cache/huggingface/modules/transformers_modules/chatglm2-6b-int4/modeling_chatglm.py", line 250, in attention_fn\n    matmul_result = torch.empty(\ntorch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB', 'chatglm2-6b'],
    ['OOM when generating\nTraceback (most recent call last):\n  File "/home/u/.cache/huggingface/modules/transformers_modules/Qwen-7B-Chat/modeling_qwen.py", line 1109, in forward\n    outputs = self.transformer(\ntorch.cuda.OutOfMemoryError: CUDA out of memory.', 'qwen-7b'],
    ['报错了：\nTraceback (most recent call last):\n  File "/root/.cache/huggingface/modules/transformers_modules/internlm2-chat-7b/modeling_internlm2.py", line 900, in forward\ntorch.cuda.OutOfMemoryError: CUDA out of memory.', 'internlm2-7b'],
    ['OOM 에러가 납니다\n  File "/root/.cache/huggingface/modules/transformers_modules/Baichuan2-13B-Chat-4bits/modeling_baichuan.py", line 300, in forward\ntorch.cuda.OutOfMemoryError: CUDA out of memory.', 'baichuan2-13b'],
    ["Can't run it\n2025-06-18T15:08:32Z WARN llama_cpp_server::supervisor: llama-server exited with status code 1, args: `Command { std: \"/opt/bin/llama-server\" \"-m\" \"/models/TabbyML/Qwen2.5-Coder-7B/ggml/model-00001-of-00001.gguf\" \"--ctx-size\" \"4096\" }`", 'qwen2.5-7b'],
    ['2024-05-01 12:00:01 ERROR loading /data/models/Llama-2-13b-chat-hf/model-00001-of-00003.safetensors failed: CUDA out of memory', 'llama-2-13b'],
  ])('%s', (text, reading) => {
    readsAs(text, reading);
  });

  it("is said weak, with the path's words", () => {
    const text = 'OOM when generating\nTraceback (most recent call last):\n  File "/home/u/.cache/huggingface/modules/transformers_modules/Qwen-7B-Chat/modeling_qwen.py", line 1109, in forward\ntorch.cuda.OutOfMemoryError: CUDA out of memory.';
    expect(notices(text).join(' | ')).toMatch(/qwen-7b-chat/i);
  });

  it("a model named outside the logs wins over the log's path", () => {
    const text = 'llama-2-7b inference OOM\n  File "/root/.cache/huggingface/modules/transformers_modules/Qwen-7B-Chat/modeling_qwen.py", line 1109, in forward\ntorch.cuda.OutOfMemoryError: CUDA out of memory.';
    expect(read(text).scenario.model.id).toBe('llama-2-7b');
  });

  it('a path whose folders name no family with a size names nothing', () => {
    const text = 'inference OOM on a 3090\n  File "/usr/lib/python3.10/site-packages/transformers/models/llama/modeling_llama.py", line 300, in forward\ntorch.cuda.OutOfMemoryError: CUDA out of memory.';
    expect(() => read(text)).toThrow(/not read/);
  });
});

describe("a path's shard file and format folder name no model", () => {
  it.each([
    ['Cant run even 7B\n"/opt/tabby/bin/llama-server" "-m" "/data/models/TabbyML/StarCoder2-7B/ggml/model-00001-of-00001.gguf" "--ctx-size" "4096"', 'starcoder2-7b'],
    ['OOM loading /mnt/ckpt/Qwen2.5-14B-Instruct/model-00001-of-00008.safetensors on a 4090', 'qwen2.5-14b'],
    ['llama-server -m /models/Mistral-7B-Instruct-v0.3/gguf/model-00001-of-00001.gguf -ngl 99 OOM', 'mistral-7b-v0.3'],
  ])('%s', (text, reading) => {
    readsAs(text, reading);
  });
});

describe("a repo name's format tags, in any order", () => {
  it.each([
    ['Adds https://huggingface.co/mlx-community/Llama-2-13b-chat-hf-4bit-MLX', 'llama-2-13b', 'int4'],
    ['Adds https://huggingface.co/mlx-community/CodeLlama-70b-hf-4bit-MLX', 'llama-2-70b', 'int4'],
    ['Model: mlx-community/Qwen2.5-14B-Instruct-4bit on my mac', 'qwen2.5-14b', 'int4'],
    ['mlx-community/Mistral-7B-Instruct-v0.3-8bit on my macbook, how much memory?', 'mistral-7b-v0.3', 'int8'],
  ])('%s', (text, reading, weights) => {
    expect(readsAs(text, reading).weights).toBe(weightsOf(weights));
  });
});

describe("a particle between a model's name and its size", () => {
  it.each([
    ['当我用qwen2.5-vl的3B进行微调时，经常爆显存', 'qwen2.5-vl-3b'],
    ['用 qwen2.5-vl 的 7B 模型做 lora 微调', 'qwen2.5-vl-7b'],
    ['qwen3-vl 的 8b 版本 lora 微调', 'qwen3-vl-8b'],
    ['qwen3-vl의 8B 모델로 추론', 'qwen3-vl-8b'],
    ['gemma3的27b模型在4090上跑不起来', 'gemma-3-27b'],
    ['Qwen2.5 的 14B 全参微调要几张卡', 'qwen2.5-14b'],
  ])('%s', (text, reading) => {
    readsAs(text, reading);
  });

  it("a card's memory after 的 stays the card's", () => {
    const s = read('llama-2-7b lora, 2张a100的80G').scenario;
    expect(s.hardware?.gpuId).toBe(read('llama-2-7b lora on 2x a100-80g').scenario.hardware?.gpuId);
  });
});

describe("llama-bench's model column", () => {
  const table = (row: string) =>
    `llama-bench results\n| model | size | params | backend | ngl | test | t/s |\n| --- | ---: | ---: | --- | --: | ---: | ---: |\n| ${row} | 99 | pp512 | 900.1 ± 3.2 |`;
  it.each([
    ['qwen3moe 30B.A3B Q4_K - Medium | 17.28 GiB | 30.53 B | Vulkan', 'qwen3-30b-a3b'],
    ['qwen3next 80B.A3B Q2_K - Medium | 27.12 GiB | 79.67 B | CUDA', 'qwen3-next-80b-a3b'],
    ['qwen2 7B Q8_0 | 7.54 GiB | 7.62 B | CUDA', 'qwen2-7b'],
    ['gemma3 27B Q4_K - Medium | 15.40 GiB | 27.01 B | CUDA', 'gemma-3-27b'],
    ['qwen3 8B Q8_0 | 8.11 GiB | 8.19 B | CUDA', 'qwen3-8b'],
  ])('%s', (row, reading) => {
    readsAs(table(row), reading);
  });

  it('"30B.A3B" in prose is the MoE of that total and active size', () => {
    readsAs('Qwen3 30B.A3B with vllm on one H100', 'qwen3-30b-a3b');
  });

  it('older builds\' "pp 512" is a test, not 512 pipeline stages', () => {
    const text =
      'llama-bench results\n| model | size | params | backend | ngl | test | t/s |\n| --- | ---: | ---: | --- | --: | --- | ---: |\n| llama 7B Q4_0 | 3.56 GiB | 6.74 B | CUDA | 99 | pp 512 | 4035.47 ± 157.68 |\n| llama 7B Q4_0 | 3.56 GiB | 6.74 B | CUDA | 99 | tg 128 | 127.43 ± 0.18 |';
    const s = read(text).scenario;
    expect(s.parallel.pp).toBe(1);
    expect(s.model.arch).toEqual(read('llama-1-7b inference').scenario.model.arch);
  });
});

describe('a series named as a class of models', () => {
  it.each([
    ['SGLang reports an error when running qwen3 and qwen3.5 models\nWarehouse ID: Qwen/Qwen3.5-35B-A3B-FP8\nBackend: SGLang', 'qwen3.5-35b-a3b'],
    ['Qwen2 and Qwen2.5 models both OOM\nmodel_name_or_path: Qwen/Qwen2.5-14B-Instruct', 'qwen2.5-14b'],
    ['llama3 系列模型都报错\n模型: meta-llama/Llama-3.1-8B-Instruct', 'llama-3.1-8b'],
    ['Support for qwen3 family models\nvllm serve Qwen/Qwen3.5-27B --tensor-parallel-size 2', 'qwen3.5-27b'],
  ])('%s', (text, reading) => {
    readsAs(text, reading);
  });

  it('is said, with the class and the model read', () => {
    const { said } = read('Qwen2 and Qwen2.5 models both OOM\nmodel_name_or_path: Qwen/Qwen2.5-14B-Instruct');
    expect(said).toMatch(/"qwen2" names a class of models, not your setup's model/i);
  });

  it('a class alone stays the model, its size asked', () => {
    expect(read('qwen3 models OOM on a 4090').scenario.model.id).toBe('qwen3-8b');
  });
});
