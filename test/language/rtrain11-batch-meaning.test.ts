import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * rtrain11, cause 1: a batch that is not the per-GPU micro-batch (a global batch, verl's prompts a
 * step, its PPO mini-batch, TRL's generation batch, a batch counted in tokens) is never read as the
 * micro-batch. Each framework's names mean what its source says; a batch whose meaning the words do
 * not settle is said (weak), never taken in silence. Invented variations, written from the phenomenon
 * (real lines: c3237 b97, c2192 b61, c2316 b65, c2312 b65, c844 b23).
 */

function reading(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { mbs: r.scenario.microBatch, ga: r.scenario.gradAccum, notices: r.notices.join(' | ') };
}

const verl = (lines: string[]) => ['python3 -m verl.trainer.main_ppo \\', '    algorithm.adv_estimator=grpo \\', ...lines.map((l) => `    ${l} \\`), '    trainer.logger=console'].join('\n');

describe('each framework batch key means what its framework means', () => {
  it.each([
    ['verl: prompts a step, mini-batch and per-GPU micro-batch', `Qwen2.5-7B GRPO on 8x H100 80GB OOM\n${verl(['data.train_batch_size=32', 'actor_rollout_ref.model.path=Qwen/Qwen2.5-7B-Instruct', 'actor_rollout_ref.actor.ppo_mini_batch_size=16', 'actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=2', 'trainer.n_gpus_per_node=8'])}`, 2, undefined],
    ['verl YAML', 'grpo qwen2.5-7b on 4x a100-80g, config:\n\ndata:\n  train_batch_size: 64\n  max_prompt_length: 512\nactor_rollout_ref:\n  actor:\n    ppo_mini_batch_size: 16\n    ppo_micro_batch_size_per_gpu: 4\n', 4, undefined],
    ['Megatron flags', 'Megatron-LM pretrain llama-2-7b on 8x h100 OOM:\ntorchrun --nproc_per_node 8 pretrain_gpt.py --tensor-model-parallel-size 2 --micro-batch-size 2 --global-batch-size 256 --seq-length 4096 --bf16', 2, 32],
    ['DeepSpeed JSON with both', 'llama-2-7b full zero3 on 8x a100-80g, ds_config:\n{"train_batch_size": 64, "train_micro_batch_size_per_gpu": 2, "gradient_accumulation_steps": 4, "zero_optimization": {"stage": 3}}', 2, 4],
    ['TRL GRPO: generations and the generation batch', 'GRPOConfig(per_device_train_batch_size=2, num_generations=8, generation_batch_size=16, gradient_accumulation_steps=4)\ngrpo qwen2.5-1.5b on 1x a100-80g', 2, 4],
    ['torchtitan TOML', 'torchtitan llama-3.1-8b on 8x h100 OOM\n[training]\nlocal_batch_size = 2\nglobal_batch_size = 64\nseq_len = 8192', 2, 4],
    ['prose: global and per-GPU micro', 'llama-2-13b full finetune on 32x a100-80g, global batch size 1024, micro batch size 4 per GPU', 4, 8],
    ['Chinese: 全局 batch and 每卡 micro batch', 'qwen2.5-7b 全参微调 8卡A100 80G，global batch size 128，每卡 micro batch 2', 2, 8],
    ['Korean: 글로벌 배치 and 마이크로 배치', 'llama-3-8b 풀 파인튜닝 H100 8장, 글로벌 배치 512, 마이크로 배치 2', 2, 32],
    ['OpenRLHF: rollout and train batches beside the micro ones', 'OpenRLHF ppo llama-3-8b on 8x a100-80g\ndeepspeed --module openrlhf.cli.train_ppo_ray --train_batch_size 128 --micro_train_batch_size 4 --rollout_batch_size 1024 --micro_rollout_batch_size 8 --zero_stage 3', 4, undefined],
    ['NeMo keys', 'nemo sft llama-2-7b on 8x a100-80g: model.micro_batch_size=1 model.global_batch_size=128 model.tensor_model_parallel_size=2', 1, 32],
  ])('%s', (_what, text, mbs, ga) => {
    const r = reading(text);
    expect(r.mbs).toBe(mbs);
    if (ga !== undefined) expect(r.ga).toBe(ga);
  });
});

describe('a global batch alone is no micro-batch', () => {
  it.each([
    ['verl prompts a step alone (c3237)', `qwen2.5-3b on 2x a100-80g\n${verl(['data.train_batch_size=16', 'data.max_prompt_length=1024', 'data.max_response_length=1024', 'actor_rollout_ref.model.path=Qwen/Qwen2.5-3B-Instruct'])}`, [16]],
    ['verl mini-batch in prose', 'verl grpo qwen2.5-7b on 8 H100 OOM, train_batch_size 256 and ppo_mini_batch_size 64', [256, 64]],
    ['verl mini-batch set to a value', 'Training Qwen2.5-7B with verl GRPO on 8x A100 80G, I set ppo_mini_batch_size to 128 and it goes OOM', [128]],
    ['DeepSpeed train_batch_size alone', 'llama-2-13b zero3 full on 8x a100-80g with ds config {"train_batch_size": 512, "zero_optimization": {"stage": 3}}', [512]],
  ])('%s', (_what, text, notMbs) => {
    const r = reading(text);
    for (const n of notMbs) expect(r.mbs).not.toBe(n);
  });
});

describe('a batch said in words is the global key the message sets to the same number', () => {
  it.each([
    ['verl: a title asks about the prompts a step (c3237)', `is 2*A100 80G not enough for batch 16?\n${verl(['data.train_batch_size=16', 'data.max_prompt_length=1024', 'data.max_response_length=2048', 'actor_rollout_ref.model.path=Qwen/Qwen2.5-7B-Instruct', 'trainer.n_gpus_per_node=2'])}`, 1, undefined],
    ['Megatron: the global batch in the sentence, the micro-batch in the flags', 'Pretraining llama-2-7b on 8x h100, it OOMs with batch size 256.\ntorchrun --nproc_per_node 8 pretrain_gpt.py --tensor-model-parallel-size 2 --micro-batch-size 2 --global-batch-size 256 --seq-length 4096', 2, 32],
    ['Chinese, DeepSpeed JSON', 'batch 设成 64 就 OOM 了，llama-2-13b zero3 全参，8卡 A100 80G\n{"train_batch_size": 64, "gradient_accumulation_steps": 8, "zero_optimization": {"stage": 3}}', 1, 8],
    ['Korean, OpenRLHF flags', '배치 128에서 OOM 납니다. llama-3-8b ppo, A100 80GB 8장\ndeepspeed --module openrlhf.cli.train_ppo_ray --train_batch_size 128 --micro_train_batch_size 2 --zero_stage 3', 2, undefined],
    ['a launch script\'s variables', 'It fails at batch size 512 on 16x h100 with llama-3-8b full finetune:\nGBS=512\nMBS=1\nSEQ_LEN=8192', 1, 32],
  ])('%s', (_what, text, mbs, ga) => {
    const r = reading(text);
    expect(r.mbs).toBe(mbs);
    if (ga !== undefined) expect(r.ga).toBe(ga);
  });
});

describe('a batch whose meaning the words leave open is said, not taken in silence', () => {
  it.each([
    // A plain "batch size" of hundreds over several GPUs: as likely the global batch as each GPU's.
    ['a report of a run, dash-separated', 'Base Model - 1.3B\nTraining - ZeRO-2 with cpu offload\nBatch Size - 256\nMachine - A100 40GB\nNumber of GPUs - 8', 256],
    ['prose, many GPUs', 'full finetune llama-2-7b with batch size 512 on 64x h100 runs out of memory', 512],
    ['Chinese', '全参训练 qwen2.5-7b，batch size 256，16卡 A100 80G，OOM', 256],
    ['a batch counted in tokens, in a table', 'We pretrain llama-2-7b on 64x A100 80GB and it OOMs:\n| seq | batch tokens | lr |\n| 4096 | 4M | 3e-4 |', 4096],
    ['a batch counted in tokens, in prose', 'pretraining llama-2-7b on 64x a100-80g with seq 4096 and a batch of 4M tokens, it OOMs at step 1', 4_000_000],
  ])('%s', (_what, text, n) => {
    const r = reading(text);
    if (r.mbs === n) expect(r.notices).toMatch(/batch/i);
  });
});

describe("a quoted batch key after a prose word's colon keeps its value", () => {
  // The pair reader took "settings: `per_device_train_batch_size" for a key "settings" with a value, and the
  // batch key lost its number ("2" listed as not used, the micro-batch left at the default 1).
  it.each([
    ['backticks after "settings:"', 'I train qwen2.5-3b with these settings: `per_device_train_batch_size=2`, `gradient_accumulation_steps=8`', 2, 8],
    ['backticks after a method name', 'train qwen2.5-3b with grpo: `per_device_train_batch_size=2`, `gradient_accumulation_steps=8`, `num_generations=8`', 2, 8],
    ['single quotes', "my config: 'per_device_train_batch_size=4' on a 4090 with llama-3-8b lora", 4, undefined],
    ['double quotes', 'args: "per_device_train_batch_size=4", "gradient_accumulation_steps=2", lora llama-3-8b on 1x a100-80g', 4, 2],
    ['Chinese colon', 'qwen2.5-7b lora 单卡4090，参数：`per_device_train_batch_size=2`，`gradient_accumulation_steps=16`', 2, 16],
    ['Korean', 'llama-3-8b lora 학습 설정: `per_device_train_batch_size=8`, `gradient_accumulation_steps=4` (A100 40GB 1장)', 8, 4],
    ['a heading then the keys', 'Training config: `micro_batch_size=2` and `gradient_accumulation_steps=8` for qlora llama-3-8b on a 3090', 2, 8],
    ['a space around the sign', 'finetune mistral-7b lora on 1x a10g. hyperparams: `per_device_train_batch_size = 3`', 3, undefined],
  ])('%s', (_what, text, mbs, ga) => {
    const r = reading(text);
    expect(r.mbs).toBe(mbs);
    if (ga !== undefined) expect(r.ga).toBe(ga);
  });
});
