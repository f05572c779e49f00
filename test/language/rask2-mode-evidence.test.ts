import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * The mode by its evidence (branch rask2, issue 22): a width before an optimizer's name ("a custom 4-bit
 * optimizer") is the optimizer's states, never the weights, so it makes no QLoRA of a full fine-tune (c2901);
 * LoRA said in the user's words outranks the QLoRA a recipe's file name gives (c2891: "Use Lora for mixtral …
 * remove quantization_config in …_qlora_….py"), the file's method said.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const method = (text: string) => read(text).scenario.mode;

describe('a width before an optimizer is the optimizer\'s, not the weights\'', () => {
  it('c2901: "a custom 4-bit optimizer" beside ZeRO-3 offload is a full fine-tune', () => {
    expect(method(line('c2901').text)).toBe('full');
  });
  it.each([
    'finetune qwen2.5-3b with a 4-bit optimizer on a 4090',
    'full finetune llama-3-8b, zero3 offload optimizer, I use a 4bit optimizer from torchao, on 1x A100 80G',
    'fine-tune qwen2.5-7b with 4-bit adamw on 2x 3090',
    'Can I train mistral-7b with a 4 bit optimizer (torchao AdamW4bit) on an A6000?',
    'train llama-2-7b, zero2, 4bit adam, 8x v100',
    '全参微调 qwen2.5-3b，用 4bit optimizer，4090 24G',
    'sft qwen2-1.5b with the 4-bit AdamW on a T4',
    'finetune gemma-2b using 4_bit optimizer states on a 3060',
  ])('full, not qlora: %s', (text) => {
    expect(method(text)).toBe('full');
  });
  it.each(['finetune llama-3-8b in 4bit on a 4090', 'qlora llama-3-8b 4-bit with 8bit adam on a 3090'])('a width of the weights still reads: %s', (text) => {
    expect(method(text)).toBe('qlora');
  });
});

describe('LoRA in words outranks the QLoRA of a file name', () => {
  it('c2891: "Use Lora for mixtral" over mixtral_8x7b_instruct_qlora_oasst1_e3.py', () => {
    const { scenario, said } = read(line('c2891').text);
    expect(scenario.mode).toBe('lora');
    expect(said).toMatch(/names qlora; read as lora/);
  });
  it.each([
    'I want plain LoRA on llama-2-7b, starting from llama2_7b_qlora_alpaca_e3.py, on a 3090',
    'lora fine-tune of qwen-7b with qwen_7b_qlora_oasst1_e3.py after removing quantization_config, 2x A100',
    'running qlora_finetune.py but as LoRA (no quantization) for llama-3-8b on an A6000',
    'llama-3-8b: switched the recipe llama3_8b_qlora_alpaca.py to lora, OOM on a 4090',
    '用 lora 微调 qwen-7b，配置是 qwen_7b_qlora_oasst1_e3.py，去掉了量化，4090',
    'baichuan2-13b lora via baichuan2_13b_qlora_alpaca_e3.py without quantization on 8 gpus',
  ])('lora: %s', (text) => {
    expect(method(text)).toBe('lora');
  });
  it('c471: train_qlora.py with --lora_rank and --lora_dropout stays QLoRA (the keys are the adapter\'s, either way)', () => {
    expect(method(line('c471').text)).toBe('qlora');
  });
  it.each([
    'qlora llama-2-7b with llama2_7b_qlora_alpaca_e3.py on a 3090',
    'python train_qlora.py --model_name_or_path llama-2-7b --lora_rank 8 --lora_alpha 16, on a 3090',
    'llama-2-7b finetune with llama2_7b_qlora_alpaca_e3.py on a 3090',
    'QLoRA of qwen-7b, the lora config is qwen_7b_lora.yaml, 4090',
  ])('qlora stays: %s', (text) => {
    expect(method(text)).toBe('qlora');
  });
});
