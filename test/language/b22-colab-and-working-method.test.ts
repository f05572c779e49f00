import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/** eosphoros-ai/DB-GPT-Hub#151 (corpus c822), the message as posted (screenshots left out). */
const DBGPT_151 = `When I fine-tuned the codellama-7b-instruct-hf under the LoRA mode (nothing changed in train_sft.sh) in my Colab Environment with Tesla V100 GPU 16G, and 51GB CPU memory, the following bug occurs: 

However, if I change it to the QLoRA mode, the running process becomes normal.  

Could you please help me to test it under your A100 environment @wangzaistone ? Let us confirm whether it is a real bug~`;

describe('a card named beside Colab is the card (prose.colab-free)', () => {
  it('reads the V100 of DB-GPT-Hub#151, not Colab\'s T4', () => {
    expect(read(DBGPT_151).scenario.hardware?.gpuId).toBe('v100-16g');
  });

  it.each([
    ['mistral-7b finetune causes oom on a100 gpu on colab', 'a100-80g'],
    ['lora llama-2-7b on colab with an l4', 'l4'],
    ['qlora llama-2-7b on a free colab', 't4'],
  ])('%s', (text, gpu) => {
    expect(read(text).scenario.hardware?.gpuId).toBe(gpu);
  });
});

describe('a method said to run normally is the other run (workingRuns)', () => {
  it('reads the failing LoRA of DB-GPT-Hub#151, not the QLoRA that runs', () => {
    const { scenario } = read(DBGPT_151);
    expect(scenario.mode).toBe('lora');
  });

  it('reads QLoRA when it is the one that fails (invented)', () => {
    const text = 'Fine-tuning llama-2-7b under the QLoRA mode on 1x t4, the following error occurs. If I change it to the LoRA mode, the process runs normally.';
    expect(read(text).scenario.mode).toBe('qlora');
  });

  it('keeps one method said alone', () => {
    expect(read('llama-2-7b qlora on 1x t4, the following bug occurs').scenario.mode).toBe('qlora');
  });
});
