import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * The question the user asks, by its evidence (branch rask2, issue 22): a question is an interrogative in the
 * user's own prose, never a clause that says what a setting does ("specifies which GPUs to use"), a table's
 * column header ("| Hardware Requirements |"), or a change a list reports ("Clarified full precision vs
 * quantized"); and a count asked in Chinese with a card noun ("需要几张卡", "几个gpu", "多少个A100的GPU", "gpu显存
 * 多大，几个") is the count question, which answers the kind of card too. Real lines of b86–b87 (first sight:
 * the question the most common silent field): c2909, c2921, c2918, c2950, c2956.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const kind = (text: string) => read(text).scenario.question;

describe('"which GPUs" in a clause that says what a setting does asks nothing', () => {
  it('c2909: CUDA_VISIBLE_DEVICES "specifies which GPUs to use"', () => {
    expect(kind(line('c2909').text).kind).toBe('none');
  });
  it.each([
    '- `CUDA_VISIBLE_DEVICES=0,1` specifies which GPUs to use. This will train llama-3-8b with lora.',
    'The --gpus flag controls which GPUs the trainer sees; we fine-tune qwen2.5-7b full on them.',
    'CUDA_VISIBLE_DEVICES determines which GPU is used for inference of llama-2-13b.',
    'This env var selects which gpus to run on. llama-3-8b lora training.',
    'The launcher decides which GPU each rank gets when training mistral-7b with lora.',
    'qwen2.5-7b inference; device_map tells accelerate which GPUs to place the layers on.',
    'We fine-tune llama-2-7b full. The script sets which gpus are visible.',
    'llama-3-8b sft: 在脚本里 CUDA_VISIBLE_DEVICES specifies which GPUs to use',
  ])('no question: %s', (text) => {
    expect(kind(text).kind).toBe('none');
  });
  it.each([
    'which GPU should I use for llama-3-8b lora?',
    'Which GPUs to use for llama-2-70b inference',
    'I want to know which GPU to buy for qwen2.5-14b lora',
    'Could you tell me which gpu fits llama-3-70b qlora?',
  ])('still asked: %s', (text) => {
    expect(kind(text).kind).toBe('whichGpu');
  });
});

describe("a table's column header asks nothing", () => {
  it('c2921: "| Hardware Requirements |" over the row "3 GPUs, each >= 48GB VRAM"', () => {
    expect(kind(line('c2921').text).kind).toBe('none');
  });
  it.each([
    '| Model | Context Length | Hardware Requirements |\n|---|---|---|\n| Llama-2-13b | 4K | 1 GPU, >= 28GB VRAM |',
    '| Model | GPU Requirements |\n| --- | --- |\n| llama-2-7b | 1x 24GB |',
    '+-------+----------------------+\n| Model | Hardware Requirements |\n+-------+----------------------+\n| llama-2-70b | 2 GPUs |',
    'model list:\n\n| Model Descriptor | Hardware Requirements |\n|---|---|\n| Llama-3-8B | 1 GPU, each >= 20GB VRAM |',
    '|模型|硬件要求|\n|---|---|\n|llama-2-13b|1 GPU 28GB|',
    '| name | system requirements | seq |\n|---|---|---|\n| mistral-7b | 1x a10g | 4096 |',
    '| Model | Which GPU |\n|---|---|\n| qwen2.5-7b | 1x L4 |',
    '| Model | Recommended GPU | Notes |\n|---|---|---|\n| gemma-7b | A10G | bf16 |',
  ])('no question: %j', (text) => {
    expect(kind(text).kind).toBe('none');
  });
  it.each(['Hardware requirements for llama-2-70b inference?', 'llama-2-70b: what are the hardware requirements to run it?'])(
    'still asked in prose: %s',
    (text) => {
      expect(kind(text).kind).toBe('whichGpu');
    },
  );
});

describe('"A vs B" in a change a list reports asks nothing', () => {
  it('c2918: "Clarified full precision vs quantized requirements"', () => {
    expect(kind(line('c2918').text).kind).not.toBe('compare');
  });
  it.each([
    'gemma-7b inference docs\n\n1. Added memory figures for gemma-7b\n2. Clarified fp16 vs int4 requirements',
    '- Compared bf16 vs fp16 memory for llama-2-7b inference\n- Fixed typos',
    'docs: gemma-7b inference\n\n* Documented full precision vs quantized needs (bf16 ≈19 GB)',
    'We benchmarked lora vs qlora for llama-3-8b on an A100 and wrote the numbers down.',
    '- Updated the A100 vs H100 table for llama-2-70b inference',
    'llama-2-13b inference: explained fp16 vs int8 in the docs.',
    'I measured fp16 vs int8 for mistral-7b inference on a 4090.',
    '3. Included int4 vs int8 examples for qwen2.5-7b inference',
  ])('no comparison: %j', (text) => {
    expect(kind(text).kind).not.toBe('compare');
  });
  it.each(['llama-3-8b on a 4090: lora vs qlora?', 'compare bf16 vs fp16 for llama-2-7b inference', 'llama-2-7b full a100 vs h100, which is cheaper'])(
    'still asked: %s',
    (text) => {
      expect(kind(text).kind).toBe('compare');
    },
  );
});

describe('a count asked in Chinese with a card noun is the count question', () => {
  it('c2950: "需要多少个A100的GPU" asks how many A100', () => {
    const q = kind(line('c2950').text);
    expect(q.kind).toBe('howMany');
    expect(q.kind === 'howMany' && q.gpuId).toMatch(/^a100/);
  });
  it('c2956: "gpu显存多大，几个" asks how many GPUs, over "什么硬件"', () => {
    const q = kind(line('c2956').text);
    expect(q.kind).toBe('howMany');
    expect(q.kind === 'howMany' && q.gpuId).toBeNull();
  });
  it.each<[string, RegExp | null]>([
    ['全量微调13b需要几张卡？', null],
    ['全量微调13b需要几个gpu？', null],
    ['qwen2.5-7b lora 需要几块显卡', null],
    ['llama-2-70b推理要几张显卡？', null],
    ['运行DeepSeek-V3需要多少个A100的GPU？', /^a100/],
    ['qwen2-72b 推理最佳配置是多少 A100 GPU？', /^a100/],
    ['全参数微调 llama-2-13b，显存多大，几张？', null],
    ['预训练7b需要什么硬件，gpu几个？', null],
    ['llama-3-70b sft 需要几个H100？', /^h100/],
    ['14b 全参微调需要几块 A800', /^a800/],
  ])('how many: %s', (text, gpu) => {
    const q = kind(text);
    expect(q.kind).toBe('howMany');
    if (q.kind === 'howMany') {
      if (gpu) expect(q.gpuId).toMatch(gpu);
      else expect(q.gpuId).toBeNull();
    }
  });
  it('c2423: "无论使用几张卡都报oom" asks no count', () => {
    expect(kind(line('c2423').text).kind).toBe('none');
  });
  it.each([
    '我有4张卡，qwen2.5-7b lora',
    '用了几张卡跑 qwen2.5-7b lora，都 oom 了。我有 2 张 A100 80G',
    // c2423 (MiniCPM-V): "however many cards I use, it OOMs" asks no count.
    '我使用lora微调qwen2.5-7b，机器是8卡3090（24g），无论使用几张卡都报oom\n\n对视频长度有要求吗',
    'qwen2.5-7b lora 8x 3090, 不管用几块显卡都 oom，需要改什么？',
  ])('no count asked: %s', (text) => {
    expect(kind(text).kind).not.toBe('howMany');
  });
});
