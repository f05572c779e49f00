import { describe, expect, it } from 'vitest';
import { judge } from '../../bench/language.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Session 32 (rframe10): mode words read by what they govern.
 * - "pre-train model", "the pretrain checkpoint", "pre-train weights" name a base checkpoint, not pre-training
 *   (prose.pretrained-checkpoint; corpus c2432 read as pre-training). Variations B*: 7 of 10 right at first sight
 *   (B7–B9 pre-train the run and must stay), 10 of 10 after.
 * - A trainer's own setting said in words ("num of generation = 8", prose.rollout-group-in-words) and a phase noun
 *   ("generation") beside a training word or setting (resolve-mode PHASE_NOUNS): training, not inference (corpus
 *   c2371, a GRPO run read as inference); "I use zero2.yaml" is accelerate's ZeRO-2 config (prose/paths ZERO_FILE).
 *   Variations T*: 3 of 6 right at first sight, 6 of 6 after.
 * - An evaluation-only switch (`--eval_only`, `--only_eval`) under a training script's name or launcher runs the
 *   model (config-keys/training.ts; corpus c2431, read as a full fine-tune). Variations E*: 1 of 5 right at first
 *   sight (E10, the switch turned off, is the control), 5 of 5 after.
 */

const read = (id: string, text: string, reading: string) => judge({ id, text, source: 'invented', reading, intent: 'stated' });
const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('mode words by what they govern', () => {
  it.each([
    ["B1", "I fine-tune the pre-trained llama-2-7b model on 2x A100 40G and it goes OOM", "llama-2-7b full on 2x a100-40g"],
    ["B2", "使用预训练模型 qwen2.5-7b 做lora微调，单卡4090显存不够", "qwen2.5-7b lora on 1x rtx-4090"],
    ["B3", "I start from the pretrain checkpoint of mistral-7b and do SFT on 8x H100, OOM", "mistral-7b full on 8x h100"],
    ["B4", "base model: llama-3-8b (pre-trained), lora finetune on a single 3090", "llama-3-8b lora on 1x rtx-3090"],
    ["B5", "사전학습 모델 llama-3-8b 로 lora 파인튜닝 하는데 4090 한 장으로 OOM 나요", "llama-3-8b lora on 1x rtx-4090"],
    ["B6", "load the pre-train weights of qwen2-1.5b and run inference on a T4", "qwen2-1.5b inference on 1x t4"],
    ["B7", "continue pretraining llama-2-7b on 8x A100 80G", "llama-2-7b pretrain on 8x a100-80g"],
    ["B8", "pre-train a 1b model from scratch on 8x H100", "1b pretrain on 8x h100"],
    ["B9", "预训练 qwen2.5-0.5b，8张A100 80G", "qwen2.5-0.5b pretrain on 8x a100-80g"],
    ["B10", "finetuning a 7b pretrain model with deepspeed zero2 on 4x 3090", "7b full zero2 on 4x rtx-3090"],
    ["T1", "I am trying to train the Qwen2.5-7B model but it OOMs. For the experiments, I use bfloat16, num of generation = 8, per_device_train_batch_size = 1, accumulation_steps = 16, and I use zero2.yaml.", "qwen2.5-7b full grpo zero2 bf16 bs 1 ga 16"],
    ["T2", "num_generations: 8\nper_device_train_batch_size: 2\nbeta: 0.04\nmodel: Qwen/Qwen2.5-1.5B\n\nOOM on 1x A100 80G", "qwen2.5-1.5b full grpo bs 2 on 1x a100-80g"],
    ["T3", "qwen2.5-7b, number of generations 16 per prompt, per_device_train_batch_size 4, 8x H100, OOM during generation", "qwen2.5-7b full grpo bs 4 on 8x h100"],
    ["T4", "num_generations 设为 8，per_device_train_batch_size=1，qwen2.5-7b，8张A100爆显存", "qwen2.5-7b full grpo bs 1 on 8x a100"],
    ["T5", "Training qwen2.5-3b with GRPO, generation takes most of the time, 4x A100 80G", "qwen2.5-3b full grpo on 4x a100-80g"],
    ["T6", "per_device_train_batch_size=4, gradient_accumulation_steps=2, llama-2-7b on a 4090 OOM, generation of samples at eval", "llama-2-7b full bs 4 ga 2 on 1x rtx-4090"],
  ])('%s: %j reads as %j', (id, text, reading) => {
    const r = read(id, text, reading);
    expect(r.verdict, r.detail).toBe('right');
  });

  it.each([
    ["E1", "I'm trying to run the 13B model's validation code with 8*NVIDIA 3090 and get OOM.\n`deepspeed --num_gpus 8 train_ds.py --version=weights/llama-2-13b --eval_only`", "llama-2-13b inference ddp pp 8 on 8x rtx-3090"],
    ["E7", "python train.py --model_name_or_path meta-llama/Llama-2-7b-hf --eval_only\nOOM on one A100 40G", "llama-2-7b inference on 1x a100-40g"],
    ["E8", "torchrun --nproc_per_node 2 finetune.py --base_model mistralai/Mistral-7B-v0.1 --only_eval True\n2x RTX 3090 run out of memory", "mistral-7b inference ddp tp 2 on 2x rtx-3090"],
    ["E9", "用 train.py --eval_only 评测 qwen2-7b，单卡4090 爆显存", "qwen2-7b inference on 1x rtx-4090"],
    ["E10", "python train.py --model_name_or_path meta-llama/Llama-2-7b-hf --do_train --eval_only false --per_device_train_batch_size 2\nOOM on one A100 40G", "llama-2-7b full mbs 2 on 1x a100-40g"],
  ])('%s: an evaluation-only switch runs the model: %j reads as %j', (id, text, reading) => {
    const r = read(id, text, reading);
    expect(r.verdict, r.detail).toBe('right');
  });

  it('c2431: "validation code … train_ds.py … --eval_only" runs the model', () => {
    expect(judge(line('c2431')).compared?.differ ?? []).not.toContain('mode');
  });

  it('c2432: "3b pre-train model … for finetuning. I will try fsdp" is a full fine-tune, no FSDP', () => {
    expect(judge(line('c2432')).verdict).toBe('right');
  });

  // Its model (Qwen-Math-7B, Qwen2.5's shape) reads right too since rmodel10's family rule: nothing differs.
  it('c2371: "num of generation = 8, per_device_train_batch_size = 1 … zero2.yaml" is a GRPO training under ZeRO-2', () => {
    expect(judge(line('c2371')).verdict).toBe('right');
  });
});
