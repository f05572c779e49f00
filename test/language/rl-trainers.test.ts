import { describe, expect, it } from 'vitest';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * RL and preference trainers (branch rrl): which trainer and algorithm a run names, read from verl's
 * overrides, TRL's and ms-swift's GRPO keys, LLaMA-Factory's `--stage`, and prose that names the
 * algorithm beside the program that runs it (Unsloth, LLaMA-Factory).
 */

const VERL_LORA = [
  'python3 -m verl.trainer.main_ppo \\',
  '    data.train_batch_size=8 \\',
  '    data.max_prompt_length=1024 \\',
  '    data.max_response_length=2048 \\',
  '    actor_rollout_ref.model.path=Qwen/Qwen2.5-VL-3B-Instruct \\',
  '    actor_rollout_ref.actor.optim.lr=3e-6 \\',
  '    actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=1 \\',
  '    actor_rollout_ref.model.lora_rank=32 \\',
  '    actor_rollout_ref.model.lora_alpha=64 \\',
  '    actor_rollout_ref.actor.fsdp_config.param_offload=False \\',
  '    trainer.n_gpus_per_node=8',
].join('\n');

describe("verl's overrides name verl's trainer, with or without algorithm.adv_estimator", () => {
  it('c1686 (verl-project/verl#2450): GRPO named in the title, verl from the overrides, alpha 64, FSDP', () => {
    const { scenario: s } = corpusLineRead('c1686');
    expect({ fw: s.framework, rl: s.rlTrainer, alpha: s.lora?.alpha, rank: s.lora?.rank, sharding: s.sharding.kind }).toEqual({ fw: 'grpo', rl: 'verl', alpha: 64, rank: 32, sharding: 'fsdp' });
  });

  it('c651 (verl-project/verl#388): main_ppo with a critic and no adv_estimator is verl PPO', () => {
    const { scenario: s } = corpusLineRead('c651');
    expect({ fw: s.framework, rl: s.rlTrainer }).toEqual({ fw: 'ppo', rl: 'verl' });
  });

  it('no algorithm and no critic: verl PPO (its default adv_estimator gae), said as a guess', () => {
    const { scenario: s, said } = read(`${VERL_LORA} on A100 80GB`);
    expect({ fw: s.framework, rl: s.rlTrainer, alpha: s.lora?.alpha }).toEqual({ fw: 'ppo', rl: 'verl', alpha: 64 });
    expect(said).toMatch(/no algorithm named/);
  });

  it.each([
    ['GRPO with LoRA on 8x A100 80GB, OOM:', 'grpo'],
    ['跑grpo 时 OOM，8*a100(80g)', 'grpo'],
    ['DAPO run; PPO is fine but this OOMs on 8x A100 80GB', 'ppo'],
  ])('the algorithm the prose names: %s', (prose, fw) => {
    const s = read(`${prose}\n${VERL_LORA}`).scenario;
    expect({ fw: s.framework, rl: s.rlTrainer }).toEqual({ fw, rl: 'verl' });
  });

  it('a critic beside a GRPO the prose names stays GRPO', () => {
    const s = read(`GRPO on 8x H100\n${VERL_LORA} \\\n    critic.optim.lr=1e-5`).scenario;
    expect({ fw: s.framework, rl: s.rlTrainer }).toEqual({ fw: 'grpo', rl: 'verl' });
  });

  it('the overrides in one line, spaces instead of backslashes, with a critic: verl PPO', () => {
    const s = read('python3 -m verl.trainer.main_ppo actor_rollout_ref.model.path=Qwen/Qwen2.5-7B-Instruct critic.optim.lr=1e-5 critic.model.path=Qwen/Qwen2.5-7B-Instruct trainer.n_gpus_per_node=8 trainer.nnodes=1 on H100 80GB').scenario;
    expect({ fw: s.framework, rl: s.rlTrainer, mode: s.mode }).toEqual({ fw: 'ppo', rl: 'verl', mode: 'full' });
  });

  it('algorithm.adv_estimator still decides (unchanged): grpo', () => {
    const s = read('python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo actor_rollout_ref.model.path=Qwen/Qwen2.5-7B-Instruct critic.optim.lr=1e-5 trainer.n_gpus_per_node=8 on H100 80GB').scenario;
    expect({ fw: s.framework, rl: s.rlTrainer }).toEqual({ fw: 'grpo', rl: 'verl' });
  });

  it('CLI override of the actor offload: actor_rollout_ref.actor.fsdp_config.param_offload=True', () => {
    const s = read(`GRPO qwen2.5-7b on 8x H100\npython3 -m verl.trainer.main_ppo actor_rollout_ref.model.path=Qwen/Qwen2.5-7B-Instruct actor_rollout_ref.actor.fsdp_config.param_offload=True actor_rollout_ref.rollout.gpu_memory_utilization=0.5`).scenario;
    expect({ fw: s.framework, rl: s.rlTrainer, sharding: s.sharding.kind, params: s.offload.params }).toEqual({ fw: 'grpo', rl: 'verl', sharding: 'fsdp', params: 'cpu' });
  });
});

describe("verl's keys named in prose, without values", () => {
  it('c756 (verl-project/verl#1149): fsdp_config keys named, GRPO said: verl GRPO on FSDP, the prose offload a guess', () => {
    const { scenario: s } = corpusLineRead('c756');
    expect({ fw: s.framework, rl: s.rlTrainer, sharding: s.sharding.kind }).toEqual({ fw: 'grpo', rl: 'verl', sharding: 'fsdp' });
  });

  it.each([
    'GRPO of qwen2.5-7b on 8x H100: I set actor_rollout_ref.actor.fsdp_config.param_offload and actor_rollout_ref.actor.fsdp_config.optimizer_offload to true, still OOM',
    'grpo qwen2.5-7b 8x h100, `actor_rollout_ref.actor.fsdp_config.optimizer_offload` 设为 true 也 OOM',
  ])('%s', (text) => {
    const s = read(text).scenario;
    expect({ fw: s.framework, rl: s.rlTrainer, sharding: s.sharding.kind }).toEqual({ fw: 'grpo', rl: 'verl', sharding: 'fsdp' });
  });

  // verl's actor.strategy is fsdp with fsdp_size -1 (ppo_trainer.yaml): FULL_SHARD over the job's GPUs, said as its default.
  it('a rollout key named: verl, no strategy said: FSDP FULL_SHARD, its default, with checkpointing on (v0.2 on)', () => {
    const reading = read('GRPO of qwen2.5-7b on 8x H100, lowering actor_rollout_ref.rollout.gpu_memory_utilization does not help');
    const s = reading.scenario;
    expect({ fw: s.framework, rl: s.rlTrainer, sharding: s.sharding.kind, stage: s.sharding.stage, recompute: s.recompute }).toEqual({ fw: 'grpo', rl: 'verl', sharding: 'fsdp', stage: 3, recompute: 'full' });
    expect(reading.said).toMatch(/FSDP FULL_SHARD over the 8 GPUs \(actor\.strategy fsdp/);
  });

  it("verl's Megatron backend (the actor's tp/pp said) takes neither FSDP nor checkpointing from the FSDP preset", () => {
    const s = read('verl GRPO qwen3-30b-a3b on 16x H100, actor_rollout_ref.actor.megatron.tensor_model_parallel_size=4 actor_rollout_ref.actor.megatron.pipeline_model_parallel_size=2').scenario;
    expect(s.rlTrainer).toBe('verl');
    expect(s.sharding.kind).not.toBe('fsdp');
    expect(s.recompute).toBe('none');
  });

  it('one GPU: nothing to shard; a strategy said is kept', () => {
    expect(read('verl GRPO qwen2.5-1.5b on 1x A100-80G').scenario.sharding.kind).not.toBe('fsdp');
    expect(read('verl GRPO qwen2.5-7b zero2 on 8x H100').scenario.sharding).toMatchObject({ kind: 'zero', stage: 2 });
  });
});

describe('num_generations is a GRPO setting', () => {
  it('c898 (om-ai-lab/VLM-R1#93): "even set num_generation = 2" reads GRPO', () => {
    expect(corpusLineRead('c898').scenario.framework).toBe('grpo');
  });

  it.each([
    'qwen2-vl-7b on 8x H800 OOM, even set num_generations = 2 and per_device_train_batch_size = 1',
    'qwen2.5-7b full fine-tune on 8x A100 80GB\nper_device_train_batch_size: 1\nnum_generations: 8\nmax_completion_length: 1024',
    'qwen2.5-7b 8x a100 80g OOM --num_generations 8 --per_device_train_batch_size 1',
  ])('%s', (text) => {
    const r = read(text);
    expect(r.scenario.framework).toBe('grpo');
    expect(r.said).toMatch(/num_generations/);
  });

  it('without it, the same run stays the Trainer', () => {
    expect(read('qwen2-vl-7b on 8x H800 OOM, per_device_train_batch_size = 1').scenario.framework).not.toBe('grpo');
  });
});

describe('the algorithm fills the framework slot over the program that runs it, in either order', () => {
  it('c1685 (modelscope/ms-swift#3183): "Using Unsloth in conjunction with GRPO" with swift rlhf --rlhf_type grpo', () => {
    const s = corpusLineRead('c1685').scenario;
    expect({ fw: s.framework, optimizer: s.optimizer }).toEqual({ fw: 'grpo', optimizer: 'adamw' });
  });

  it.each([
    ['Using Unsloth with GRPO, qwen2.5-7b lora on 1x A100 80GB OOM', 'grpo'],
    ['GRPO with Unsloth, qwen2.5-7b lora on 1x A100 80GB OOM', 'grpo'],
    ['unsloth DPO training of llama-3-8b lora on 1x rtx 4090', 'dpo'],
    ['llama-3-8b 用 unsloth 做 dpo，4090 爆显存', 'dpo'],
  ])('%s', (text, fw) => {
    expect(read(text).scenario.framework).toBe(fw);
  });

  it("Unsloth's own code running a TRL trainer stays Unsloth's run (code-dump.ts)", () => {
    const text = 'model, tokenizer = FastLanguageModel.from_pretrained(model_name = "unsloth/llama-3-8b-bnb-4bit", max_seq_length = 2048, load_in_4bit = True)\ntrainer = DPOTrainer(model=model, ref_model=None, args=training_args, beta=0.1)\nOOM on a T4';
    expect(read(text).scenario.framework).toBe('unsloth');
  });

  it('c940 (Shenzhi-Wang/Llama3-Chinese-Chat#6): train_bash.py --stage orpo is ORPO, with LLaMA-Factory\'s checkpointing', () => {
    const s = corpusLineRead('c940').scenario;
    expect({ fw: s.framework, recompute: s.recompute }).toEqual({ fw: 'orpo', recompute: 'full' });
  });

  it.each([
    ['llamafactory-cli train --stage dpo --model_name_or_path meta-llama/Meta-Llama-3-8B-Instruct --finetuning_type full --deepspeed ds_z3_config.json on 8x A100 80GB', 'dpo', 'full'],
    ['CUDA_VISIBLE_DEVICES=0 python src/train_bash.py --stage ppo --model_name_or_path qwen/Qwen-7B-Chat --finetuning_type lora --disable_gradient_checkpointing True on 1x A100 80GB', 'ppo', 'none'],
    ['stage: kto\nfinetuning_type: lora\nmodel_name_or_path: meta-llama/Meta-Llama-3-8B-Instruct\n1x rtx 4090', 'dpo', undefined],
  ])('%s', (text, fw, recompute) => {
    const s = read(text).scenario;
    expect(s.framework).toBe(fw);
    if (recompute) expect(s.recompute).toBe(recompute);
  });

  it('--stage sft stays a plain LLaMA-Factory run', () => {
    expect(read('llamafactory-cli train --stage sft --model_name_or_path meta-llama/Meta-Llama-3-8B-Instruct --finetuning_type lora on 1x rtx 4090').scenario.framework).toBe('llama-factory');
  });
});
