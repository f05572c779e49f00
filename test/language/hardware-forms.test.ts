import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * Hardware as strangers write it (branch rhw, fifteenth session):
 * - a count in Chinese words right before the card, with no counter: "双 2080ti 22G显卡下" (xorbitsai/inference#852, c1253: one card);
 * - "GPU" naming the kind of machine: "one GPU server with 4xA30(24GB)" (NVIDIA/TensorRT-LLM#2123, c1335: "one GPU"
 *   against the 4x A30, both left out);
 * - a modified card's memory glued to its name: "我2080ti22g成功运行" (zai-org/GLM-4-Voice#25, c1338: two 11 GB cards);
 * - the card a how-many question is about, named apart from it: "准备用80G的A100，先计算下要多少张显卡"
 *   (deepseek-ai/DeepSeek-R1#354, c1297: one A100 and "how many GPUs").
 */
describe('a count in Chinese words right before the card', () => {
  it.each([
    ['大量的实测，在双 2080ti 22G显卡下，SUS-Chat-34B-AWQ会爆显存', 2],
    ['llama-2-13b lora 双4090 爆显存', 2],
    ['qwen-14b lora 在两 A100 上训练', 2],
    ['qwen-14b lora 四RTX 3090 训练 OOM', 4],
    ['qwen-14b lora 八 a800 训练', 8],
  ])('"%s": %i cards', (text, count) => {
    expect(read(text).scenario.hardware?.count).toBe(count);
  });

  it('not before a choice of cards ("两A100/A800 80G" is asked elsewhere, never two of the first)', () => {
    expect(read('llama 3 70b 部署，两A100/A800 80G 够吗').scenario.hardware?.count ?? 1).not.toBe(2);
  });

  it('not an ordinal ("第二4090" is no count)', () => {
    expect(read('qwen-7b lora 用第二4090训练').scenario.hardware?.count ?? 1).toBe(1);
  });
});

describe('"GPU" before a machine word names the machine, not one card', () => {
  it.each([
    ['Qwen2-72B TensorRT-LLM build. Our hardware configuration is one GPU server with 4xA30(24GB), ubuntu server OS', 4, 'a30'],
    ['llama-2-70b full zero3 on a single GPU node with 8 H100', 8, 'h100-80g'],
    ['mixtral-8x7b inference; our GPU machine has 2x RTX 3090', 2, 'rtx-3090'],
    ['qwen2-72b serve, one GPU box: A100 80GB x4', 4, 'a100-80g'],
  ])('"%s": %i of %s', (text, count, gpuId) => {
    expect(read(text).scenario.hardware).toMatchObject({ count, gpuId });
  });

  it('"one GPU" alone is still one card', () => {
    expect(read('llama-2-7b lora on one GPU, an A100 40GB').scenario.hardware?.count).toBe(1);
  });
});

describe('a modified card\'s memory glued to its name', () => {
  it.each([
    ['关于显存，可以对glm4-voice-9b int4量化。我2080ti22g成功运行。', 22],
    ['glm4 9b int4 我用2080ti22G跑通了', 22],
  ])('"%s": one card of %i GB, said as a modified one', (text, gib) => {
    const { scenario, said } = read(text);
    expect(scenario.hardware).toMatchObject({ count: 1, capacityBytes: gib * 2 ** 30 });
    expect(said).toMatch(/modified/);
  });

  it('the card\'s own memory glued stays the catalog card ("1080ti11G")', () => {
    expect(read('chatglm-6b int4 inference (win10+32G内存+1080ti11G)').scenario.hardware).toMatchObject({ count: 1, gpuId: 'gtx-1080-ti' });
  });
});

describe('the card a how-many question is about, named apart from it', () => {
  it.each([
    ['请问下，部署BF16和FP8的deepseek v3，分别需要多少显存\n\n准备用80G的A100，先计算下要多少张显卡', 'a100-80g'],
    ['We plan to use A100 80GB for llama 2 70b inference. How many GPUs do we need?', 'a100-80g'],
    ['llama 3 70b 推理，我们打算买H100，需要多少张卡？', 'h100-80g'],
  ])('"%s": how many %s, no card of the user\'s', (text, gpuId) => {
    const { scenario, said } = read(text);
    expect(scenario.question).toEqual({ kind: 'howMany', gpuId });
    expect(scenario.hardware).toBeFalsy();
    expect(said).toMatch(/card whose count is asked/);
  });

  it('a card with its count stays the user\'s (c413: "8 * A100 80GB" and "Minimum gpus")', () => {
    const { scenario } = read('Minimum gpus for Yi-34B pretrain? We have 8 * A100 80GB');
    expect(scenario.hardware).toMatchObject({ count: 8 });
  });
});

describe('a count said again after the memory is the same count, no nodes', () => {
  it.each([
    ['两张v100(16G*2)微调qwen-7b，显存不足报错', 2, 'v100-16g'],
    ['qwen-7b lora on 2x A100 (80GB x 2)', 2, 'a100-80g'],
    ['qwen-14b lora 4张A100（40G×4）', 4, 'a100-40g'],
    ['llama-2-13b lora on two RTX 3090 (24GB x 2)', 2, 'rtx-3090'],
  ])('"%s": %i of %s on one machine', (text, count, gpuId) => {
    const hw = read(text).scenario.hardware;
    expect(hw).toMatchObject({ count, gpuId });
    expect(hw?.perNode).toBe(count);
  });
});

describe('a count in words after the card as nvidia-smi names it', () => {
  it.each([
    ['模型为：qwen2.5-vl-7b-instruct  GPU卡为：Tesla V100-SXM2-16GB  八张  报错日志如上', 8, 'v100-16g'],
    ['qwen2.5-7b 全参微调，显卡 A100-SXM4-80GB 两张', 2, 'a100-80g'],
    ['qwen2.5-14b lora，NVIDIA H100-SXM5-80GB，四张，zero3', 4, 'h100-80g'],
  ])('"%s": %i of %s', (text, count, gpuId) => {
    expect(read(text).scenario.hardware).toMatchObject({ count, gpuId });
  });

  it('"两张图片" after a card still counts pictures', () => {
    expect(read('qwen2-vl-7b inference on A100-SXM4-80GB 两张图片').scenario.hardware?.count).toBe(1);
  });
});
