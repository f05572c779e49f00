import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { read } from './reading-fixtures.js';

/**
 * The card the user runs on, not the one they compare, measure or wish for (s34, rhw13). Each block holds invented
 * variations of one way people write it, scored on the code before the fix (first sight: usage 4 of 12, cards and
 * counts 11 of 14, compared cards 6 of 9 and 2 of 4 in Chinese, units and devices 8 of 10); the real line each cause came from is named.
 * The hardware part of the reading ("on 8x h20") is pinned; null where the message names no card of the user's.
 */
const hardwareOf = (text: string): string | null => / (?:on |\d+ nodes of )[^]*?(?= how many| compare|$)/.exec(canonicalText(read(text).scenario))?.[0].trim() ?? null;

describe('memory a run reaches is no card, in any language', () => {
  // "显存会到22g这么多，原来旧版本v0.8只需要12g左右" (c2594, silent: a 22 GB card); "起始占用不到8G，提问后达到44G" (c2589).
  it.each([
    'vllm加载qwen2-7b后显存会到20g这么多，原来只需要10g左右',
    '用vllm跑llama-3-8b占用显存非常多22g，但是速度快',
    'glm-4-9b-chat int4 加载，起始占用不到8G，提问后达到44G，输出答案时占用33G',
    'qwen2.5-7b推理，提问后和输出回答时显存在29g，正常吗',
    'llama-3-8b 추론하면 메모리가 22GB까지 올라갑니다',
    'mistral-7b 서빙 시 GPU 메모리 사용이 22GB 입니다',
    'llama-3-8b inference: the process takes 20GB, why so much?',
  ])('"%s" reads no card', (text) => {
    expect(hardwareOf(text)).toBeNull();
  });

  it.each([
    ['qwen2-7b with vllm, memory goes to 22GB on my 4090', 'on 1x rtx-4090'],
    ['deepseek-r1-distill-qwen-7b 的显存使用量达到了18G，我的显卡是4090', 'on 1x rtx-4090'],
    ['qwen2-7b 推理 显存一下子就到了23G, 卡是3090', 'on 1x rtx-3090'],
    ['qwen2-7b 推理时显存一直在20G左右, 卡是3090', 'on 1x rtx-3090'],
    // 在 without a time word is what the card has (c2585).
    ['用的阿里云的GPU服务器，显存在16G，跑chatglm-6b推理2轮就爆显存', 'on 1x 16gb'],
  ])('"%s": %s', (text, hardware) => {
    expect(hardwareOf(text)).toBe(hardware);
  });
});

describe('cards and counts said in other words', () => {
  it.each([
    // "96g的八卡h20" beside "分配一百多g到一张卡里" (c2535): the one card memory piles onto is no count.
    ['qwenvl2.5_7B的sft训练显存非常不均衡，分配一百多g到一张卡里\n\ncuda12.4，96g的八卡h20，训书生2.5_8B都没问题，改了个模型就挂了\nswift sft --model Qwen2.5-VL-7B --lora_rank 8', 'on 8x h20'],
    ['qwen2-7b lora 训练，显存都集中在一张卡上，机器是80G的4卡a100', 'on 4x a100-80g'],
    // A deployment recipe's card and count keys (c2560).
    ['vllm serve\nresources:\n  gpu: 1\n  gpu_type: nvidia-l4\nengine_config:\n  model: google/gemma-2-9b-it', 'on 1x l4'],
    ['serve qwen2-7b\nresources:\n  gpu_count: 2\n  gpu_type: nvidia-a100-80gb', 'on 2x a100-80g'],
    ['{"model": "meta-llama/Meta-Llama-3-70B", "gpu_type": "H100", "gpu_count": 8, "engine": "vllm"}', 'on 8x h100-80g'],
    // The devices a launcher sees on a machine whose other cards are busy (c2589).
    ['设备上4卡，0,2被别人长期占用，所以设置了CUDA_VISIBLE_DEVICES=1,3，L20 48G，跑glm-4-9b推理', 'on 2x l20'],
    ['llama-3-8b inference on a box of 4 A100 80GB where GPUs 0 and 1 are busy with another job, so CUDA_VISIBLE_DEVICES=2,3', 'on 2x a100-80g'],
    ['glm-4-9b推理，L20 48G，设置了cuda_visible_devices=1,3，hf客户端中device_map=auto', 'on 2x l20'],
  ])('"%s": %s', (text, hardware) => {
    expect(hardwareOf(text)).toBe(hardware);
  });
});

describe('compared cards are not the setup when one is named again', () => {
  // "feat: add Qwen3-8B pre-training sample (H200 vs B300, NeMo/Megatron)" over ".../h200/train.py" (c2578, silent).
  it.each([
    ['feat: add llama-3-8b fine-tune recipe (A100 vs H100)\n\nrecipes/llama3-8b/h100/train.py\n```diff\n+  "seq_length": 4096,\n```', 'on 1x h100-80g'],
    ['qwen2-72b pretrain on H200 vs B200 (NeMo), scripts under examples/h200/pretrain.py', 'on 1x h200'],
    ['llama-3-8b lora on my 4090, would a 5090 be much faster?', 'on 1x rtx-4090'],
    ['运行llama-3-8b推理，我用的是3090，跟4090对比一下速度', 'on 1x rtx-3090'],
    // In Chinese the comparison word follows both cards.
    ['Benchmark qwen2-7b inference: H100 和 A100 对比\n\nconfigs/a100/serve.sh', 'on 1x a100-80g'],
    ['A100和H100的训练速度对比 llama-3-8b lora，脚本在 configs/h100/lora.yaml', 'on 1x h100-80g'],
    ['我用4090跑qwen2-7b推理，跟3090比较速度', 'on 1x rtx-4090'],
    ['qwen2-7b 和 llama-3-8b 对比，用的是4090推理', 'on 1x rtx-4090'],
  ])('"%s": %s', (text, hardware) => {
    expect(hardwareOf(text)).toBe(hardware);
  });

  it.each([
    ['Compare H100 vs A100 for llama-3-70b inference', /compare h100 vs a100$/],
    ['H20与H800的性能对比，qwen2-72b推理', /compare h20 vs h800$/],
  ])('only compared cards named: "%s" stays the comparison', (text, question) => {
    expect(canonicalText(read(text).scenario)).toMatch(question);
  });
});

describe('devices by the sizes they are sold in', () => {
  // "Jetson AGX Orin platform with 60Go of VRAM" (c2539): the 64 GB module, the system keeping the rest.
  it.each([
    ["I'm using a Jetson AGX Orin platform with 60Go of VRAM, llama-3-8b inference", 'on 1x 64gb'],
    ['llama-3-8b inference on Jetson AGX Orin 32GB', 'on 1x 32gb'],
    ['llama-3.2-1b inference on Jetson Orin Nano 8GB', 'on 1x 8gb'],
    ["J'utilise une RTX 4090 avec 24 Go de VRAM pour llama-3-8b inference", 'on 1x rtx-4090'],
  ])('"%s": %s', (text, hardware) => {
    expect(hardwareOf(text)).toBe(hardware);
  });
});
