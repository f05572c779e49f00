import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * What the run does, read from its evidence (branch rmode). A full fine-tune and LoRA named side by
 * side are two runs tried or weighed (reconcile.tried-methods): neither is the run's method, the
 * reply reads a fine-tune of every weight and says both were named. 全量 listed beside LoRA is the
 * full fine-tune (prose.full-beside-lora-zh), as "full" listed beside it is (prose.full-needs-cue).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const inThread = (id: string) => {
  const c = line(id);
  return c.thread ? `${c.thread}\n${c.text}` : c.text;
};

describe('a full fine-tune and LoRA named together are the runs tried, not the run', () => {
  it('c1688 (zai-org/GLM-4#483): 试了全量,lora,训最后2层，均会爆显存 — no LoRA, said', () => {
    const r = read(line('c1688').text);
    expect(r.scenario.lora).toBeNull();
    expect(r.scenario.mode).not.toBe('inference');
    expect(r.said).toMatch(/"全量" and "lora" are named together \(tried or weighed\), so neither is read as your setup's mode/);
  });

  it("c934 (LlamaChinese/Llama-Chinese#278, its thread): 70B模型sft和lora / 跑70B的sft和lora都报内存不足 — no LoRA", () => {
    const r = read(inThread('c934'));
    expect(r.scenario.lora).toBeNull();
    expect(r.said).toMatch(/"sft" and "lora" are named together/);
  });

  it.each([
    ['English list', 'llama-2-13b on 8x a100-80g: I tried full, lora and freezing layers, all OOM'],
    ['English, and + both', 'llama-2-13b on 8x a100-80g, full and LoRA fine-tuning both OOM'],
    ['LoRA first, 和', '8卡a100 80g 训练llama-2-13b，lora和全量都爆显存'],
    ['、 and a space', '8卡a100 80g 训练llama-2-13b，试了 全量 、 lora，都OOM'],
    ['sft and lora, both', 'llama-2-13b on 8x a100-80g: sft and lora both run out of memory'],
  ])('%s (invented): no LoRA, a training run', (_name, text) => {
    const r = read(text);
    expect(r.scenario.lora).toBeNull();
    expect(r.scenario.mode).not.toBe('inference');
    // (a pair with "both/都" after it was already read as both tried by an older rule: either wording says it)
    expect(r.said).toMatch(/named together \(tried or weighed\)|both tried/);
  });

  it('keeps LoRA where sft is its stage: "sft.py + Lora.yaml" (huggingface/gpt-oss-recipes#23, c281), "SFT with LoRA" (invented)', () => {
    expect(read(line('c281').text).scenario.lora).not.toBeNull();
    expect(read('llama-2-13b sft and lora r16 on 1x a100-80g').scenario.lora).not.toBeNull();
    expect(read('llama-2-13b SFT with LoRA on 1x a100-80g').scenario.lora).not.toBeNull();
  });

  it('keeps 全量 as no method where it is the whole of something else (invented)', () => {
    expect(read('用全量数据lora微调llama-2-13b，单卡a100 80g').scenario.lora).not.toBeNull();
  });
});

describe('recompute: Unsloth\'s "unsloth" checkpointing set in prose', () => {
  it('c328 (unslothai/unsloth): "I also set the --use_gradient_checkpointing to unsloth" — offloaded, Unsloth runs', () => {
    const { scenario } = read(line('c328').text);
    expect(scenario.recompute).toBe('offloaded');
    expect(scenario.framework).toBe('unsloth');
  });

  it.each([
    ['set … to, quoted', 'qwen2.5-7b qlora on 1x rtx-4090, I set --use_gradient_checkpointing to "unsloth"'],
    ['= form still', 'qwen2.5-7b qlora on 1x rtx-4090 --use_gradient_checkpointing unsloth'],
  ])('%s (invented): offloaded checkpointing', (_name, text) => {
    expect(read(text).scenario.recompute).toBe('offloaded');
  });

  it('"--flag to" with a number reads the number, and "to" before a prose word reads nothing new (invented)', () => {
    expect(read('llama-2-7b lora on 1x a100-80g, I set --per_device_train_batch_size to 4').scenario.microBatch).toBe(4);
    expect(read('llama-2-7b lora on 1x a100-80g --gradient_checkpointing to save memory').scenario.recompute).not.toBe('none');
  });
});
