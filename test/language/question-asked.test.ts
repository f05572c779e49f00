import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A question is asked by the user's words (an interrogative, "which", "should I", 多少), never made
 * from a mention: a kernel's requirement ("requires A100 or H100"), a failure's clash ("incompatible
 * data types (bfloat16 vs. float16)"), the memory a title asks for ("Minimum GPU VRAM requirement").
 * Branch rq (prose/rules/asked.ts).
 */
const line = (id: string) => loadCorpus().find((l) => l.id === id)!.text;
const canon = (text: string) => canonicalText(read(text).scenario);

describe('a pair said in a statement is no comparison', () => {
  it('haotian-liu/LLaVA#157 (c498): "the flash-attention requires A100 or H100" keeps the two 3090s, asks nothing', () => {
    const { scenario, said } = read(line('c498'));
    expect(scenario.question.kind).toBe('none');
    expect(scenario.hardware?.count).toBe(2);
    expect(scenario.hardware?.gpuId).toBe('rtx-3090');
    expect(said).toMatch(/said in a statement/);
  });

  it.each([
    // FlashAttention's error, quoted (hiyouga/LlamaFactory#371, lm-sys/FastChat#1296, modelscope/ms-swift#9).
    'RuntimeError: FlashAttention backward for head dim > 64 requires A100 or H100 GPUs as the implementation needs a large amount of shared memory.\nllama-7b full on 2x 3090',
    'llama-7b full on 2x 3090. flash attention only supports a100 or h100.',
    'llama-7b full on 2x 3090 - flash-attn backward needs A100 or H100 for head dim 128',
  ])('%s', (text) => {
    const s = read(text).scenario;
    expect(s.question.kind).toBe('none');
    expect(s.hardware?.gpuId).toBe('rtx-3090');
  });

  it.each(['llama-3-70b lora: a100 or h100?', 'llama-3-70b lora, a100 or h100', 'should I use a100 or h100 for llama-3-70b lora', 'llama-3-70b lora. Which is better, A100 or H100?', 'zero2 or zero3 for 7b full on 4x 4090?'])(
    'the user weighing two stays a comparison: %s',
    (text) => {
      expect(read(text).scenario.question.kind).toBe('compare');
    },
  );
});

describe('rival ZeRO stages in a statement are left to tried-alternatives', () => {
  it('"7b full on 4x 4090. It OOMs with zero2 or zero3." is not blanked as a card pair', () => {
    expect(read('7b full on 4x 4090. It OOMs with zero2 or zero3.').said).not.toMatch(/said in a statement/);
  });
});

describe("a failure's clash of dtypes is no comparison", () => {
  it('kubeai-project/kubeai#395 (c1163): "incompatible data types (bfloat16 vs. float16)"', () => {
    const { scenario, said } = read(line('c1163'));
    expect(scenario.question.kind).toBe('none');
    expect(scenario.hardware?.gpuId).toBe('t4');
    expect(said).toMatch(/what a failure reports clashing/);
  });

  it.each([
    'qwen2.5-1.5b on a T4. Some models fail due to incompatible data types (bfloat16 vs. float16).',
    'qwen2.5-1.5b on a t4: dtype mismatch: bf16 vs fp16',
    'qwen2.5-1.5b on a t4 fails, conflicting dtypes (torch.bfloat16 versus torch.float16)',
  ])('%s', (text) => {
    expect(read(text).scenario.question.kind).toBe('none');
  });

  it('a comparison asked stays one: "compare bf16 vs fp16 for qwen2.5-1.5b on a t4"', () => {
    expect(read('compare bf16 vs fp16 for qwen2.5-1.5b on a t4').scenario.question.kind).toBe('compare');
  });
});

describe('the least GPU memory asked is no "which gpu"', () => {
  it('meta-llama/llama-cookbook#815 (c1090): "Minimum GPU VRAM requirement" over two RTX A4000', () => {
    const s = read(line('c1090')).scenario;
    expect(s.question.kind).toBe('none');
    expect(s.hardware?.count).toBe(2);
  });

  it.each([
    // TencentARC/CustomNet#8, cyw-3d/SAR3D#14, and invented spellings.
    'what is the minimum GPU memory for llama-2-7b inference on a 4090?',
    'What is the minimum GPU memory required for llama-2-7b inference? I tried an RTX 4090 (24GB)',
    'llama-2-7b inference, minimal gpu vram on 1x 3090',
  ])('%s', (text) => {
    expect(canon(text)).not.toMatch(/which gpu/);
  });

  it.each(['minimum gpu for llama-2-7b inference', 'what gpu do I need for llama-2-7b inference?'])('a card asked stays "which gpu": %s', (text) => {
    expect(canon(text)).toMatch(/which gpu$/);
  });
});

describe('多少显卡 asks how many', () => {
  it('QwenLM/Qwen#436 (c1023): "需要多少显卡？假设是A100=40G" is how many A100 40GB', () => {
    const s = read(line('c1023')).scenario;
    expect(s.question).toEqual({ kind: 'howMany', gpuId: 'a100-40g' });
  });

  it.each([
    ['这个模型推理需要多少卡？qwen2-72b', /how many gpus$/],
    ['qwen2-72b 推理需要多少张显卡？假设是A100 80G', /how many a100-80g$/],
    ['qwen2-72b推理需要多少个GPU', /how many gpus$/],
  ])('%s', (text, want) => {
    expect(canon(text)).toMatch(want);
  });

  it('zejunwang1/LLMTuner#1 (c1021): "需要多少卡，8*V100 32G 够吗" keeps the eight cards as the setup', () => {
    const s = read(line('c1021')).scenario;
    expect(s.hardware?.count).toBe(8);
    expect(s.hardware?.gpuId).toBe('v100-32g');
  });
});

describe('a count of GPUs mentioned, or asked of another run, is no "how many"', () => {
  it.each([
    ['c349', 'xorbitsai/inference#1183: "The number of required GPUs exceeds the total number of available GPUs"'],
    ['c755', 'verl-project/verl#2898: "doesn\'t scale with the number of GPUs."'],
    ['c1019', 'deepseek-ai/DeepSeek-VL2#79: "the parameter number of deepseek-vl2 is smaller"'],
    ['c1027', 'PKU-YuanGroup/Video-LLaVA#32: "How many GPUs are you using? I\'m using 4 GPUs (40G)"'],
  ])('%s (%s)', (id) => {
    expect(read(line(id)).scenario.question.kind).toBe('none');
  });

  it.each([
    'llama-2-7b full on 4x a100. How many GPUs did you use in training the model?',
    'llama-2-7b full on 4x a100; how many gpus do you use for training?',
    'llama-2-7b full on 4x a100. how many A100s were used?',
    'llama-2-7b full on 4x a100. I wonder what and how many GPUs you used for training.',
    'llama-2-7b full on 4x a100. Memory grows with the number of GPUs.',
    'llama-2-7b full on 4x a100: the number of available gpus is too small.',
  ])('%s', (text) => {
    const s = read(text).scenario;
    expect(s.question.kind).toBe('none');
    expect(s.hardware?.count).toBe(4);
  });

  it.each(['how many gpus do I need for llama-2-70b full?', 'what is the minimum number of gpus for llama-2-70b full?', 'llama-2-70b full: number of a100 needed?'])(
    "the user's own count question stays: %s",
    (text) => {
      expect(read(text).scenario.question.kind).toBe('howMany');
    },
  );
});

describe("a fine-tune of the user's own beside another's pre-training is no pre-training", () => {
  it('salesforce/CodeGen#27 (c1078): "I would like to fine-tune the 2B model … what devices you used to pre-train the 2B and 16B models?"', () => {
    const s = read(line('c1078')).scenario;
    expect(s.pretrain ?? false).toBe(false);
    expect(s.mode).not.toBe('inference');
  });

  it.each([
    // zai-org/CogView#25 retold, and invented spellings.
    'I want to finetune llama-7b on 1x v100-32g. I wonder which GPUs you used to pretrain it.',
    'I want to SFT llama-7b on 1x v100-32g; the authors used 8 A100 to pre-train.',
    'Fine-tuning llama-7b on a single V100 32G runs out of memory. You pre-trained it on 8 A100s, right?',
  ])('%s', (text) => {
    expect(read(text).scenario.pretrain ?? false).toBe(false);
  });

  it('a pre-training run of the user\'s own stays one: "I want to continue pretraining yi-34b on 8x a100-80g"', () => {
    expect(read('I want to continue pretraining yi-34b on 8x a100-80g').scenario.pretrain).toBe(true);
  });
});
