import { describe, expect, it } from 'vitest';
import { MiB } from '../../src/memory/format.js';
import { estimateOf, part } from './fixtures.js';

/**
 * Issue 23: the catalog's Volta context (1343 MiB) is an eagerly loaded CUDA 11 stack (HF's V100 run,
 * reference GT121). PyTorch 2's torch/cuda/__init__.py `_lazy_init` sets CUDA_MODULE_LOADING=LAZY, and
 * vLLM and SGLang always run on it, so their V100 context is the lazy size (memory/overhead.ts
 * lazyLoadedContextMiB, the Turing figure of the catalog standing in).
 */

const context = (text: string) => part(estimateOf(text), 'context') / MiB;

describe('the CUDA context on a V100 by the stack that runs it', () => {
  it('vLLM and SGLang on a V100: the lazily loaded context, 350 MiB, not 1,343', () => {
    expect(context('serve llama-2-7b vllm on 1x v100-32g')).toBe(350);
    expect(context('serve llama-2-7b vllm 0.2.7 on 1x v100-16g')).toBe(350);
    expect(context('serve llama-2-7b sglang on 1x v100-32g')).toBe(350);
  });

  it('training and Hugging Face generate on a V100 keep the measured eager context (GT121: 1,343 MiB)', () => {
    expect(context('llama-2-7b lora on 1x v100-32g')).toBe(1343);
    expect(context('infer llama-2-7b on 1x v100-32g')).toBe(1343);
  });

  it('other cards are untouched under vLLM (an A100 keeps its 450 MiB)', () => {
    expect(context('serve llama-2-7b vllm on 1x a100-80g')).toBe(450);
  });

  it("v1017: 1Cat-vLLM's Qwen3-30B-A3B AWQ at tp 4 on four V100 16GB starts, as it did (V1's start-up check no longer refuses 0.9 of the card)", () => {
    const e = estimateOf('serve qwen3-30b-a3b awq vllm tp 4 --enforce-eager --max-num-seqs 5 on 4x v100-16g');
    expect(e.fits).toBe(true);
  });

  it('a lazily loaded context never exceeds the eager one the catalog measured', () => {
    for (const text of ['serve llama-2-7b vllm on 1x v100-32g', 'serve llama-2-13b vllm tp 2 on 2x v100-16g']) {
      expect(context(text)).toBeLessThanOrEqual(context(text.replace('vllm', 'hf')));
    }
  });
});
