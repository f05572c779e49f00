import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * b18, hiyouga/LlamaFactory#7559 (corpus c676): "我看介绍说30B大模型训练lora只需要64GB，但是我27B的gemma3，却无法训练
 * … 我猜测是不是没有启动tensor-parallel？" (the introduction says a 30B model needs only 64GB for LoRA, yet my
 * 27B Gemma 3 will not train … is it that tensor-parallel was not started?). The introduction's 30B
 * became the model and the question tp 4. What an introduction or README says is its own figure
 * (owner.reference.zh); a 是不是 question about a setting sets none (question.asks-about-setting).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('what the README says, and a question whether a setting is on', () => {
  it('c676 (with its title): Gemma-3-27B, no tp, the 2 A100 of its first run', () => {
    const s = read(`${line('c676').thread}\n${line('c676').text}`).scenario;
    expect(s.model.id).toBe('gemma-3-27b');
    expect(s.parallel.tp).toBe(1);
    expect(s.hardware?.count).toBe(2);
  });

  it.each([
    ['gemma-3-27b lora 2卡a100 40G，我看介绍说30B大模型训练lora只需要64GB，为什么OOM', 'gemma-3-27b'],
    ['qwen2.5-7b 全参微调 8卡a100，README里说70B只要8卡就够了', 'qwen2.5-7b'],
  ])('%s: the model is the user’s', (text, id) => {
    expect(read(text).scenario.model.id).toBe(id);
  });

  it.each([
    'qwen2.5-32b 推理 4卡a100，是不是没有启动tensor-parallel？',
    'qwen2.5-32b 推理 4卡a100，是不是没开张量并行？',
    'qwen2.5-32b 推理 4卡a100，是否没有启用tensor parallel',
  ])('%s: no tp from the question', (text) => {
    expect(read(text).scenario.parallel.tp).toBe(1);
  });

  it.each([
    '我用LLaMA-Factory对Qwen2.5-14B做全参数微调，4张A800 80G，deepspeed zero3，还是爆显存，是不是要开offload？',
    'qwen2.5-14b 全参数微调 4卡a800 zero3，是不是需要开启offload',
    'qwen2.5-14b 全参数微调 4卡a800 zero3，是不是应该用offload呢',
  ])('%s: an offload asked about with 是不是要 is no offload', (text) => {
    const s = read(text).scenario;
    expect(s.offload.optimizer).toBe('none');
    expect(s.offload.params).toBe('none');
  });

  it('a tp the user sets stays: "是不是要设置tp为4" asks, "tp 4" sets', () => {
    expect(read('qwen2.5-32b 推理 4卡a100 tp 4').scenario.parallel.tp).toBe(4);
  });
});
