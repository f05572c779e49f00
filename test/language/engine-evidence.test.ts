import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Branch reng: the serving engine read from evidence the reader used to pass over. TensorRT-LLM by
 * its other names ("convert … to trt engine", trtllm-build, Triton's `--backend tensorrtllm`), and a
 * launcher's engine choice (`--backend vllm|turbomind`, Xinference's `--model-engine vllm`): with the
 * engine comes its split (tp, not HF's pp) and its served length (the model's window).
 */
const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;

describe('TensorRT-LLM named by its other names', () => {
  it('c1250 (NVIDIA/TensorRT-LLM, "convert … to trt engine", build.py --tp_size 2 --pp_size 2): the serving engine, seq from the model', () => {
    const { scenario } = read(line('c1250').text);
    expect(scenario.inference?.engine).toBe('vllm');
    expect(scenario.parallel.tp).toBe(2);
    expect(scenario.parallel.pp).toBe(2);
    expect(scenario.seq).toBe(4096);
  });

  it.each([
    'I want to convert llama-2-13b to a TRT engine, OOM on 1x A100 40GB',
    'convert llama-2-13b into a TensorRT engine: OOM on one A100 40GB',
    'trtllm-build of llama-2-13b runs out of memory on 1x A100 40GB',
    'llama-2-13b with TRT-LLM OOM on 1x A100 40GB',
  ])('%s', (text) => {
    expect(read(text).scenario.inference?.engine).toBe('vllm');
  });

  it('without a TensorRT word the same request stays Hugging Face generate', () => {
    expect(read('I want to convert llama-2-13b to safetensors, OOM on 1x A100 40GB').scenario.inference?.engine ?? 'hf').not.toBe('vllm');
  });
});

describe("a launcher's engine choice by its value", () => {
  it('c1135 (Triton CLI `triton import --backend tensorrtllm`): serving, one replica, the model window', () => {
    const { scenario } = read(line('c1135').text);
    expect(scenario.inference?.engine).toBe('vllm');
    expect(scenario.parallel.pp ?? 1).toBe(1);
    expect(scenario.seq).toBe(8192);
  });

  it.each([
    'triton import -m llama-3-8b --backend vllm OOM on 1x A10 24GB',
    'xinference launch --model-name qwen2-instruct --size-in-billions 7 --model-engine vllm, OOM on a 4090',
    'xinference launch --model-engine=vLLM -n qwen2-7b-instruct on 1x RTX 4090',
  ])('%s', (text) => {
    expect(read(text).scenario.inference?.engine).toBe('vllm');
  });

  it('a --backend naming no serving engine (nccl, pytorch) sets nothing', () => {
    expect(read('torchrun --backend nccl infer.py llama-3-8b on 1x A10 24GB').scenario.inference?.engine ?? 'hf').not.toBe('vllm');
  });
});
