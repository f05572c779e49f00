import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { ENGINE_RELEASE_LABEL_RULES } from '../../src/language/prose/rules/engine-release-labels.js';
import { read } from './reading-fixtures.js';

/**
 * Serving engines' own spellings of settings the item language has (issue 22, item 7: "keys … in each
 * framework's spelling"): TensorRT-LLM's max_num_tokens (batched tokens), lmdeploy's --eager-mode
 * (enforce eager), lmdeploy's release written as a label, a container image's moving tag with the
 * release it resolved to; and llama.cpp's loader report of the layers it placed, which is no -ngl.
 * Real lines first, then invented strangers' variations (spacing, order, notation, language).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe("TensorRT-LLM's max_num_tokens is the engine's batched-token budget", () => {
  it('c1995 (NVIDIA/TensorRT-LLM#2420): trtllm-build --max_num_tokens 10800', () => {
    expect(read(line('c1995').text).scenario.inference.batchedTokens).toBe(10800);
  });

  it("c835 (NVIDIA/TensorRT-LLM#234): the engine's config.json builder_config", () => {
    expect(read(line('c835').text).scenario.inference.batchedTokens).toBe(8192);
  });

  it.each([
    ['trtllm-build --checkpoint_dir ./ckpt --output_dir ./engine --max_input_len 4096 --max_num_tokens 8192 for llama-3-8b on one L40S', 8192],
    ['llama-3-8b on an L40S, engine built with\n```\ntrtllm-build --max_num_tokens=16384 --max_input_len=2048 --gemm_plugin auto\n```', 16384],
    ['用trtllm-build构建qwen2-7b引擎：--max_input_len 8192 --max_num_tokens 4096，单卡A100', 4096],
    ['qwen2-7b engine config.json on 1 A100:\n{"builder_config": {"max_input_len": 1024, "max_num_tokens": 2048, "max_batch_size": 8}}', 2048],
  ])('%s', (text, tokens) => {
    expect(read(text).scenario.inference.batchedTokens).toBe(tokens);
  });

  it("without the engine's build keys the key is no budget (ms-swift's --max_num_tokens caps the data, c363)", () => {
    const { scenario } = read('swift sft --model Qwen2.5-VL-7B-Instruct --train_type lora --max_num_tokens 40960 on 2 RTX 5090');
    expect(scenario.inference?.batchedTokens).toBeUndefined();
  });
});

describe("lmdeploy's --eager-mode is the engine's no-CUDA-graph switch, as vLLM's --enforce-eager", () => {
  it('c395 (InternLM/lmdeploy#3280): lmdeploy serve … --eager-mode', () => {
    expect(read(line('c395').text).scenario.inference.enforceEager).toBe(true);
  });

  it.each([
    'lmdeploy serve api_server Qwen/Qwen2.5-7B-Instruct --backend pytorch --eager-mode --tp 1 on one 4090',
    'qwen2.5-7b on a 4090 with lmdeploy, --eager-mode true',
    'lmdeploy serve api_server internlm2-chat-7b --eager-mode --session-len 8192，单卡3090',
  ])('%s', (text) => {
    expect(read(text).scenario.inference.enforceEager).toBe(true);
  });

  it('--eager-mode false leaves the graphs on', () => {
    expect(read('lmdeploy serve api_server Qwen/Qwen2.5-7B-Instruct --eager-mode false on one 4090').scenario.inference.enforceEager).not.toBe(true);
  });
});

describe("lmdeploy's release written as a label", () => {
  it('c2029 (InternLM/lmdeploy#1080): "lmdeploy版本：0.2.1" in the environment block', () => {
    expect(read(line('c2029').text).scenario.inference.lmdeployVersion).toBe('0.2.1');
  });

  it.each([
    ['lmdeploy serve api_server internlm2-chat-7b --tp 1 on a 3090\nlmdeploy version: 0.4.0', '0.4.0'],
    ['lmdeploy serve api_server internlm2-chat-7b on a 3090\n- **lmdeploy**: v0.6.3', '0.6.3'],
    ['lmdeploy serve api_server internlm2-chat-7b on a 3090, lmdeploy 버전 0.5.3', '0.5.3'],
    ['用lmdeploy部署internlm2-chat-7b，显卡3090，lmdeploy版本是0.2.1', '0.2.1'],
  ])('%s', (text, release) => {
    expect(read(text).scenario.inference.lmdeployVersion).toBe(release);
  });

  it('a number that is no lmdeploy release is not read as one', () => {
    expect(read('lmdeploy serve api_server internlm2-chat-7b on a 3090\nlmdeploy version: 0.0.10').scenario.inference.lmdeployVersion).toBeUndefined();
  });

  it('each rule rewrites its own example', () => {
    for (const r of ENGINE_RELEASE_LABEL_RULES) {
      r.pattern.lastIndex = 0;
      expect(r.pattern.exec(r.example.toLowerCase()), r.id).not.toBeNull();
    }
  });
});

describe("an engine image's moving tag with the release it resolved to", () => {
  it('c857 (huggingface/text-generation-inference#1168): ":latest` (1.1.0)" is TGI 1.1.0', () => {
    expect(read(line('c857').text).scenario.inference.tgiVersion).toBe('1.1.0');
  });

  it.each([
    ['Docker image: ghcr.io/huggingface/text-generation-inference:latest (2.0.4)\nllama-2-7b on one A10G', 'tgi', '2.0.4'],
    ['image `vllm/vllm-openai:latest` (v0.6.3), serving qwen2-7b on one L4', 'vllm', '0.6.3'],
  ])('%s', (text, engine, release) => {
    const inf = read(text).scenario.inference;
    expect(engine === 'tgi' ? inf.tgiVersion : inf.vllmVersion).toBe(release);
  });

  it('a moving tag alone names no release', () => {
    expect(read('docker run ghcr.io/huggingface/text-generation-inference:latest --model-id meta-llama/Llama-2-7b-hf on one A10G').scenario.inference.tgiVersion).toBeUndefined();
  });
});

describe("llama.cpp's loader report of the layers it placed is no -ngl", () => {
  it('c521 (ollama/ollama#6008): "offloaded 42/81 layers to GPU" quoted from server.log', () => {
    expect(read(line('c521').text).scenario.inference.gpuLayers).toBeUndefined();
  });

  it.each([
    'ollama run llama3.1:70b on my 4090; the log says "offloaded 42/81 layers to GPU" and it is slow',
    'llama3.1 70b q4_k_m on a 4090 with llama.cpp, server.log: offloaded 40 / 81 layers to the GPU',
    'ollama run llama3.1:70b on a 4090, 日志显示 offloaded 42/81 layers to GPU，很慢',
    'llama-3-70b gguf on a 3090, it prints `offloading 40 repeating layers to GPU`',
  ])('%s', (text) => {
    expect(read(text).scenario.inference.gpuLayers).toBeUndefined();
  });

  it('the setting itself is still read beside the report', () => {
    const { scenario } = read('llama-3-70b q4_k_m on a 3090 with llama.cpp -ngl 40; the log says offloaded 40/81 layers to GPU');
    expect(scenario.inference.gpuLayers).toBe(40);
  });
});

describe('several releases of one engine named are compared, none read as the run', () => {
  it('c648 (vllm-project/vllm#2136): vLLM 0.2.3, 0.2.4 and 0.2.5 compared: no release, said', () => {
    const { scenario, said } = read(line('c648').text);
    expect(scenario.inference.vllmVersion).toBeUndefined();
    expect(scenario.inference.engine).toBe('vllm');
    expect(said).toContain('several vLLM releases named (0.2.3, 0.2.4, 0.2.5)');
  });

  it.each([
    ['serving qwen2-7b with vllm on a 4090: vllm 0.6.3 works, vllm 0.7.2 runs out of memory', 'vllmVersion'],
    ['vllm serve Qwen/Qwen2-7B-Instruct on one 4090; vllm==0.5.4 的时候可以跑，升级到 vllm 0.6.1 之后就OOM了', 'vllmVersion'],
    ['lmdeploy serve api_server internlm2-chat-7b --tp 1 on a 3090: lmdeploy 0.4.0 is fine, lmdeploy 0.5.3 OOMs', 'lmdeployVersion'],
  ])('%s', (text, field) => {
    const { scenario, said } = read(text);
    expect((scenario.inference as Record<string, unknown>)[field]).toBeUndefined();
    expect(said).toMatch(/several (?:vLLM|lmdeploy) releases named/);
  });

  it('one release said twice is the release', () => {
    expect(read('vllm serve Qwen/Qwen2-7B-Instruct on one 4090 with vllm 0.6.3 (vllm==0.6.3 in pip list)').scenario.inference.vllmVersion).toBe('0.6.3');
  });
});

describe('a setting said of the run that "correctly loads" is the fix, not the failing run', () => {
  it('c876 (vllm-project/vllm#18478): "When I set up `cpu_offload_gb=8` then model correctly loads"', () => {
    const { scenario, said } = read(line('c876').text);
    expect(scenario.inference.cpuOffloadGb).toBeUndefined();
    expect(said).toContain('another run');
  });

  it.each([
    'vllm serve Qwen/Qwen2.5-7B-Instruct --tensor-parallel-size 2 on 2x 2080 Ti gives OOM, but when I add --cpu-offload-gb 8 it correctly starts',
    'qwen2.5-7b with vllm on two 2080 Ti runs out of memory; with cpu_offload_gb=8 the model properly loads',
  ])('%s', (text) => {
    expect(read(text).scenario.inference.cpuOffloadGb).toBeUndefined();
  });

  it('one that does not correctly load keeps its setting', () => {
    expect(read('qwen2.5-7b with vllm on two 2080 Ti: with cpu_offload_gb=8 the model does not correctly load, OOM').scenario.inference.cpuOffloadGb).toBe(8);
  });
});
