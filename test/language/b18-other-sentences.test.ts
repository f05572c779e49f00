import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Batch b18 (test/corpus/first-sight.md), c676 (hiyouga/LlamaFactory#7559): Gemma 3 27B LoRA under
 * LLaMA-Factory on two A100 40GB. "我看介绍说30B大模型训练lora只需要64GB" (I read in the description that
 * a 30B model needs only 64GB for LoRA) set the model to a 30B: 介绍说 now names another's figure
 * (owner.reference.zh), so the thread's Gemma 3 stays. "我猜测是不是没有启动tensor-parallel？" (I guess
 * tensor-parallel was not started?) took the next line's `CUDA_VISIBLE_DEVICES=1,2,3,4` as tp 4: a
 * parallelism named in one sentence is no cue for a number in the next when that number has a
 * reading of its own (reconcile/parallel-reach.ts).
 */
const line = loadCorpus().find((l) => l.id === 'c676')!;
const tp = (text: string) => read(text).scenario.parallel.tp;

describe('another sentence, another run', () => {
  it("c676: the thread's Gemma 3 27B, LoRA, no tensor parallelism, on its two A100 40GB", () => {
    const opened = readInThread(line.thread!, null).outcome;
    if (!opened.ok || !opened.scenario) throw new Error(`the title is not read: ${line.thread}`);
    const r = readInThread(line.text, { scenario: opened.scenario, history: [] }).outcome;
    if (!r.ok || !r.scenario) throw new Error(`not read: ${r.ok ? 'help' : r.error.message}`);
    expect(r.scenario.model.name).toMatch(/Gemma-3-27B/i);
    expect(r.scenario.parallel.tp).toBe(1);
    expect(r.scenario.hardware?.count).toBe(2);
  });

  it.each([
    ['我看介绍说30B大模型训练lora只需要64GB，但是我训练llama-2-13b的lora在A100 40G上OOM'],
    ['听说30B模型lora只要64GB，我用llama-2-13b做lora在A100 40G上OOM'],
    ['据说30B的模型lora只要64GB，可我llama-2-13b的lora在A100 40G上就OOM了'],
  ])('%s: the 13B of the request, not the 30B of the description', (text) => {
    expect(read(text).scenario.model.name).toMatch(/13B/);
  });

  it('介绍一下 (introduce) is no cue for another run', () => {
    expect(read('介绍一下：我用llama-2-13b做lora，A100 40G').scenario.model.name).toMatch(/13B/);
  });

  it.each([
    'lora on llama-2-7b with llamafactory, OOM. 我猜测是不是没有启动tensor-parallel？\n`CUDA_VISIBLE_DEVICES=1,2,3,4 llamafactory-cli webui`',
    'lora on llama-2-7b with llamafactory, OOM. Maybe tensor parallel is not started?\nCUDA_VISIBLE_DEVICES=0,1,2,3 llamafactory-cli train cfg.yaml',
    'lora on llama-2-7b with llamafactory, OOM. no tensor-parallel?\n\nCUDA_VISIBLE_DEVICES=0,1,2,3 llamafactory-cli webui',
  ])('%s: four GPUs, no tp', (text) => {
    const s = read(text).scenario;
    expect(s.parallel.tp).toBe(1);
    expect(s.hardware?.count ?? s.unnamedGpus).toBe(4);
  });

  it('a parallelism with its own number, or with nothing else to read the number, keeps it', () => {
    expect(tp('serve llama-2-70b with vllm, tensor parallel 4')).toBe(4);
    expect(tp('serve llama-2-70b with vllm --tensor-parallel-size 4 on 4 A100')).toBe(4);
    expect(tp('lora on llama-2-7b, OOM. I use tensor parallel. 4 gpus')).toBe(4);
  });
});
