import { describe, expect, it } from 'vitest';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * Words about the attention kernel, checkpointing and precision that the reader had taken the wrong
 * way (issue 22, branch rprec): how far a negation reaches, "eager mode" in other languages, Unsloth's
 * offloaded checkpointing under LLaMA-Factory, and "inference" said of reasoning.
 */

const s = (text: string) => read(text).scenario;

describe('a negation reaches a setting only over the words of using it (read-tokens/negation.ts)', () => {
  it('c531: "I didn\'t use use-flash-atten" on a V100 is eager attention (NVIDIA/Megatron-LM#525)', () => {
    expect(corpusLineRead('c531').scenario.attention).toBe('eager');
  });

  it('"didn\'t", "did not", "doesn\'t", "never" before the verbs of use turn the setting off', () => {
    for (const text of [
      "finetune llama-2-7b on a 4090. I didn't use flash attention",
      'finetune llama-2-7b on a 4090. I did not use flash attention',
      "finetune llama-2-7b on a 4090, I didnt even use flash-attn",
      'finetune llama-2-7b on a 4090, we never enabled flash attention',
      "finetune llama-2-7b on a 4090; the V100 doesn't support flash attention",
    ]) expect(s(text).attention, text).toBe('eager');
    for (const text of [
      "full finetune llama-2-7b on a 4090, I didn't use gradient checkpointing",
      'full finetune llama-2-7b on a 4090, I do not want to enable gradient checkpointing',
      'full finetune llama-2-7b on a 4090 without any gradient checkpointing',
    ]) expect(s(text).recompute, text).toBe('none');
  });

  it('a negation of something else leaves the setting after it as said', () => {
    for (const text of [
      'full finetune llama-2-7b on a 4090. it did not fit even with gradient checkpointing',
      "full finetune llama-2-7b on a 4090. it didn't fit, even with gradient checkpointing",
      'full finetune llama-2-7b on a 4090 - not enough memory even with gradient checkpointing',
    ]) expect(s(text).recompute, text).toBe('full');
    for (const text of [
      'llama-2-7b full finetune on 1x a100-80g, zero3. I never had an issue with offloading before',
      'llama-2-7b full finetune on 1x a100-80g, zero3, no problem when offloading the optimizer',
    ]) expect(s(text).offload.optimizer, text).toBe('cpu');
  });
});

describe('"eager mode" in Chinese and Japanese is the engine without graph capture, not the kernel (DeepLink-org/dlinfer#149)', () => {
  it('c1602: "qwen2-vl-72B eager模式8卡" is enforce eager with the default kernel', () => {
    const { scenario } = corpusLineRead('c1602');
    expect(scenario.inference?.enforceEager).toBe(true);
    expect(scenario.attention).not.toBe('eager');
  });

  it('spacing and script', () => {
    for (const text of ['qwen2-vl-72b eager模式 8卡 部署', 'qwen2-vl-72b eager 模式 8卡 部署', 'qwen2-vl-72b を eagerモード で 8枚 serve', 'serve qwen2-vl-72b in eager mode on 8 gpus']) {
      const r = s(text);
      expect(r.inference?.enforceEager, text).toBe(true);
      expect(r.attention, text).not.toBe('eager');
    }
  });

  it('eager attention keeps its word', () => {
    expect(s('llama-2-7b lora on a 4090 with eager attention').attention).toBe('eager');
    expect(s('llama-2-7b lora on a 4090, attn_implementation="eager"').attention).toBe('eager');
  });
});

describe("LLaMA-Factory's use_unsloth_gc is offloaded checkpointing (model_utils/checkpointing.py)", () => {
  it('c657: the DPO config with use_unsloth_gc: true (hiyouga/LlamaFactory#7938)', () => {
    expect(corpusLineRead('c657').scenario.recompute).toBe('offloaded');
  });

  it('in YAML, as a flag, and off', () => {
    expect(s('qwen2.5-7b lora on 1x a100-80g\nuse_unsloth_gc: true').recompute).toBe('offloaded');
    expect(s('qwen2.5-7b lora on 1x a100-80g, llamafactory-cli train --use_unsloth_gc True').recompute).toBe('offloaded');
    expect(s('qwen2.5-7b full on 1x a100-80g\nuse_unsloth_gc: false\ngradient_checkpointing: false').recompute).toBe('none');
  });
});

describe('"inference" said of the user\'s reasoning runs no model (simplescaling/s1#25)', () => {
  it('c757: "I\'m not sure if my inference is correct" beside an FSDP training run trains', () => {
    expect(corpusLineRead('c757').scenario.mode).toBe('full');
  });

  it('asked, said, and the run of a model', () => {
    expect(s('full finetune qwen2.5-32b with fsdp on 16x h100. Is my inference correct?').mode).toBe('full');
    expect(s('full finetune qwen2.5-32b with fsdp on 16x h100; this inference seems wrong to me').mode).toBe('full');
    expect(s('qwen2.5-32b inference on 1x h100, is the memory right?').mode).toBe('inference');
  });
});

describe('a release whose "-int4" is a bitsandbytes save reads as nf4 (prose/rules/int4-releases.ts)', () => {
  it('c1794, c1345: CogVLM2 and MiniCPM-V int4 checkpoints (zai-org/CogVLM2#58, OpenBMB/MiniCPM-V#525)', () => {
    expect(corpusLineRead('c1794').scenario.weights).toBe('nf4');
    expect(corpusLineRead('c1345').scenario.weights).toBe('nf4');
  });

  it('joined, apart, in a Hub id, other sizes and variants', () => {
    for (const text of [
      'run cogvlm2-llama3-chat-19B-int4 on a T4',
      'run THUDM/cogvlm2-llama3-chinese-chat-19B-int4 on 2x 12GB',
      'MiniCPM-V 2.6 int4 on 24GB OOM',
      'inference with openbmb/MiniCPM-V-2_6-int4 on a 4090',
      'MiniCPM-Llama3-V-2_5-int4 推理 24G',
    ]) expect(s(text).weights, text).toBe('nf4');
  });

  it('another release\'s "-int4" stays the integer format', () => {
    expect(s('run Qwen-VL-Chat-Int4 on a T4').weights).toBe('gptq');
    expect(s('serve qwen2.5-7b-instruct-gptq-int4 on a 4090').weights).toBe('gptq');
  });
});

describe('a bare "4bit" on a Mac is MLX\'s integer quantisation, elsewhere bitsandbytes (prose.width-only)', () => {
  it('MLX named, or a Mac: int4', () => {
    for (const text of ['phi-2 in mlx, even in 4bit, on an m2 pro 16gb', 'mistral-7b 4-bit with mlx_lm on a macbook', 'llama-3-8b in 4 bit via mlx-lm, 32GB']) {
      expect(s(text).weights, text).toBe('gptq');
    }
  });

  it('no Mac: nf4 as before', () => {
    expect(s("I'm running 30B in 4bit on my 4090 24 GB").weights).toBe('nf4');
  });
});

describe('a precision in parentheses after a memory the user works out is their sum\'s (question.estimate-precision)', () => {
  it('c1281: "would need at least 100GB VRAM (FP16)" sets no precision (NVIDIA-AI-Blueprints/rag#48)', () => {
    expect(corpusLineRead('c1281').scenario.compute).not.toBe('fp16');
  });

  it('other words of needing, other precisions; the run\'s own precision stays', () => {
    expect(s('serve llama-3-70b on 2x h100, it needs about 140 GB (bf16) I think').compute).toBe('bf16');
    expect(s('serve llama-3-70b on 2x a100-80g, it needs about 140 GB (fp16) I think').compute).not.toBe('fp16');
    expect(s('serve llama-3-70b on 1x h100, would require roughly 40 GB of VRAM (4-bit)?').weights).toBe('bf16');
    expect(s('serve llama-3-70b in fp16 on 2x a100-80g').compute).toBe('fp16');
  });
});
