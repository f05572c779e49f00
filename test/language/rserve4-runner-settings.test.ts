import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberOf } from '../../src/language/config-keys/values.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Branch rserve4 (issue 22): serving and local-runner settings the reader did not understand.
 * - LM Studio's "GPU Offload" slider with its layer count a few words on ("Slide GPU Offload to maximum
 *   (30 layers)", c1941): ngl N (prose.gpu-offload-layers).
 * - "100% util" in a report is the GPU's compute busy time, never gpu_memory_utilization (c1901,
 *   prose.measured-util).
 * - A fraction written without its 0 (`gpu_memory_utilization=.5`, c1936) is 0.5 (config-keys/values.ts).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const read = (text: string): Scenario => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return r.scenario;
};

describe('the GPU offload setting with its layer count a few words on', () => {
  it('c1941: "Slide GPU Offload to maximum (30 layers)" in LM Studio is ngl 30', () => {
    expect(read(line('c1941').text).inference.gpuLayers).toBe(30);
  });

  it.each([
    ['LM Studio, qwen2.5-14b Q4_K_M on an RTX 3060 12GB. Slide GPU Offload to maximum (30 layers).', 30],
    ['LM Studio with qwen2.5 14b q4_k_m on an rtx 3060 12gb, GPU offload set to max, 40 layers', 40],
    ['qwen2.5-14b q4_k_m in lm studio on rtx 3060 12gb: gpu offload: 20/48 layers', 20],
    ['lm studio qwen2.5-14b q4_k_m, rtx 3060 12gb, I moved the GPU offload slider to 24 layers', 24],
    ['LM Studio 里 qwen2.5-14b q4_k_m，RTX 3060 12G，GPU 卸载拉到最大（30 层）', 30],
    ['LM Studio: qwen2.5-14b Q4_K_M, RTX 3060 12GB, GPU Offload 36/48', 36],
  ])('%s', (text, n) => {
    const s = read(text);
    expect(s.framework).toBe('llamacpp');
    expect(s.inference.gpuLayers).toBe(n);
  });

  it("a model's own layer count after the offload word is no setting", () => {
    const s = read('gpu offloading fails for llama-3-70b q4_k_m in lm studio on a 4090, the model has 80 layers');
    expect(s.inference.gpuLayers).toBeUndefined();
  });
});

describe('a percentage before "util" is what a monitor showed', () => {
  it('c1901: "~380 W/card, 100% util" then "At 91% context": utilization stays the default', () => {
    expect(read(line('c1901').text).inference.gpuMemoryUtilization).toBe(0.9);
  });

  it.each([
    'vllm serve qwen2.5-7b --max-model-len 8192 on 1x a100 80gb, nvidia-smi shows 100% util\n- 85 requests later',
    'vllm serve qwen2.5-7b --max-model-len 8192 on 1x a100 80gb; during the run 97% GPU utilization\n- 0.5 of the time idle',
    'vllm qwen2.5-7b on a100 80gb, bench at 100 % gpu util, 64 requests',
  ])('%s', (text) => {
    expect(read(text).inference.gpuMemoryUtilization).toBe(0.9);
  });

  it.each([
    ['vllm qwen2.5-7b with 85% gpu memory utilization on a100 80gb', 0.85],
    ['vllm serve qwen2.5-7b on an a100 80gb with gpu_memory_utilization 0.8', 0.8],
    ['vllm qwen2.5-7b, util 0.7, on an a100 80gb', 0.7],
  ])('the setting itself is still read: %s', (text, util) => {
    expect(read(text).inference.gpuMemoryUtilization).toBe(util);
  });
});

describe('a fraction written without its leading 0', () => {
  it('c1936: LLM(..., gpu_memory_utilization=.5, ...) is util 0.5', () => {
    expect(read(line('c1936').text).inference.gpuMemoryUtilization).toBe(0.5);
  });

  it.each([
    ["llm = LLM(model='Qwen/Qwen2.5-7B', gpu_memory_utilization=.85) on one a100 80gb", 0.85],
    ['vllm serve Qwen/Qwen2.5-7B --gpu-memory-utilization .7 on 1x a100 80gb', 0.7],
    ['python -m sglang.launch_server --model-path Qwen/Qwen2.5-7B --mem-fraction-static .75 on 1x a100 80gb', 0.75],
  ])('%s', (text, util) => {
    expect(read(text).inference.gpuMemoryUtilization).toBe(util);
  });

  it('numberOf reads ".d…" as "0.d…" and never a bare dot', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,4}$/), (digits) => {
        expect(numberOf(`.${digits}`)).toBe(Number(`0.${digits}`));
        expect(numberOf(`-.${digits}`)).toBe(-Number(`0.${digits}`));
      }),
    );
    expect(numberOf('.')).toBeNaN();
  });
});

describe("llama.cpp bindings' PascalCase options", () => {
  it('c1257: LLamaSharp ModelParams { ContextSize = 4096, GpuLayerCount = 12, BatchSize = 128 }', () => {
    const s = read(line('c1257').text);
    expect(s.inference.gpuLayers).toBe(12);
    expect(s.seq).toBe(4096);
    expect(s.microBatch).toBe(1);
  });

  it("c972: LocalAI's logged options (NGPULayers:20, ContextSize:700), the prose keyword far before them not read", () => {
    const s = read(line('c972').text);
    expect(s.inference.gpuLayers).toBe(20);
    expect(s.seq).toBe(700);
  });

  it.each([
    ['LLamaSharp with mistral-7b q4_k_m gguf on an rtx 3060: new ModelParams(path) { ContextSize = 8192, GpuLayerCount = 24, BatchSize = 512 }', 24, 8192],
    ['llamasharp, llama-2-13b Q4_K_M.gguf, rtx 3060 12gb\n```csharp\nvar parameters = new ModelParams(modelPath)\n{\n    ContextSize = 2048,\n    GpuLayerCount = 30,\n};\n```', 30, 2048],
    ['LocalAI with llama-2-13b q4_k_m gguf: Loading model with options: {Model:llama-2-13b.Q4_K_M.gguf ContextSize:4096 NBatch:512 NGPULayers:35 Threads:8}', 35, 4096],
  ])('%s', (text, ngl, seq) => {
    const s = read(text);
    expect(s.framework).toBe('llamacpp');
    expect(s.inference.gpuLayers).toBe(ngl);
    expect(s.seq).toBe(seq);
    expect(s.microBatch).toBe(1);
  });
});

describe("a runner setting's keyword reaches no number in another sentence", () => {
  it.each([
    'llama-2-13b gguf q4_k_m, I decreased GPU layers in model config and it worked! 5 minutes later it crashed',
    'llama-2-13b gguf q4_k_m, I lowered the gpu layers and it loaded.\n\n3 of my tests failed after that',
    'llama-2-13b gguf q4_k_m, decreased GPU layers in the config and it worked:\n5:52PM DBG loading model',
  ])('%s', (text) => {
    expect(read(text).inference.gpuLayers).toBeUndefined();
  });

  it.each([
    ['llama-2-13b gguf q4_k_m with gpu layers 20 on a 3060', 20],
    ['llama-2-13b gguf q4_k_m, 20 layers on the gpu, rtx 3060', 20],
  ])('within one sentence it is read: %s', (text, n) => {
    expect(read(text).inference.gpuLayers).toBe(n);
  });
});

describe('a full stop after the number ends its sentence', () => {
  it('c1669: "context length 40 000. All layers on gpu" is no -ngl 0', () => {
    expect(read(line('c1669').text).inference.gpuLayers).toBeUndefined();
  });

  it.each(['llama-2-13b gguf q4_k_m in lm studio, context 8192. All layers on gpu', 'lm studio, llama-2-13b q4_k_m, context length 16 000. All layers on the GPU, kv cache on the GPU too'])('%s', (text) => {
    expect(read(text).inference.gpuLayers).toBeUndefined();
  });
});

describe("an EXL2 quant's width after the format in its name", () => {
  it('c1614: "Llama-3.1-Nemotron-70B-Instruct-HF-exl2-3.0" is 3.0 bits per weight', () => {
    expect(read(line('c1614').text).inference.bpw).toBe(3);
  });

  it.each([
    ['tabbyapi loading Llama-3.1-70B-Instruct-exl2-3.0 on 2x rtx 3090', 3],
    ['exllamav2 with Mistral-Large-Instruct-2407_exl2_2.5 on 2x rtx 3090', 2.5],
    ['tabbyapi: Qwen2.5-72B-Instruct-exl2-4.65bpw on 2x rtx 3090', 4.65],
  ])('%s', (text, bpw) => {
    expect(read(text).inference.bpw).toBe(bpw);
  });
});
