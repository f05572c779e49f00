import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Two devices in one message (s29, rhw8): the run's device is decided by evidence — the one that fails or is
 * switched to over one said to work or left, a serving command's own shard count over the machine's cards —
 * and the other is said, never dropped in silence. "works on RTX 4070 but doesn't on GTX1650 4GB VRAM" had
 * read the working 4070 and set the GTX 1650 (not in the catalog) aside; "fine on A100, OOM on my 4090" and
 * "I moved from a 3090 to a 4090" read the card that is not the run, asked at best. The variations are invented
 * in the words people use (first sight 5 of 15 right, after 12 of 15; the vLLM `--tensor-parallel-size 1` ones
 * keep the machine's count, as the corpus reads c009, c770 and c1118).
 */
function hardware(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const h = r.scenario.hardware!;
  return { gpuId: h.gpuId ?? null, count: h.count, gib: Math.round(h.capacityBytes / 2 ** 30), said: r.assumptions.join(' | ') };
}

describe('the device that fails, beside one that works', () => {
  it.each([
    ['llama-2-13b lora: fine on A100, OOM on my 4090', 'rtx-4090', 'A100'],
    ['llama 3 8b qlora runs on a RTX A6000 at work but OOMs at home on RTX 4090', 'rtx-4090', 'A6000'],
    ['Qwen2.5-14B 在A100上能跑，在我的4090上显存不足', 'rtx-4090', 'A100'],
  ])('"%s" reads the %s and says the other', (text, gpuId, other) => {
    const h = hardware(text);
    expect(h.gpuId).toBe(gpuId);
    expect(h.said).toContain(other);
  });

  it.each([
    'works on RTX 4070 but doesn\'t on GTX1650 4GB VRAM. mistral 7b q8_0 gguf',
    'mistral 7b q4 gguf with llama.cpp: ok on RTX 4070, crashes on GTX 1650 4GB',
  ])('"%s": the GTX 1650 the catalog lacks is read by its 4 GB, the 4070 said as the run that works', (text) => {
    const h = hardware(text);
    expect(h.gib).toBeLessThanOrEqual(4);
    expect(h.said).toMatch(/GTX 1650/);
    expect(h.said).toMatch(/RTX 4070.*another run/);
  });

  it('a device the run works on with nothing failing stays the run', () => {
    expect(hardware('llama-2-7b inference works on RTX 4070').gpuId).toBe('rtx-4070');
  });
});

describe('the card switched to', () => {
  it.each([
    ['I moved from a 3090 to a 4090 and llama 3 8b full finetune still OOMs', 'rtx-4090'],
    ['upgraded from a 3090 to a 4090 but qwen2.5 14b lora still OOMs', 'rtx-4090'],
    ['后来从V100换成A100 80G，全参微调llama-2-7b还是OOM', 'a100-80g'],
  ])('"%s" reads the %s', (text, gpuId) => {
    const h = hardware(text);
    expect(h.gpuId).toBe(gpuId);
    expect(h.said).toMatch(/switched to/);
  });
});

describe('a serving command\'s own shard count over the machine', () => {
  it('TGI\'s --num-shard 1 on a box of two 3090s runs on one (c2143)', () => {
    const h = hardware('Mistral 7B AWQ on TGI\nSystem Info: 2 RTX 3090\ndocker run --gpus all ghcr.io/huggingface/text-generation-inference:latest --model-id /data/mistral-awq --num-shard 1');
    expect(h).toMatchObject({ gpuId: 'rtx-3090', count: 1 });
    expect(h.said).toMatch(/num-shard 1.*2 cards/);
  });

  it('CUDA_VISIBLE_DEVICES=0 on a box of two runs on one', () => {
    expect(hardware('CUDA_VISIBLE_DEVICES=0 python train.py --model llama-2-7b --lora on a box with 2x RTX 3090, OOM')).toMatchObject({ count: 1 });
  });
});
