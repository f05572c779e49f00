import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read, sameAs, sameShape } from './reading-fixtures.js';

/**
 * Pasted configs, launch commands and logs from the fourth collection (c291–c315, cited), each
 * rule with phrasings of it written here: a rule of how people write, not one line.
 */

describe('an operating system, driver or library named with its version counts no GPU', () => {
  // vllm-project/vllm#15204: "Ubuntu 22, RTX3090." was read as 22 RTX 3090s.
  it('"Ubuntu 22, RTX3090" is one RTX 3090', () => {
    const { scenario } = read('Ubuntu 22, RTX3090.\nvllm serve Qwen/Qwen2.5-3B-Instruct-AWQ');
    expect(scenario.hardware?.gpuId).toBe('rtx-3090');
    expect(scenario.hardware?.count).toBe(1);
  });

  it('other versions before a card are versions too, and a count after them is still read', () => {
    expect(read('CUDA 12, RTX 4090, llama-3-8b inference').scenario.hardware?.count).toBe(1);
    expect(read('Windows 11, 4090, run llama-3-8b').scenario.hardware?.count).toBe(1);
    expect(read('Driver Version: 550, llama-3-8b inference on a 3090').scenario.hardware?.count).toBe(1);
    expect(read('python 3.10, llama-3-8b lora on 2 RTX3090').scenario.hardware?.count).toBe(2);
  });
});

describe('two counts before a card are nodes times GPUs per node', () => {
  // OpenRLHF/OpenRLHF#908: "2*8*h20训练7b模型特别慢，且bsz=2就会oom" (read as 2 H20);
  // verl-project/verl#249: "I tried to train 72B on 2*8 A800(80G)".
  it('"2*8*h20" is 16 H20 over 2 nodes', () => {
    sameAs('2*8*h20训练7b模型特别慢，且bsz=2就会oom', '7b full bs 2 on 2 nodes of 8x h20');
  });

  it('"2*8 A800(80G)" and "2x8 H100" read the same way; one count stays one count', () => {
    const a800 = read('train 72b on 2*8 A800(80G)').scenario.hardware;
    expect([a800?.count, a800?.perNode, a800?.gpuId]).toEqual([16, 8, 'a800-80g']);
    sameAs('llama-3-8b full zero3 on 2x8 H100', 'llama-3-8b full zero3 on 2 nodes of 8x h100');
    expect(read('mixtral 8x7b inference on 2x h100').scenario.hardware?.count).toBe(2);
    expect(read('7b full on 8*A100').scenario.hardware?.count).toBe(8);
  });
});

describe('a count glued to a card is that many cards', () => {
  // modelscope/ms-swift#4146: "训练资源：32H800" (32 H800) was not read.
  it('"32H800" is 32 H800', () => {
    const hw = read('qwen2.5-7b full dpo zero3 训练资源：32H800').scenario.hardware;
    expect([hw?.count, hw?.gpuId]).toEqual([32, 'h800']);
  });

  it('"8A100" and "2t4" are counted the same way; a card alone keeps its number', () => {
    expect(read('7b lora on 8A100').scenario.hardware?.count).toBe(8);
    expect(read('13b inference 2t4').scenario.hardware?.count).toBe(2);
    expect(read('llama 7b inference on a10080').scenario.hardware?.count).toBe(1);
  });
});

describe('"A6000 Ada" is the RTX 6000 Ada, not the Ampere RTX A6000', () => {
  // OpenRLHF/OpenRLHF#901: "I am trying GRPO with Qwen 2.5 7B with 4 A6000 ada (48G) GPUs".
  it('"4 A6000 ada (48G) GPUs" are four RTX 6000 Ada', () => {
    const hw = read('Hey, I am trying GRPO with Qwen 2.5 7B with 4 A6000 ada (48G) GPUs, but it is always OOM').scenario.hardware;
    expect([hw?.count, hw?.gpuId]).toEqual([4, 'rtx-6000-ada']);
  });

  it('"RTX A6000 Ada" names it too, and a plain "RTX A6000" stays the Ampere card', () => {
    expect(read('7b lora on 2x rtx a6000 ada').scenario.hardware?.gpuId).toBe('rtx-6000-ada');
    expect(read('7b lora on an RTX A6000').scenario.hardware?.gpuId).toBe('rtx-a6000');
  });
});

describe('Chinese words that turn a setting off', () => {
  // OpenRLHF/OpenRLHF#392: "虽然没有开offload,但是感觉应该不会OOM吧" (offload is not on) had read as offload on.
  it('"没有开offload" is no offload', () => {
    expect(read('16b full zero3 虽然没有开offload,但是 on 4 gpus').scenario.offload).toEqual({ optimizer: 'none', params: 'none' });
  });

  it('"没开" / "关闭" say the same of other settings; "开" alone turns it on', () => {
    expect(read('13b full 没开gradient checkpointing on 4x a100-80g').scenario.recompute).toBe('none');
    expect(read('13b full zero3 关闭offload on 4x a100-80g').scenario.offload.optimizer).toBe('none');
    expect(read('13b full zero3 开offload on 4x a100-80g').scenario.offload.optimizer).toBe('cpu');
  });
});

describe("a GRPO or PPO run's GPU memory utilization is the rollout engine's", () => {
  // qiancheng0/ToolRL#53: "(2GPU, per 80G, …, GPU memory utilization=0.6, number of rollouts=4, …)" was refused:
  // "applies to inference; it contradicts full".
  it('util beside grpo is set aside, said, and the run stays training', () => {
    const { scenario, said } = read('qwen2.5-7b grpo, GPU memory utilization=0.6, on 2x a100-80g');
    expect(scenario.mode).toBe('full');
    expect(said).toMatch(/rollout engine/);
  });

  it('the same under PPO and with the vLLM key; without a rollout trainer util still asks for inference', () => {
    expect(read('7b ppo gpu_memory_utilization 0.5 on 4x a100-40g').scenario.mode).toBe('full');
    expect(read('llama-3-8b util 0.9 on a100-80g').scenario.mode).toBe('inference');
    const contradicted = resolveRequest('llama-3-8b full util 0.9 on a100-80g', null);
    expect(contradicted.ok).toBe(false);
  });
});

describe("verl's Hydra overrides say whose setting each key is", () => {
  // verl-project/verl#855: read as Megatron tp 8 with sp, a global batch of 1024 prompts as ga 1024,
  // and the model path left unread.
  const verl855 = [
    'Train 14B with 8*H100(80GB) OOM',
    '',
    'python3 -m verl.trainer.main_ppo \\',
    '    algorithm.adv_estimator=grpo \\',
    '    data.train_batch_size=1024 \\',
    '    data.max_prompt_length=512 \\',
    '    data.max_response_length=512 \\',
    '    actor_rollout_ref.model.path=deepseek-ai/DeepSeek-R1-Distill-Qwen-14B \\',
    '    actor_rollout_ref.actor.ppo_mini_batch_size=512 \\',
    '    actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=16 \\',
    '    actor_rollout_ref.actor.use_dynamic_bsz=True \\',
    '    actor_rollout_ref.actor.ppo_max_token_len_per_gpu=24000 \\',
    '    actor_rollout_ref.model.enable_gradient_checkpointing=True \\',
    '    actor_rollout_ref.actor.fsdp_config.param_offload=False \\',
    '    actor_rollout_ref.actor.fsdp_config.optimizer_offload=False \\',
    '    actor_rollout_ref.rollout.tensor_model_parallel_size=8 \\',
    '    actor_rollout_ref.rollout.name=vllm',
  ].join('\n');

  it('verl#855 is GRPO on Qwen2.5-14B under FSDP with gc, prompt + response as the sequence, no tp', () => {
    // verl's trainer is kept (memory/rl.ts: its actor keeps the logits of every position).
    sameShape(verl855, 'qwen2.5-14b full verl grpo fsdp gc seq 1024 on 8x h100-80g');
  });

  it('offload, a micro-batch without dynamic batching, and gae (PPO) are read; the rollout keys never are', () => {
    const { scenario } = read(
      [
        'python3 -m verl.trainer.main_ppo algorithm.adv_estimator=gae data.max_prompt_length=400 data.max_response_length=2048',
        'actor_rollout_ref.model.path=Qwen/Qwen2.5-7B-Instruct actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=4',
        'actor_rollout_ref.actor.fsdp_config.param_offload=True actor_rollout_ref.actor.fsdp_config.optimizer_offload=True',
        'actor_rollout_ref.rollout.gpu_memory_utilization=0.6 actor_rollout_ref.rollout.tensor_model_parallel_size=2 on 4x a100-80g',
      ].join(' \\\n'),
    );
    expect([scenario.framework, scenario.seq, scenario.microBatch, scenario.parallel.tp]).toEqual(['ppo', 2448, 4, 1]);
    expect(scenario.offload).toEqual({ optimizer: 'cpu', params: 'cpu' });
    expect(scenario.sharding.kind).toBe('fsdp');
  });
});

describe('OpenRLHF flags and a line continuation at the end of a paste', () => {
  // OpenRLHF/OpenRLHF#392: --micro_train_batch_size 4 and the last line "--gradient_checkpointing \" were not read.
  it('--micro_train_batch_size is the micro-batch, prompt + generate lengths the sequence, the last flag is read', () => {
    const { scenario } = read('16b train --actor_num_gpus_per_node 4 --micro_train_batch_size 4 \\\n --prompt_max_len 1024 \\\n --generate_max_len 1024 \\\n --zero_stage 3 \\\n --bf16 \\\n --gradient_checkpointing \\');
    expect([scenario.microBatch, scenario.seq, scenario.recompute]).toEqual([4, 2048, 'full']);
  });

  it('a continuation glued to a value (ms-swift#4146 "--gradient_accumulation_steps 4\\") keeps the value; train_ppo_ray is PPO', () => {
    expect(read('swift sft --model qwen2.5-7b --train_type full --gradient_accumulation_steps 4\\\n    --max_length 4096').scenario.gradAccum).toBe(4);
    expect(read('7b train_ppo_ray --zero_stage 3 on 8x a100-80g').scenario.framework).toBe('ppo');
  });
});

describe('memory units in Cyrillic, and the everyday words of a bug report around them', () => {
  // EleutherAI/gpt-neox#616: "… 2 x NVIDIA Tesla V100 32 ГБ NVLink" was refused, most of its words unread.
  it('the gpt-neox#616 line reads: 20B fine-tuned on two V100 32GB', () => {
    sameAs(
      'I am trying to finetune 20B model with APPS dataset with slim weights. The config is identical to the one you provided in the repository with some tweaks (listing them below). But i am constantly getting OOM error.\n\nCould you please comment on how to finetune the model properly with 2 x NVIDIA Tesla V100 32 ГБ NVLink',
      '20b finetune on 2x v100-32g',
    );
  });

  it('ГБ, Гб and ТБ are GB and TB after a number, glued or spaced; a Cyrillic word is no unit', () => {
    expect(read('13b inference on 24 Гб').scenario.hardware?.capacityBytes).toBe(read('13b inference on 24 GB').scenario.hardware?.capacityBytes);
    expect(read('llama-2-13b lora on a100 80ГБ').scenario.hardware?.gpuId).toBe('a100-80g');
    const ram = read('70b full zero3 offload on 8x a100-80g with 1ТБ RAM').scenario.hostMemoryBytes;
    expect(ram).toBeGreaterThan(0);
    expect(ram).toBe(read('70b full zero3 offload on 8x a100-80g with 1TB RAM').scenario.hostMemoryBytes);
  });
});

describe('a Slurm script quoted onto one line, its memory, and "multi-node" without a count', () => {
  // meta-llama/llama-cookbook#352: the thread "Multi-node fine-tuning llama2 70b" was refused for
  // "Multi-node", and the comment's script, flattened onto one line, was read as one node of 8 GPUs.
  const flattened =
    'In the following, I show my adapted SLURM script based on multi_node.slurm #!/bin/bash #SBATCH --job-name=llama_recipes #SBATCH --ntasks=2 #SBATCH --nodes=2 #SBATCH --gres="gpu:full:8" #SBATCH --mem="400000mb" #SBATCH --partition=advanced #SBATCH --time=12:00:00\n\nsrun torchrun --nproc_per_node 8 --nnodes 2 examples/finetuning.py --enable_fsdp --use_peft --peft_method lora --low_cpu_fsdp';

  it('each #SBATCH directive is read: 2 nodes of 8 GPUs, and --mem is host RAM, not the GPUs\' memory', () => {
    sameAs(`llama-2-70b ${flattened}`, 'llama-2-70b lora fsdp with 391GB RAM on 2 nodes of 8 gpus');
  });

  it('the same directives on their own lines read the same; --mem next to GPUs of no named card stays host RAM', () => {
    const lines = 'llama-2-70b lora fsdp\n#SBATCH --nodes=2\n#SBATCH --gres=gpu:8\n#SBATCH --mem=400000mb\nsrun python finetuning.py';
    sameAs(lines, 'llama-2-70b lora fsdp with 391GB RAM on 2 nodes of 8 gpus');
    expect(read('13b full zero3\n#SBATCH --gres=gpu:4\n#SBATCH --mem=256G\nsrun python train.py').scenario.hostMemoryBytes).toBe(256 * 1024 ** 3);
  });

  it('"Multi-node" and "multi-GPU" say several without a count: not an unknown word, not one GPU', () => {
    expect(read('Multi-node fine-tuning llama2 70b').scenario.model.id).toBe('llama-2-70b');
    expect(read('multi-gpu fine-tuning llama-2-7b').scenario.hardware).toBeNull();
    expect(read('multi node training llama-2-70b on 2 nodes of 8x a100-80g').scenario.hardware?.count).toBe(16);
  });
});

describe("a recipe config filed under its model's folder names the model and the method", () => {
  // mosaicml/llm-foundry#54: "yaml: yamls/mpt/finetune/7b_dolly_sft.yaml" was refused ("Which model?").
  it('yamls/mpt/finetune/7b_dolly_sft.yaml is a 7B MPT fine-tuned', () => {
    const text = 'getting OOM on 8 nvidia GPUs with 40GB memory each\nusing `scripts/train/train.py`\nyaml: yamls/mpt/finetune/7b_dolly_sft.yaml';
    // MPT-7B is a catalog model since issue 22 (it was read as an unknown 7B).
    expect(read(text).scenario.model.id).toBe('mpt-7b');
    sameShape(text, 'mpt-7b full on 8 gpus of 40GB');
  });

  it('other trees of that shape read the same; a folder of every model\'s configs names none', () => {
    expect(read('yamls/mpt/pretrain/1b.yaml on 8x a100-40g').scenario.pretrain).toBe(true);
    sameShape('train with configs/falcon/sft/40b_chat.yaml on 8x a100-80g', 'falcon-40b full on 8x a100-80g');
    expect(resolveRequest('configs/sft/7b.yaml', null).ok).toBe(false);
  });
});
