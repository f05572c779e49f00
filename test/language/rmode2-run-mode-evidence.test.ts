import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * What the message is about — training, serving or RL — by its evidence (issue 22, item 7; helper rmode2).
 * Invented variations of three causes seen in b82–b84 (each real line named where it shows the cause):
 * 1. a training run read as inference: a run verb, a product named "…-Chat", a log's engine or 推理模型
 *    ("reasoning model") outweighed the training evidence (c2791, c2833, c2868, c2872);
 * 2. the reverse: an adapter the model was made with, "非lora" (not LoRA), or Hugging Face named as
 *    TGI's owner read as the run (c2809, c2873, c2826);
 * 3. RL said without the word: DeepSpeed-Chat's step 3 with its actor and reward models, an RL stage,
 *    PPO's own keys (c2790, c2869, c2868).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!.text;
const modeOf = (text: string) => read(text).scenario.mode;
const frameworkOf = (text: string) => read(text).scenario.framework;

describe('cause 1: training evidence beside a run verb, a product name or a log is training', () => {
  it.each([
    ['a pretraining script that "runs"', 'Added pretrain_gpt_1.3B_dense.sh\n\nThis script runs on 4 GPUs for 200 iters'],
    ['a pretraining script launched with bash', 'bash examples/pretrain_llama_7b_distributed.sh runs out of memory on 8x a100-40g'],
    ['a pretraining script in Chinese', '用 ds_pretrain_gpt_13B.sh 跑 13b，8卡A800 显存不够'],
    ['DeepSpeed-Chat named before "with"', 'Running DeepSpeed-Chat step 1 with opt-350m on one rtx-3090 gives CUDA OOM'],
    ['DeepSpeed-Chat with its script', 'Trying DeepSpeed-Chat with llama-2-7b on 8x a100-80g: bash training_scripts/multi_node/run_7b.sh OOMs'],
    ['a Ray worker log line of an RL trainer', '在EasyR1上训练qwen2.5-vl-3b，8xA100\n```\n(WorkerDict pid=1234) Before vllm offload in sharding manager: 60.1 GB / 79.1 GB.\n(WorkerDict pid=1234) After vllm offload in sharding manager: 7.9 GB / 79.1 GB.\n```'],
    ['a Ray task runner log line', 'training qwen2.5-7b with verl on 8x h100\n(TaskRunner pid=77) vllm rollout engine started with gpu memory 40 GB'],
    ['推理模型 is a reasoning model', '7B的推理模型做RL训练需要多少显存？80G单卡会溢出'],
    ['推理模型 with 的, another phrasing', '请问训练一个14B的推理模型要几张A100'],
    ['TTRL reproduced', 'How can I reproduce TTRL for qwen2.5-math-7b on 8x h100-80g? always CUDA OOM'],
    ['TTRL in Chinese', '用TTRL跑qwen2.5-7b，8卡A800，显存溢出'],
    ['EasyR1 run', 'Running EasyR1 with qwen2.5-vl-7b on 8x h100 OOMs at the rollout'],
    ['EasyR1 in Chinese', 'easyr1 跑 qwen2.5-vl-3b 4卡4090 显存不够'],
    ['training/inference beside LoRA', 'This PR adds 4bit training/inference. Tested with gpt-neox-20b and LoRA, merging the LoRA back OOMs'],
    ['inference/training in a question', 'llama-2-13b inference/training with lora on 2x 3090?'],
    ['训练/推理', 'qwen2.5-7b 训练/推理 lora 单卡4090 够吗'],
  ])('%s: training', (_name, text) => {
    expect(modeOf(text)).not.toBe('inference');
  });

  it("TTRL's algorithm is GRPO, said as its scripts' (weak)", () => {
    expect(frameworkOf('run TTRL on Qwen3-4B with 4 * A100 80GB')).toBe('grpo');
  });

  it.each([
    ['plain inference stays', 'running llama-2-7b on one rtx-3090'],
    ['推理 as a verb stays inference', '推理qwen2.5-7b需要多少显存，单卡4090'],
    ['a chat product stays inference', 'chat with mistral-7b in MLCChat on an 8GB phone'],
  ])('%s', (_name, text) => {
    expect(modeOf(text)).toBe('inference');
  });
});

describe('cause 2: an adapter the model was made with, a negated method, TGI named with its owner', () => {
  it.each([
    ['a merged LoRA model run on a phone', 'Android app crashes when I generate with my model fine-tuned by LoRA (merged into qwen2.5-0.5b, q4f16_1), phone with 6GB'],
    ['merged adapter generating with vLLM', 'I merged the trained lora adapter into llama-3-8b and generating with vllm on a 4090 OOMs'],
    ['a LoRA-merged checkpoint for inference', 'inference of a LoRA-merged mistral-7b on 1x T4 runs out of memory'],
  ])('%s: inference', (_name, text) => {
    expect(modeOf(text)).toBe('inference');
  });

  it.each([
    ['非lora', '7b bloom 在非lora的情况下需要多大显存，三张3090可以吗'],
    ['非 LoRA with a space', '请问 llama-2-7b 非 LoRA 微调，8张A100够吗'],
    ['without lora, English', 'fine-tuning 7b bloom without lora on 3x 3090: enough?'],
    ['不用lora', '不用lora微调qwen2.5-7b，4张A100-80G'],
  ])('%s: a full fine-tune', (_name, text) => {
    expect(modeOf(text)).toBe('full');
  });

  it.each([
    ["DeepSpeed-Chat's --lora_dim without --only_optimize_lora", 'deepspeed --num_gpus 1 main.py --model_name_or_path facebook/opt-1.3b --lora_dim 128 --zero_stage 0 --deepspeed on 1x a100-40g'],
    ['the same, flags in another order', 'deepspeed main.py --model_name_or_path facebook/opt-350m --per_device_train_batch_size 8 --zero_stage 2 --lora_dim 64 --deepspeed --output_dir out, one 3090'],
  ])('%s: read as the full fine-tune main.py runs, weak, the LoRA branches said', (_name, text) => {
    const r = read(text);
    expect(r.scenario.mode).toBe('full');
    expect(r.said).toMatch(/without --only_optimize_lora/);
  });

  it('--only_optimize_lora keeps the LoRA', () => {
    expect(modeOf('deepspeed main.py --model_name_or_path facebook/opt-1.3b --lora_dim 128 --only_optimize_lora --zero_stage 0 --deepspeed on 1x a100-40g')).toBe('lora');
  });

  it('a LoRA training run that merges afterwards is still LoRA', () => {
    expect(modeOf('training llama-2-7b with lora on 1x a100, then merging the lora back OOMs')).toBe('lora');
  });

  it.each([
    ["Hugging Face's text-generation-inference", "Deploying Mistral 7B with Hugging Face's text-generation-inference library in 4-bit"],
    ['Hugging Face TGI', 'deploy llama-3-8b with Hugging Face TGI on an A10G'],
    ["huggingface's TGI", "serving zephyr-7b using huggingface's TGI on 1x L4"],
    ['HF TGI', 'serve qwen2.5-7b with HF text-generation-inference on 2x a10g'],
  ])('%s: TGI serves it', (_name, text) => {
    expect(frameworkOf(text)).toBe('tgi');
  });
});

describe('cause 3: RL said without the word', () => {
  it.each([
    ['DeepSpeed-Chat step 3 with an actor and a reward model', 'OOM on step 3 of deepspeed-chat with a 1.3b actor model and 350m reward model on 1x a6000'],
    ['step-3 in the title', 'A100 80GB: OOM on step-3 for opt-13b\nI trained step 1 and step 2 for a 13b actor and 350m reward model but step 3 runs out of memory'],
    ['an actor and a critic', 'training a 6.7b actor model with a 350m critic model OOMs on a100 40gb'],
    ['RL阶段', 'llama-7b 经过了pt，sft和rm，在RL阶段报显存不足，两张24G'],
    ['rl阶段, lower case', '在rl阶段OOM了，模型baichuan-7b，单卡A100'],
    ['the RL stage in English', 'the RL stage crashes with CUDA OOM after sft and reward modeling, llama-7b on 1x rtx-3090'],
    ["PPO's own keys", 'python train_math.py --model_name_or_path ./qwen2.5-math-7b --algorithm_name APPO --ppo_epoch 1 --num_mini_batch 4, one 80G card'],
    ['ppo_epochs in a config', 'llama-2-7b on 8x a100-80g\n```yaml\nppo_epochs: 4\nmini_batch_size: 8\n```'],
  ])('%s: PPO', (_name, text) => {
    expect(frameworkOf(text)).toBe('ppo');
  });
});

describe('the real lines of b82–b84 read for what they are about', () => {
  it.each([
    ['c2790', 'full', 'ppo'],
    // main.py trains every weight without --only_optimize_lora: the flag alone reads full, weak (c2791, c1899); c412's
    // words call the run LoRA and it stays LoRA (see the lora_dim test above).
    ['c2791', 'full', undefined],
    ['c2800', 'full', 'grpo'],
    ['c2809', 'inference', undefined],
    ['c2826', 'inference', 'tgi'],
    ['c2833', 'full', undefined],
    ['c2868', 'full', 'ppo'],
    ['c2869', 'full', 'ppo'],
    ['c2872', 'full', undefined],
    ['c2873', 'full', undefined],
  ])('%s: %s %s', (id, mode, framework) => {
    const s = read(line(id)).scenario;
    expect(s.mode).toBe(mode);
    if (framework) expect(s.framework).toBe(framework);
  });

  it('c2833: the pretraining script says pre-training, its size kept', () => {
    const s = read(line('c2833')).scenario;
    expect(s.pretrain).toBe(true);
    expect(s.parallel.pp).toBe(1);
  });
});
