import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { read } from './reading-fixtures.js';

/**
 * llama.cpp's --tensor-split / -ts (common/arg.cpp: "fraction of the model to offload to each GPU,
 * comma-separated list of proportions"; KoboldCpp's -ts space-separated) gives one share per device:
 * the devices with a share are the GPUs the layers are spread over (engines/tensor-split.ts). The
 * flag had been read as "not modelled" and its value cut at the first comma, so a run over several
 * cards that named no card read as one GPU: GPUStack's llama-box `--tensor-split 14336,14336,14336,14336`
 * (gpustack/gpustack, corpus c2058, pp 4 on 4 gpus) and KoboldCpp's `-ts 1 1` (c1122, pp 2).
 */
describe('a tensor split counts the GPUs the layers go to', () => {
  it('c2058: llama-box --tensor-split with four shares is four GPUs, layers split', () => {
    const { scenario } = read(
      'When I tried to deploy `DeepSeek-R1-Distill-Qwen-32B-Q6_K_L.gguf`, CPU and RAM are used.\nllama-box --host 0.0.0.0 --gpu-layers 999 --parallel 4 --ctx-size 8192 --model /root/DeepSeek-R1-Distill-Qwen-32B-Q6_K_L.gguf --no-mmap --tensor-split 14336,14336,14336,14336',
    );
    expect(scenario.unnamedGpus ?? scenario.hardware?.count).toBe(4);
    expect(scenario.parallel.pp).toBe(4);
    expect(scenario.framework).toBe('llamacpp');
  });

  it('c1122: KoboldCpp -ts 1 1 (space-separated) is two GPUs', () => {
    const { scenario } = read('F:\\AI\\koboldcpp.exe -m E:\\AI\\LLM\\Cydonia-24B-v4zk-Q8_0.gguf -fa --usecuda -c 150000 -b 4096 -ngl 99 -ts 1 1');
    expect(scenario.unnamedGpus ?? scenario.hardware?.count).toBe(2);
    expect(scenario.parallel.pp).toBe(2);
  });

  // Invented strangers: other spellings (short flag, env var, llama-cpp-python's keyword), orders and counts.
  it.each([
    ['./llama-server -m llama-3.1-70b-instruct-q4_k_m.gguf -ngl 99 -ts 1,1 -c 8192', 2],
    ['llama-cli -ngl 99 --tensor-split 3,1 -m qwen2.5-32b-instruct-q4_k_m.gguf', 2],
    ['llama-server -m mixtral-8x7b-instruct-v0.1.Q5_K_M.gguf --tensor-split=1,1,1 -ngl 33', 3],
    ['LLAMA_ARG_TENSOR_SPLIT=0.5,0.5 llama-server -m gemma-2-27b-it-Q6_K.gguf -ngl 99', 2],
    ['from llama_cpp import Llama\nllm = Llama(model_path="qwen2.5-72b-instruct-q4_k_m.gguf", n_gpu_layers=-1, n_ctx=4096, tensor_split=[0.5, 0.5])', 2],
    ['koboldcpp --model llama-3-70b.Q4_K_M.gguf --gpulayers 81 --tensor_split 3 1 --contextsize 8192', 2],
  ])('"%s" is %i GPUs', (text, n) => {
    const s = read(text).scenario;
    expect(s.unnamedGpus ?? s.hardware?.count).toBe(n);
  });

  it('a zero share holds no layer: --tensor-split 0,1,1 is two GPUs', () => {
    const s = read('llama-server -m mistral-small-3.1-24b-instruct-2503-q8_0.gguf -ngl 99 --tensor-split 0,1,1').scenario;
    expect(s.unnamedGpus ?? s.hardware?.count).toBe(2);
  });

  it('the machine keeps its card, the split its count: 4x RTX 3090 with -ts 1,1 runs on two of them', () => {
    const { scenario, said } = read('I have 4x RTX 3090. llama-server -m llama-3.1-70b-Q4_K_M.gguf -ngl 99 -ts 1,1 -c 8192');
    expect(scenario.hardware).toMatchObject({ gpuId: 'rtx-3090', count: 2 });
    expect(said).toMatch(/2 of the machine's 4 cards/);
  });

  it('uneven shares are said as not modelled (the estimate splits evenly)', () => {
    expect(read('llama-server -m qwen2.5-72b-instruct-q4_k_m.gguf --tensor-split 3,2,2 -ngl 99 on 3x rtx 3090').said).toMatch(/not modelled: "--tensor-split 3,2,2"/);
  });

  it('one share names no split', () => {
    const s = read('llama-server -m qwen2.5-7b-instruct-q4_k_m.gguf -ngl 99 -ts 1').scenario;
    expect(s.parallel.pp ?? 1).toBe(1);
  });

  it('property: n equal shares, comma-joined, read as n GPUs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 1, max: 30000 }), fc.boolean(), (n, share, short) => {
        const flag = short ? '-ts' : '--tensor-split';
        const s = read(`llama-server -m llama-3.1-70b-instruct-q4_k_m.gguf -ngl 99 ${flag} ${Array(n).fill(share).join(',')}`).scenario;
        return (s.unnamedGpus ?? s.hardware?.count) === n;
      }),
      { numRuns: 25 },
    );
  });
});
