import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read, readNoticed } from './reading-fixtures.js';

/**
 * A framework named as what the run is measured against, as the source of a figure, or as the tool that
 * trained the weights before another engine serves them is not the run's program (branch rframe5, issue 22
 * item 5: a framework only mentioned is weak). Each class was a silent misreading of the framework in b48/b56.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const canon = (text: string) => canonicalText(read(text).scenario);

describe('a framework as the yardstick of "as fast as X" is said weak, not taken in silence (mention.comparison-yardstick)', () => {
  it.each([
    ['New kernels for mistral-7b awq on one RTX 4090: they are as fast as ExLlamaV2 kernels at batch size 1.', 'exllamav2'],
    ['qwen2.5-7b awq on 1x 4090, our kernel is almost as fast as llama.cpp at batch 1', 'llama.cpp'],
    ['llama-3-8b qlora on a 4090: our trainer is as memory efficient as Unsloth', 'unsloth'],
    ['mistral-7b on 1x rtx-4090 — 和 ExLlamaV2 一样快 (as fast as ExLlamaV2)', 'exllamav2'],
  ])('%s', (text, tool) => {
    const { said } = readNoticed(text);
    expect(said.toLowerCase()).toContain(tool);
  });

  it.each([
    'I fine-tune llama-3-8b with lora as well as deepspeed zero2 on 2x a100-80g',
    'llama-3-8b lora fits on 2x a100-80g as long as deepspeed zero2 is on',
  ])('"as well as", "as long as" are no comparison: the tool is still used: %s', (text) => {
    expect(readNoticed(text).said).not.toMatch(/as (?:well|long) as deepspeed/);
  });

  it('the real line c2036 (casper-hansen/AutoAWQ PR): ExLlamaV2 is flagged', () => {
    expect(readNoticed(lineText('c2036')).said).toMatch(/ExLlamaV2/);
  });
});

describe('a framework cited as the source of a figure is a reference, not the run (mention.citation)', () => {
  it.each([
    ['A 13B model should take around 7.8 GB according to the llama.cpp repo. I have an 8gb card.', 'llama.cpp'],
    ['llama-3-8b qlora on a 4090: according to axolotl docs it needs about 12 GB', 'axolotl'],
    ['per the DeepSpeed documentation, a 7b full fine-tune on 1x a100-80g needs 16 bytes a parameter', 'deepspeed'],
    ['根据 llama.cpp 的文档，13b 模型 4bit 大约 7.8G，我的卡是 8G', 'llama.cpp'],
    ['The unsloth README says llama-3-8b qlora fits on one 24gb card', 'unsloth'],
  ])('%s', (text, tool) => {
    const { said } = readNoticed(text);
    expect(said.toLowerCase()).toContain(tool.toLowerCase());
  });

  it('words of use keep it the run: "I run it with llama.cpp according to the README"', () => {
    expect(canon('I run llama-2-13b q4_k_m with llama.cpp on 1x rtx-4090, following its README')).toContain('llamacpp');
  });

  it('the real line c1796: llama.cpp is flagged', () => {
    expect(readNoticed(lineText('c1796')).said).toMatch(/llama\.cpp/);
  });
});

describe('a training tool said with a training done before the run asked about is not the run\'s program (prose.trained-before-running)', () => {
  it.each([
    'after fine-tuning qwen1.5-14b-chat with llama-factory, serving it with vllm on 2x a100-80g fails',
    'I fine-tuned qwen2-7b using axolotl, now deploying it with vllm --tensor-parallel-size 2 OOMs',
    '使用llama-factory微调qwen1.5-14b-chat后，用vllm部署 --tensor-parallel-size 2 报错',
    '用 LLaMA Factory 对 qwen2-7b 微调后，vllm 推理显存不够',
    'after training with unsloth, inference of llama-3-8b with vllm on 1x 4090 runs out of memory',
  ])('%s', (text) => {
    const c = canon(text);
    expect(c).toMatch(/\bvllm\b/);
    expect(c).not.toMatch(/llama-factory|axolotl|unsloth/);
  });

  it('a tool that runs the training asked about stays: "fine-tuning qwen2-7b with llama-factory on 2x 4090 OOMs"', () => {
    expect(canon('fine-tuning qwen2-7b with llama-factory on 2x 4090 OOMs')).toContain('llama-factory');
  });

  it('the real line c2027 (QwenLM/Qwen1.5): vLLM serves, LLaMA-Factory trained the weights before', () => {
    expect(canon(lineText('c2027'))).not.toContain('llama-factory');
  });
});
