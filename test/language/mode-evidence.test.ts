import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Training words that say something else than the run asked about (issue 22: the mode is the run's, said
 * by a training word or a training-only setting). "Pretraining" naming a kind of data beside the
 * fine-tuning data is not a run from scratch: axolotl-ai-cloud/axolotl#1641 (c1238), a GaLore run of
 * Llama-3-8B whose steps say "can use any pretraining data and finetuning data as stand-ins".
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('"pretraining" naming a kind of data is not the run', () => {
  it('c1238: a training run with pretraining and finetuning data as stand-ins is a fine-tune, not pre-training', () => {
    const { scenario } = read(line('c1238').text);
    expect(scenario.mode).toBe('full');
    expect(scenario.pretrain).toBe(false);
  });

  // [text, pretrain]
  it.each<[string, boolean]>([
    // The real line's words, shorter.
    ['Run a training run of llama-3-8b on 2x A100 (can use any pretraining data and finetuning data as stand-ins)', false],
    // Hyphenated, "datasets", another joiner.
    ['Fine-tune llama-3-8b on 2x A100 80GB; any pre-training datasets / fine-tuning datasets will do', false],
    // "pretraining and finetuning data", the noun said once.
    ['I train mistral-7b on 1x A100 80GB, mixing pretraining and finetuning data', false],
    // SFT data as the pair.
    ['Training qwen2.5-7b on 4x H100 with pretraining corpus and SFT data, OOM', false],
    // Pre-training asked about stays pre-training: the data named alone is the run's own.
    ['Pretraining llama-3-8b from scratch on 8x H100 with my pretraining data', true],
    ['continued pretraining of mistral-7b on 1x A100 80GB', true],
  ])('%s', (text, pretrain) => {
    const { scenario } = read(text);
    expect(scenario.pretrain).toBe(pretrain);
    expect(scenario.mode).not.toBe('inference');
  });
});

/**
 * A running word and a training word in one request: the mode word is read (running the model), but the
 * choice is weak and said, with the switch. Real lines: modelscope/ms-swift#8488 (c1292, fine-tune on 8x
 * A800 asked first, inference next), InternLM/lmdeploy#2875 (c919, fine-tuned with swift, then inference),
 * linyiLYi/snake-ai#26 (c448).
 */
describe('a training word beside the running word makes the inference said as weak', () => {
  it('c1292: 微调 and 推理 in one question: inference is said with the training word and the switch', () => {
    const { scenario, said } = read(line('c1292').text);
    expect(scenario.mode).toBe('inference');
    expect(said).toMatch(/a training word is said too \("微调"\): say "train"/);
  });

  it.each<[string, RegExp]>([
    // The real line's question, shorter, with spaces.
    ['qwen2.5-72b 微调 8卡 a800 够吗, 推理 至少需要什么显卡', /"微调"/],
    // The order reversed.
    ['qwen2.5-72b 推理需要什么显卡，微调8卡A800够吗', /"微调"/],
    // English.
    ['Is 8x A800 80GB enough to fine-tune qwen2.5-72b, and what does inference need?', /"fine-tune"/],
    ['I finetuned llama-2-7b and now inference on 1x 4090 runs out of memory', /"finetuned"|"finetune"/],
  ])('%s', (text, word) => {
    const { scenario, said } = read(text);
    expect(scenario.mode).toBe('inference');
    expect(said).toMatch(/a training word is said too/);
    expect(said).toMatch(word);
  });

  it('a running word alone says nothing of training', () => {
    const { said } = read('qwen2.5-72b 推理需要什么显卡');
    expect(said).not.toMatch(/a training word is said too/);
  });
});

/**
 * A plain run verb ("run", 跑) reads as running the model by default, and says so with the switch: in a
 * trainer's tracker it runs the training. Real lines: Jiayi-Pan/TinyZero#33 (c1295, a PPO run),
 * hiyouga/LlamaFactory#9191 (c1324), shibing624/MedicalGPT#236 (c841, in its thread).
 */
describe('a plain run verb says its inference with the switch', () => {
  it.each<[string, string]>([
    ['c1295', 'run'],
    ['c1324', '跑'],
  ])('%s: "%s" is read as running the model, and said so', (id, word) => {
    const { scenario, said } = read(line(id).text);
    expect(scenario.mode).toBe('inference');
    expect(said).toContain(`running the model: "${word}" names no training (say "train" for a fine-tune)`);
  });

  it.each<[string, string]>([
    ['can i run Qwen2.5 3B on one 4090?', 'run'],
    ['Running qwen2.5-3b on 1x RTX 4090 OOMs', 'Running'],
    ['单机8卡A100 80G 跑 qwen2.5-72b 报错 OOM', '跑'],
    ['8卡A100跑不动qwen2.5-72b', '跑'],
  ])('%s', (text, word) => {
    const { scenario, said } = read(text);
    expect(scenario.mode).toBe('inference');
    expect(said).toMatch(new RegExp(`"${word}" names no training`, 'i'));
  });

  it('a run verb with a training setting, or a serving verb, says nothing of it', () => {
    expect(read('run qwen2.5-3b with zero3 on 2x 4090').said).not.toMatch(/names no training/);
    expect(read('deploy qwen2.5-3b on 1x 4090').said).not.toMatch(/names no training/);
  });
});
