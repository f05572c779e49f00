import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read } from './reading-fixtures.js';

/**
 * hw.count-counter: a count glued to the word for cards is a count of them. "How to run llama2 70B
 * pretrain on 32gpus?" (hpcaitech/ColossalAI#5139, corpus c915) lost its 32 GPUs, and the same words
 * alone ("on 8GPUs") were refused as an unknown word; "I tried setting vllm on 2GPUS" (c337) is the
 * same notation. Only after the word that puts the run on them: "total batch = 32gpus * batch_size"
 * (c650) is the user's sum, "请问您这边 32gpus 显存是多少" (c772) asks about someone else's.
 */
describe('"32gpus" is 32 GPUs', () => {
  it.each([
    ['How to run llama2 70B pretrain on 32gpus? I got OOM error', 32],
    ['llama-2-70b pretrain on 8GPUs', 8],
    ['qwen2-7b serve: I tried setting vllm on 2GPUS, but it failed', 2],
    ['llama-3-8b full finetune with 4gpus', 4],
    ['llama-3-8b full finetune using 2cards', 2],
  ])('"%s"', (text, count) => {
    const r = resolveRequest(text, null);
    expect(r.ok && r.scenario ? (r.scenario.hardware?.count ?? r.scenario.unnamedGpus) : r).toBe(count);
  });

  it('a sum with it counts nothing ("# total batch = 32gpus * batch_size_per_device")', () => {
    const s = read('llama-3-8b full on 8x a100\n# total batch = 32gpus * batch_size_per_device * grad_accum').scenario;
    expect(s.hardware).toMatchObject({ count: 8, gpuId: 'a100-80g' });
  });
});

/**
 * A card and another memory for it in prose: "fine-tuning the Llama-2-7B on A100 (40GB VRAM) and the
 * reward model … is kept on a separate A100 (10GB VRAM)" (huggingface/trl#899, corpus c887) was refused
 * ("contradict each other"). Two readings that disagree are asked, not refused (DESIGN §2): the first
 * card stands and the reply asks, with the way to say the other.
 */
describe('a card said twice with two memories is asked, not refused', () => {
  it.each([
    ['I am fine-tuning the Llama-2-7B with qlora on A100 (40GB VRAM) and the reward model (also Llama-2-7B) is kept on a separate A100 (10GB VRAM) for inference.', 'a100-40g'],
    ['llama-2-7b lora on a V100 (32GB). The eval model sits on another V100 (8GB VRAM).', 'v100-32g'],
  ])('"%s"', (text, gpuId) => {
    const { scenario, said } = read(text);
    expect(scenario.hardware?.gpuId).toBe(gpuId);
    expect(said).toMatch(/which is the run on\?/);
  });
});
