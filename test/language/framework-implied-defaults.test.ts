import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';

/**
 * Issue 22, item 5 (rtrain6): what a named training program, script or recipe sets when the user does
 * not say it. Each program's own artefact says which program runs, and that program's defaults follow
 * (said among the defaults, or on the first screen where the evidence is weak).
 */

function read(text: string) {
  const o = readInThread(text, null).outcome;
  if (!o.ok || !o.scenario) throw new Error(`not read: ${text}`);
  const s = o.scenario;
  return { mode: s.mode, framework: s.framework, recompute: s.recompute, said: [...o.assumptions, ...o.notices].join(' | ') };
}

describe('DeepSpeed-Chat is DeepSpeed training (deepspeedai/DeepSpeedExamples#551, DeepSpeed#3244)', () => {
  it.each([
    ['CUDA OOM when running DeepSpeed-Chat step 1 with opt-1.3b and one A100-40G'],
    ['trying deepspeed chat step1 sft on opt-1.3b, 1x a100 40gb, getting OOM'],
    ['用DeepSpeed-Chat训练opt-6.7b，8张A100 80G，显存不够'],
    ['python train.py --actor-model facebook/opt-1.3b --reward-model facebook/opt-350m --deployment-type single_gpu'],
    ['python train.py --step 1 --actor-model facebook/opt-6.7b --deployment-type single_node, 8x V100 32GB'],
    ['I ran bash training_scripts/single_gpu/run_1.3b.sh from DeepSpeedExamples/applications/DeepSpeed-Chat/training/step1_supervised_finetuning on one A6000'],
    ['DeepSpeed-Chat 1단계 opt-1.3b 학습, A100 40GB 한 장에서 OOM'],
    // Found after the first fixes (the launcher's reading and the script's ZeRO stage had taken DeepSpeed away):
    ['I ran DeepSpeed-Chat step 1: deepspeed main.py --model_name_or_path facebook/opt-1.3b --per_device_train_batch_size 4 on 2x a100-80g'],
    ['DeepSpeed-Chat step 1 with `deepspeed --num_gpus 1 main.py --model_name_or_path facebook/opt-1.3b --zero_stage 2 --deepspeed` on one A100 40GB'],
  ])('%j: a DeepSpeed training run', (text) => {
    const r = read(text);
    expect(r.mode).not.toBe('inference');
    expect(r.framework).toBe('deepspeed');
  });

  // Step 2 trains the reward model (step2_reward_model_finetuning: chosen and rejected in one forward, a v_head
  // of one output): read as reward-model training on DeepSpeed's engine (memory/reward-model.ts, issue 23 vtrain9).
  it('"DeepSpeedChat step 2 reward model with opt-350m on a single 3090 runs out of memory": reward-model training', () => {
    const r = read('DeepSpeedChat step 2 reward model with opt-350m on a single 3090 runs out of memory');
    expect(r.mode).not.toBe('inference');
    expect(r.framework).toBe('reward');
  });

  it('--lora_dim without --only_optimize_lora is the full fine-tune main.py runs, weak, the LoRA branches said', () => {
    const r = read('deepspeed --num_gpus 1 main.py --model_name_or_path facebook/opt-1.3b --gradient_accumulation_steps 8 --lora_dim 128 --zero_stage 0 --deepspeed');
    expect(r.mode).toBe('full');
    expect(r.said).toMatch(/only_optimize_lora/);
  });

  it('--lora_dim without --only_optimize_lora where the words call the run LoRA: LoRA, as written, what main.py does said', () => {
    const r = read('Yi-34B lora微调: deepspeed main.py --model_name_or_path 01-ai/Yi-34B --lora_dim 128 --zero_stage 2 --deepspeed on 8x L40');
    expect(r.mode).toBe('lora');
    expect(r.said).toMatch(/only_optimize_lora/);
  });

  it('--lora_dim with --only_optimize_lora is LoRA, nothing to say', () => {
    const r = read('deepspeed main.py --model_name_or_path facebook/opt-1.3b --lora_dim 128 --only_optimize_lora --zero_stage 0 --deepspeed');
    expect(r.mode).toBe('lora');
    expect(r.said).not.toMatch(/trains every weight/);
  });

  it('DeepSpeed-MII stays a serving engine', () => {
    expect(read('serve llama-2-7b with deepspeed-mii on 1x a100-80g').mode).toBe('inference');
  });
});

describe("LLaMA-Factory's early scripts and keys are LLaMA-Factory's run, its checkpointing on (hiyouga/LlamaFactory#39)", () => {
  it.each([
    ['CUDA_VISIBLE_DEVICES=0 python src/train_ppo.py --model_name_or_path llama-7b --finetuning_type lora --checkpoint_dir sft --reward_model rm --per_device_train_batch_size 2 --plot_loss, on a 4090'],
    ['python src/train_sft.py --model_name_or_path baichuan-inc/Baichuan-7B --do_train --finetuning_type lora --output_dir out --plot_loss --fp16 on one 3090'],
    ['python src/train_pt.py --model_name_or_path llama-7b --finetuning_type full --plot_loss on 8x a100-80g'],
    ['python src/train_rm.py --model_name_or_path llama-7b --finetuning_type lora --resume_lora_training False, 1x a100-40g'],
    ['accelerate launch src/train_sft.py --model_name_or_path qwen-7b --finetuning_type lora --lora_target c_attn --plot_loss on 2x 4090'],
    ['deepspeed --num_gpus 8 src/train_sft.py --deepspeed ds_config.json --finetuning_type full --model_name_or_path llama-13b --plot_loss'],
    ['用 train_sft.py 微调 chatglm2-6b，参数 --finetuning_type lora --plot_loss，单卡3090 爆显存'],
    ['python src/train_dpo.py --model_name_or_path mistral-7b --finetuning_type lora --checkpoint_dir sft_ckpt on one a100 80gb'],
  ])('%j: checkpointing on, as LLaMA-Factory sets it', (text) => {
    const r = read(text);
    expect(r.recompute).not.toBe('none');
  });
});

describe('checkpoints saved are no activation checkpointing (ray-project/ray#37016)', () => {
  it.each([
    ['Fine-tune vicuna-13b with DeepSpeed ZeRO-3 on 16 A10G GPUs. Covers data pre-processing, distributed checkpointing and single-GPU inference.'],
    ['finetune llama-2-7b zero3 on 8x a100-80g, with sharded checkpointing to s3'],
    ['full finetune mistral-7b on 4x a100-80g, async checkpointing every 500 steps'],
    ['llama-2-13b full fine-tune with ZeRO-3, model checkpointing to disk every epoch, 8x A100 40GB'],
    ['Fine-tuning llama-2-7b with fsdp on 8 h100; checkpointing the model every 200 steps takes too long'],
    ['pretrain llama-3-8b on 8x h100 with distributed checkpointing (torch_dist format)'],
    ['zero3 微调 llama2-13b，8卡A100 80G，开启了分布式 checkpointing 保存'],
    ['full fine-tune qwen2-7b on 4x a100-80g - checkpointing to GCS is slow'],
  ])('%j: no recompute', (text) => {
    expect(read(text).recompute).toBe('none');
  });

  it.each([
    ['finetune llama-2-7b with activation checkpointing on 1x a100-80g'],
    ['finetune llama-2-7b with gradient checkpointing on 1x a100-80g'],
    ['13b bf16 zero3 seq 4096 checkpointing on 4xA100-80G'],
  ])('%j: recompute stays', (text) => {
    expect(read(text).recompute).not.toBe('none');
  });
});

describe('Megatron-Bridge is Megatron, the program run (NVIDIA-NeMo/Megatron-Bridge#2909)', () => {
  it.each([
    ['pretrain llama-3-8b with Megatron-Bridge on 8x h100'],
    ['Megatron Bridge recipe for qwen3-30b-a3b on 16x h200, pretrain'],
    ['用 Megatron-Bridge 预训练 qwen3-8b，8卡H100'],
    ['megatron_bridge pretrain llama-3-70b on 64x h100'],
    ['NeMo Megatron-Bridge llama-3-8b sft on 8x a100-80g'],
    ['Megatron-Bridge로 llama-3-8b 사전학습, H100 8장'],
    ['qwen3-30b-a3b pretraining via megatron-bridge, 2 nodes of 8x h200'],
    ['fine-tune llama-3.1-8b using Megatron-Bridge on 8x h100'],
  ])('%j: Megatron, not a mention, nothing left unread', (text) => {
    const r = read(text);
    expect(r.framework).toBe('megatron');
    expect(r.said).not.toMatch(/bridge"\?|not read: "bridge/i);
  });
});
