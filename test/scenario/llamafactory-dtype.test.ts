import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

/**
 * A 16-bit dtype said in words under LLaMA-Factory is its `bf16: true` / `fp16: true`, the Hugging
 * Face Trainer's autocast over fp32 trainable weights (amp), as the key itself reads and the corpus
 * README writes it; DeepSpeed or FSDP said keeps the engine's mixed recipe (scenario/llamafactory-dtype.ts).
 * Drawn from c1775 (hiyouga/LlamaFactory: "Lora 微调，bf16" on 4 × 4090, no DeepSpeed).
 */

const reply = (text: string): EstimateReply => {
  const { reply: r } = respond(text, null);
  if (r.kind !== 'estimate') throw new Error(`no estimate for ${text}: ${r.kind}`);
  return r;
};

describe("LLaMA-Factory's dtype said in words", () => {
  it.each([
    ['qwen2.5-7b lora bf16 llama-factory on 1x a100', 'bf16'],
    ['llama-factory qwen2.5-7b LoRA, BF16, on 1x a100', 'bf16'],
    ['LLaMA-Factory lora fp16 llama-2-7b on 1x rtx-3090', 'fp16'],
    ['用LLaMA-Factory对qwen2.5-7b进行lora微调，bf16，单卡A100', 'bf16'],
    ['llama-2-7b qlora bf16 with llama factory on 1x rtx-4090', 'bf16'],
  ])('%j is amp %s, said with its switch', (text, dtype) => {
    const r = reply(text);
    expect(r.scenario.framework).toBe('llama-factory');
    expect(r.scenario.recipe).toBe('amp');
    expect(r.scenario.compute).toBe(dtype);
    expect(r.assumptions.join(' | ')).toMatch(/under LLaMA-Factory read as its (?:bf16|fp16): true/);
  });

  it('the real line (c1775): Qwen2.5-32B LoRA in bf16 on four 4090 is amp', () => {
    const text =
      '使用LLaMA-Factory对千问2.5-32B或者14B等大模型使用多张显卡进行微调出现显存不足的问题\n\n### System Info\n\n使用4090*4（24G）对千问2.5-32B模型进行训练数据集微调（Lora 微调，bf16），会出现显存不足的问题。';
    expect(reply(text).scenario.recipe).toBe('amp');
  });

  it.each([
    'qwen2.5-7b lora bf16 zero3 llama-factory on 2x a100',
    'qwen2.5-7b lora bf16 llama-factory zero2 offload on 2x a100',
    'qwen2.5-7b lora bf16 fsdp llama-factory on 2x a100',
    'qwen2.5-7b lora mixed bf16 llama-factory on 1x a100',
    'qwen2.5-7b lora pure bf16 llama-factory on 1x a100',
  ])('%j keeps the recipe DeepSpeed, FSDP or the words give', (text) => {
    expect(reply(text).scenario.recipe).not.toBe('amp');
  });

  it.each([
    ['qwen2-7b full zero3 bf16 bs 1 ga 2 seq 8192 llama-factory on 1x a800-80g', 'mixed'],
    ['llama-factory qwen2-7b full, zero2, bf16, one A800', 'mixed'],
    ['qwen2-7b full bf16 fsdp llama-factory on 1x a100', 'mixed'],
    ['qwen2-7b full bf16 llama-factory on 1x a800-80g', 'amp'],
    ['qwen2-7b full llama-factory on 1x a800-80g', 'amp'],
  ])('a full fine-tune on one GPU: %j is %s (a ZeRO stage or FSDP said runs 16-bit weights with fp32 masters; c1749)', (text, recipe) => {
    expect(reply(text).scenario.recipe).toBe(recipe);
  });

  it('no dtype said keeps the preset (mixed under LoRA), and other frameworks are untouched', () => {
    expect(reply('qwen2.5-7b lora llama-factory on 1x a100').scenario.recipe).toBe('mixed');
    expect(reply('qwen2.5-7b lora bf16 axolotl on 1x a100').scenario.recipe).not.toBe('amp');
    expect(reply('qwen2.5-7b lora bf16 on 1x a100').scenario.recipe).toBe('mixed');
  });

  it('property: the words agree with the key (bf16: true) whatever their order and case', () => {
    fc.assert(
      fc.property(fc.constantFrom('bf16', 'BF16', 'fp16', 'FP16'), fc.constantFrom('lora', 'qlora'), fc.boolean(), (dtype, method, frameworkFirst) => {
        const parts = ['qwen2.5-7b', method, dtype, 'on 1x a100'];
        const text = frameworkFirst ? `llama-factory ${parts.join(' ')}` : `${parts.join(' ')} llama-factory`;
        const key = `qwen2.5-7b ${method} llama-factory on 1x a100\n${dtype.toLowerCase()}: true`;
        const words = reply(text);
        expect(words.scenario.recipe).toBe('amp');
        expect(words.scenario.recipe).toBe(reply(key).scenario.recipe);
      }),
      { numRuns: 16 },
    );
  });
});
