import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A method said as an aside (issue 22, prose rule training.method-aside-even): "16G的V100单卡就可以跑
 * chatglm2-6b的sft甚至是dpo" (hiyouga/LlamaFactory#984, c470: one V100 runs sft, even dpo) had read DPO as
 * the run's trainer. A method after 甚至 / 乃至 / "even" that follows another method is how far the setup
 * stretches: set aside, said; the run is the method before it. An "even" before a setting ("即使batch size
 * 设为2也会OOM", hiyouga/LlamaFactory#10175) or before a quantisation ("even with quantization 4bit",
 * c813) is the run's and stays.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('a method after "even" / 甚至 that follows another method is an aside', () => {
  it('c470: the sft run, not dpo; the aside is said', () => {
    const { scenario, said } = read(line('c470').text);
    expect(scenario.framework).not.toBe('dpo');
    expect(said).toMatch(/"dpo" said as an aside/);
  });

  it.each<[string, string, RegExp]>([
    ['16G的V100单卡就可以跑chatglm2-6b的sft甚至是dpo', 'dpo', /"dpo" said as an aside/],
    ['单卡A100可以跑qwen-7b的sft，甚至dpo', 'dpo', /"dpo" said as an aside/],
    ['一张4090就能跑llama-2-7b的lora甚至全参微调吗', 'full', /said as an aside/],
    ['llama-2-13b 在 2张3090 上 lora 乃至全参微调都可以吗', 'full', /said as an aside/],
    ['one 24GB 4090 runs qwen-7b lora and even full finetuning?', 'full', /"full finetuning" said as an aside/],
    ['qwen-7b sft, or maybe even dpo, on one 4090?', 'dpo', /"dpo" said as an aside/],
    ['Can a single A100 80GB train llama-2-7b with sft or even ppo?', 'ppo', /"ppo" said as an aside/],
    ['mistral-7b qlora, even grpo, fits on a 3090', 'grpo', /"grpo" said as an aside/],
  ])('%s', (text, aside, note) => {
    const { scenario, said } = read(text);
    if (aside === 'full') expect(scenario.mode).not.toBe('full');
    else expect(scenario.framework).not.toBe(aside);
    expect(said).toMatch(note);
  });

  it('an "even" before a setting or a quantisation stays the run\'s', () => {
    expect(read('llama-2-7b lora on a 3090, even with batch size 1 it OOMs').scenario.microBatch).toBe(1);
    expect(read('llama-2-7b lora on one 3090 can set only 2 batch_size (even with quantization 4bit)').scenario.weights).toBe('nf4');
  });

  it.each<[string, 'lora' | 'qlora' | 'full', RegExp]>([
    ['Fine-tuning llama-2-13b with lora on a 4090 gives OOM. I also tried qlora, same error.', 'lora', /"qlora" read as another method you also tried/],
    ['用lora微调qwen-14b在一张4090上显存不足，我也试了qlora，还是报错', 'lora', /"qlora" read as another method you also tried/],
    ['用lora微调qwen-14b在一张4090上显存不足，也试过qlora，还是报错', 'lora', /"qlora" read as another method you also tried/],
    ['full finetuning llama-2-7b on 2 A100 40GB OOMs; we also tried lora and it still OOMs', 'full', /"lora" read as another method you also tried/],
    ['llama-2-13b qlora on one 3090 OOMs, I have also tried using lora, no luck', 'qlora', /"lora" read as another method you also tried/],
  ])('a method also tried after the run\'s own is another attempt: %s', (text, method, note) => {
    const { scenario, said } = read(text);
    if (method === 'full') expect(scenario.lora).toBeNull();
    else expect(scenario.weights === 'nf4').toBe(method === 'qlora');
    expect(said).toMatch(note);
  });

  it('a method tried with none before it is the run\'s', () => {
    const { scenario, said } = read('I also tried qlora for llama-2-13b on my 3090 and it OOMs');
    expect(scenario.weights).toBe('nf4');
    expect(said).not.toMatch(/also tried/);
  });

  it('a method alone after "even" (no method before it) is the run\'s', () => {
    const { said } = read('even dpo on llama-2-7b fits one A100 80GB?');
    expect(said).not.toMatch(/said as an aside/);
  });
});
