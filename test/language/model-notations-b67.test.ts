import { describe, expect, it } from 'vitest';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * rmodel10: the model as strangers of b67–b69 wrote it — in a config file's name, with a release's dot left
 * out, misspelt, or as a fine-tune whose release says its base. Variations written before the fix.
 */

describe("a config file named after its model names the model (weak)", () => {
  it('c2375: "--config configs/ttune/llama32_11b_vision_lora.yaml" is Llama-3.2-11B-Vision', () => {
    expect(corpusLineRead('c2375').scenario.model.id).toBe('llama-3.2-11b-vision');
  });

  it.each([
    ['tune run --nproc-per-node 4 lora_finetune_distributed --config configs/llama32_11b_vision_lora.yaml', 'llama-3.2-11b-vision'],
    ['tune run full_finetune_single_device --config qwen2_5_7b_full_single_device.yaml OOM on a 4090', 'qwen2.5-7b'],
    ['python finetune.py --config configs/mistral_7b_qlora.yaml on a T4', 'mistral-7b'],
    ['用 qwen2_5_14b_lora.yaml 在 4090 上训练 OOM', 'qwen2.5-14b'],
    ['gemma2_9b_lora.yaml lora on a 3090', 'gemma-2-9b'],
  ])('%s: %s', (text, model) => {
    expect(read(text).scenario.model.id).toBe(model);
  });

  it('a model named elsewhere wins over the config file\'s name', () => {
    expect(read('lora llama-3-8b with mistral_7b_lora.yaml on a 4090').scenario.model.id).toBe('llama-3-8b');
  });
});

describe("a release's dot left out reads as that release", () => {
  it.each([
    ['llama31-8b lora on a 4090', 'llama-3.1-8b'],
    ['llama32_11b_vision lora on 4 gpus', 'llama-3.2-11b-vision'],
    ['llama32-3b lora on a 3060', 'llama-3.2-3b'],
  ])('%s: %s', (text, model) => {
    expect(read(text).scenario.model.id).toBe(model);
  });

  it('phi35-mini is Phi-3.5-mini, read as phi-3.5-mini is', () => {
    expect(read('phi35-mini lora on a T4').scenario.model.id).toBe(read('phi-3.5-mini lora on a T4').scenario.model.id);
  });

  it('"llama33_70b" is read as "llama 3.3 70b" is', () => {
    expect(read('llama33_70b inference on 2x a100').scenario.model.id).toBe(read('llama 3.3 70b inference on 2x a100').scenario.model.id);
  });
});

describe('a family misspelt reads as that family, said as a guess', () => {
  it.each([
    ['lama 2 7b lora on a 3090 OOM', 'llama-2-7b', 'lama'],
    ['running lama3_1_8b on a 3060, inference', 'llama-3.1-8b', 'lama'],
    ['baichaun2-13b int4 on a T4', 'baichuan2-13b', 'baichaun'],
    ['百川 baichaun2-7b 推理 显存多少', 'baichuan2-7b', 'baichaun'],
  ])('%s: %s', (text, model, word) => {
    const r = read(text);
    expect(r.scenario.model.id).toBe(model);
    expect(r.said).toContain(word);
  });

  it('c2433: "baichaun2-13b" is Baichuan2-13B', () => {
    expect(corpusLineRead('c2433').scenario.model.id).toBe('baichuan2-13b');
  });
});

describe('a Qwen Math or Coder written without its version is the Qwen2.5 shape, said as a guess', () => {
  it('c2371: "Qwen-Math-7B" (open-r1) is Qwen2.5-7B', () => {
    expect(corpusLineRead('c2371').scenario.model.id).toBe('qwen2.5-7b');
  });

  it.each([
    ['full finetune Qwen-Math-7B on 8xA100', 'qwen2.5-7b'],
    ['qwen coder 14b lora on a 4090', 'qwen2.5-14b'],
    ['推理 Qwen-Math-1.5B 一张 3060', 'qwen2.5-1.5b'],
  ])('%s: %s', (text, model) => {
    const r = read(text);
    expect(r.scenario.model.id).toBe(model);
    expect(r.said.toLowerCase()).toContain('qwen');
  });

  it('"Qwen-7B" alone stays the first Qwen', () => {
    expect(read('Qwen-7B lora on a 4090').scenario.model.id).toBe('qwen-7b');
  });
});

describe("a fine-tune's release says its base: Vicuna v1.5 and WizardLM V1.2 are Llama-2's", () => {
  it.each([
    ['model_name = "casperhansen/vicuna-7b-v1.5-awq" on a 4090', 'llama-2-7b'],
    ['vicuna-13b-v1.5 inference on A10G', 'llama-2-13b'],
    ['lmsys/vicuna-7b-v1.5 lora on a 3090', 'llama-2-7b'],
    ['wizardlm-13b-v1.2 serve on A100 40GB', 'llama-2-13b'],
    ['WizardLM-13B-V1.2 微调 lora 4090', 'llama-2-13b'],
    ['vicuna-7b-v1.3 inference on a T4', 'llama-1-7b'],
    ['vicuna 7b inference on a T4', 'llama-1-7b'],
  ])('%s: %s', (text, model) => {
    expect(read(text).scenario.model.id).toBe(model);
  });
});
