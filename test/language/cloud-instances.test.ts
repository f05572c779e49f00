import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { INSTANCE_NAME_RULES } from '../../src/language/prose/rules/instance-names.js';

/**
 * Machines named instead of their cards, beyond the exact instance names (test/language/instances.test.ts):
 * a shortened or misspelt AWS size, NVIDIA's DGX/HGX systems, Lambda's names, an Azure series, and an
 * instance-looking name the table does not hold, which is named as unknown (issue 22).
 */
function read(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok) throw new Error(r.error.message);
  return { hardware: r.scenario!.hardware, assumptions: r.assumptions.join('; ') };
}

describe('a shortened or misspelt AWS instance name is completed, and said as weak', () => {
  it.each([
    // locuslab/wanda#68 (c1271): read as 4× 24GB with no card before.
    ["SparseGPT threw a CUDA OOM error (I'm working on a g5.24x which is 4 x 24GB), prune mistral 7b", 'g5.24x', 'a10g', 4],
    // huggingface/text-generation-inference#1299's title.
    ['OutOfMemoryError for LLaMa-2 70b running on ec2 g5.48xlarg', 'g5.48xlarg', 'a10g', 8],
    // vllm-project/vllm#2856 (c346).
    ['I was testing llama-2-70b awq with AWS G5.48xl machine and it OOMs', 'G5.48xl', 'a10g', 8],
    // Invented variations: another family, a SageMaker prefix, "xlrg", a size of one card, French.
    ['fine-tuning llama 13b lora on a g6.12xl instance runs out of memory', 'g6.12xl', 'l4', 4],
    ['deploying mistral 7b on ml.g5.2x fails with OOM', 'ml.g5.2x', 'a10g', 1],
    ['training llama-3-8b on p4d.24xlrg gets CUDA OOM', 'p4d.24xlrg', 'a100-40g', 8],
    ["j'essaie de servir llama-3-70b sur une instance p5.48xl avec vllm", 'p5.48xl', 'h100-80g', 8],
  ])('%s', (text, name, gpuId, count) => {
    const { hardware, assumptions } = read(text);
    expect([hardware?.gpuId, hardware?.count]).toEqual([gpuId, count]);
    expect(assumptions).toContain(`from "${name}"`);
  });

  it('a size the family does not have is not completed into another machine', () => {
    const { hardware, assumptions } = read('fine-tuning llama 13b on a g5.32x instance runs out of memory');
    expect(hardware?.gpuId ?? null).toBeNull();
    expect(assumptions).not.toMatch(/read as \d+× A10G/);
  });
});

describe('NVIDIA systems and Lambda instance names are eight (or the stated number of) cards', () => {
  it.each([
    ['full fine-tune of Llama-3-70B on a DGX H100, is it enough?', 'h100-80g', 8],
    ['fine-tune llama 13b on HGX H100 8-GPU', 'h100-80g', 8],
    ['we serve llama-3-70b on an HGX H100 4-GPU board', 'h100-80g', 4],
    ['trying llama-3-70b lora on our DGX A100 640GB box', 'a100-80g', 8],
    ['trying llama-3-70b lora on our DGX-A100 320GB', 'a100-40g', 8],
    ['serving llama-3-70b on a dgx h200 with vllm', 'h200', 8],
    ['serving llama-3-70b on gpu_8x_a100_80gb_sxm4 with vllm', 'a100-80g', 8],
    ['llama-3-8b lora on lambda gpu_1x_h100_pcie', 'h100-pcie', 1],
  ])('%s', (text, gpuId, count) => {
    const { hardware } = read(text);
    expect([hardware?.gpuId, hardware?.count]).toEqual([gpuId, count]);
  });
});

describe('an Azure series names its card but not the count', () => {
  it.each([
    // databrickslabs/dolly#172 (c1503): read as one 16 GB card with no name before.
    ['If i go with NCasT4_v3-series of bigger GPU, vCPU and memory, can I be able to run the 2.8b param model. Is GPU memory 16GiB works', 't4'],
    ['can llama 2 7b inference run on an NCv3 series vm?', 'v100-16g'],
    ['would the NC A100 v4 series serve llama-3-70b with vllm?', 'a100-80g'],
  ])('%s', (text, gpuId) => {
    const { hardware, assumptions } = read(text);
    expect(hardware?.gpuId).toBe(gpuId);
    expect(assumptions).toContain('the series names the card, not how many');
  });

  it('an NCv3 size is read whole: "NC24s_v3 … 4 GPUs" (databrickslabs/dolly#35)', () => {
    const { hardware } = read("I'm facing the same error when running llama 7b lora on NC24s_v3 cluster. IT has 448GB of memory & 4 GPUs");
    expect([hardware?.gpuId, hardware?.count]).toEqual(['v100-16g', 4]);
  });
});

describe('a name of several words is read on its own, whatever was read before it', () => {
  it.each([
    ['I want to fine-tune llama-3-8b on an Azure ND H100 v5 VM and get OOM', 'h100-80g', 8],
    ['fine-tune llama-3-8b on ND H100 v5', 'h100-80g', 8],
    ['serve llama-3-70b on nd a100 v4 with vllm', 'a100-40g', 8],
    ['llama-3-70b lora on NDm A100 v4', 'a100-80g', 8],
  ])('%s', (text, gpuId, count) => {
    const { hardware } = read(text);
    expect([hardware?.gpuId, hardware?.count]).toEqual([gpuId, count]);
  });
});

describe('an AWS family said without its size names its card, said as weak', () => {
  it.each([
    ['running llama 13b on a g6e instance, OOM', 'l40s'],
    ['qwen2.5 7b lora on an AWS g5 instance', 'a10g'],
    ['llama-2-7b inference on g4dn machines keeps running out of memory', 't4'],
  ])('%s', (text, gpuId) => {
    const { hardware, assumptions } = read(text);
    expect(hardware?.gpuId).toBe(gpuId);
    expect(assumptions).toContain('the family names the card, not how many');
  });
});

describe('an instance-looking name the table does not hold is named as unknown, never swapped', () => {
  it.each([
    ['I am running llama 13b inference on a g4ad.xlarge instance and get OOM', 'g4ad.xlarge'],
    ['running llama-2-13b on a2-highgpu-3g, OOM', 'a2-highgpu-3g'],
    ['I am trying to serve llama 13b with vllm on an Azure Standard_NV36ads_A10_v5 vm and it OOMs', 'standard_nv36ads_a10_v5'],
    ['fine-tuning llama 7b on a p2.8xlarge fails', 'p2.8xlarge'],
  ])('%s', (text, name) => {
    const { hardware, assumptions } = read(text);
    expect(hardware?.gpuId ?? null).toBeNull();
    expect(assumptions).toContain(`"${name}": an instance type I don't know the GPUs of`);
  });

  it('a model version or a speed-up is no instance', () => {
    for (const text of ['r1.5x faster serving of llama 8b on 1x a100', 'run qwen2.5 7b on 1x a100', 'llama-2-7b lora on 1x t4 with transformers 4.36.2']) {
      expect(read(text).assumptions, text).not.toContain("an instance type I don't know");
    }
  });
});

describe('every rule has an id, an example and a real source where it came from a thread', () => {
  it.each(INSTANCE_NAME_RULES.map((r) => [r.id, r] as const))('%s', (_id, rule) => {
    expect(rule.id).toMatch(/^prose\./);
    expect(rule.example.length).toBeGreaterThan(10);
    rule.pattern.lastIndex = 0;
    expect(rule.pattern.test(rule.example.toLowerCase()), rule.example).toBe(true);
    rule.pattern.lastIndex = 0;
  });
});
