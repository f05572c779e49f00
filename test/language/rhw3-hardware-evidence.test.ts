import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read } from './reading-fixtures.js';

/**
 * Session 37, rhw3: three causes of hardware read wrong in silence on b82–b84's first sight, each
 * with invented variations in the words people write (the real line's id beside the cause).
 */

const GIB = 2 ** 30;
/** The GPUs a reading holds: its cards' count, or the count of GPUs said with no card. */
const gpusOf = (text: string) => {
  const s = read(text).scenario;
  return s.hardware?.count ?? s.unnamedGpus ?? 0;
};

describe('nodes with no count of cards on each: the 8-GPU default said once, on the first screen', () => {
  // verl-project/verl#388 (c651): "PPO of qwen2.5-32b on 4-node H800" listed the doubt's
  // "8 GPUs on each node assumed" and then the resolver's "8 GPUs per node (default; …)".
  const variations: [string, number][] = [
    ['PPO of qwen2.5-32b on 4-node H800', 32],
    ['llama-3-70b full finetune zero3 on 2 nodes of H100', 16],
    ['train qwen2-72b with zero3 on 4 nodes A100', 32],
    ['在4个节点的A800上全参微调qwen2.5-72b', 32],
    ['sft llama-3.1-8b on 2 machines with H100', 16],
    ['qwen2.5-32b grpo, 2 nodes, a100 80g', 16],
    ['deepseek-v3 pretraining on 32 H200 nodes', 256],
    ['13b zero3 seq 4096 on 3 nodes', 24],
    ['llama-2-70b lora zero3 on 2 servers of A100 80G', 16],
  ];
  for (const [text, gpus] of variations) {
    it(`"${text}": ${gpus} GPUs, the per-node default said once and first`, () => {
      const r = resolveRequest(text, null);
      if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
      expect(r.scenario.hardware?.count ?? r.scenario.unnamedGpus).toBe(gpus);
      const perNode = (r.assumptions ?? []).filter((a) => /8 GPUs (?:on each|per) node/.test(a));
      expect(perNode).toHaveLength(1);
      expect(r.notices.some((n) => /8 GPUs (?:on each|per) node/.test(n))).toBe(true);
    });
  }
  it('a count on each node said keeps the reading firm and says no default', () => {
    const r = resolveRequest('llama-3-70b zero3 on 2 nodes of 8x H100', null);
    if (!r.ok) throw new Error('not read');
    expect(r.scenario!.hardware?.count).toBe(16);
    expect(r.assumptions.some((a) => /GPUs (?:on each|per) node/.test(a))).toBe(false);
  });
});

describe("the devices a launch names are the run's, wherever the machine is said and whoever's the variable", () => {
  // xorbitsai/inference#3586 (c2147): "单台服务器8张L20" (one server, 8 L20) and "8块L20" said twice; the
  // note said 4 GPUs from `--n-gpu 4 --gpu-idx 4,5,6,7` and the estimate kept 8.
  // vllm-project/vllm#? (c2820): HIP_VISIBLE_DEVICES=4,5,6,7 (ROCm's CUDA_VISIBLE_DEVICES) went unread.
  const variations: [string, number, string | null][] = [
    ['求助单台服务器8张L20，同时部署vllm和rerank的问题\n\n单台服务有8块L20，分别作了如下部署：\nxinference launch --model-name qwen3 --model-engine vLLM --size-in-billions 32 --n-gpu 4 --gpu-idx 4,5,6,7 --model-path /models/Qwen3-32B', 4, 'l20'],
    ['a 1-node machine of 8 A800; we deploy with xinference launch --model-name qwen2.5-instruct --size-in-billions 14 --n-gpu 2 --gpu-idx 0,1', 2, 'a800-80g'],
    ['单台服务器有8张A100，CUDA_VISIBLE_DEVICES=0,1,2,3 python -m vllm.entrypoints.openai.api_server --model Qwen/Qwen2.5-72B-Instruct --tensor-parallel-size 4', 4, 'a100-80g'],
    ['HIP_VISIBLE_DEVICES=4,5,6,7 vllm serve meta-llama/Llama-3.1-70B-Instruct -tp 4 --max-model-len 32768', 4, null],
    ['ROCR_VISIBLE_DEVICES=0,1 python -m vllm.entrypoints.openai.api_server --model Qwen/Qwen2.5-7B-Instruct', 2, null],
    ['export HIP_VISIBLE_DEVICES=0,1\nvllm serve Qwen/Qwen2.5-14B-Instruct', 2, null],
    ['I have a server with 8 MI300X. HIP_VISIBLE_DEVICES=0,1 vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 2', 2, 'mi300x'],
    ['HIP_VISIBLE_DEVICES=0,1,2,3 torchrun --nproc_per_node 4 train.py --model_name_or_path meta-llama/Llama-2-7b-hf --deepspeed ds_z3.json', 4, null],
    ['ASCEND_RT_VISIBLE_DEVICES=0,1,2,3 llamafactory-cli train --model_name_or_path Qwen/Qwen2.5-7B-Instruct --finetuning_type lora', 4, null],
  ];
  for (const [text, gpus, card] of variations) {
    it(`"${text.slice(0, 70)}…": ${gpus} GPUs${card ? ` of ${card}` : ''}`, () => {
      expect(gpusOf(text)).toBe(gpus);
      if (card) expect(read(text).scenario.hardware?.gpuId).toBe(card);
    });
  }
});

describe("a memory said with the machine's operating system is the host's RAM, not a card", () => {
  // h2oai/h2ogpt (c2789): "my computer is crashing 16gb windows 11 falcon 7b 8bit" was read as a 16 GB card.
  const variations: [string, number, string | null][] = [
    ['how do i limit ram usage. my computer is crashing 16gb windows 11 falcon 7b 8bit', 16, null],
    ['16GB Windows 11 laptop, mistral-7b q4_k_m in llama.cpp keeps crashing', 16, null],
    ['windows 10, 32gb, llama-2-13b 4bit crashes while loading', 32, null],
    ['Ubuntu 22.04 with 64GB, RTX 3090, llama-2-70b q4_k_m in llama.cpp', 64, 'rtx-3090'],
    ["I'm on Windows 11 with 32GB and an RTX 4060 8GB, can I run llama-3-8b?", 32, 'rtx-4060'],
    ['win11 16g 跑chatglm-6b int4 电脑卡死', 16, null],
    ['my pc: windows 10 64gb, 2x 3090, running qwen2.5-72b awq in vllm', 64, 'rtx-3090'],
    ['Linux, 128GB, one 4090, deepseek-coder-33b q4 with ollama', 128, 'rtx-4090'],
    ['System: Windows 11 (32 GB) + RTX 3060 12GB, mistral-7b inference', 32, 'rtx-3060'],
  ];
  for (const [text, host, card] of variations) {
    it(`"${text.slice(0, 70)}": host RAM ${host} GB${card ? `, the ${card}` : ', no card'}`, () => {
      const s = read(text).scenario;
      expect(s.hostMemoryBytes).toBe(host * GIB);
      expect(s.hardware?.gpuId ?? null).toBe(card);
      if (card) expect(s.hardware?.count).toBe(/2x/.test(text) ? 2 : 1);
    });
  }
  it('a card\'s memory beside the system is still the card: "Ubuntu 22.04, RTX 3090 24GB"', () => {
    const s = read('Ubuntu 22.04, RTX 3090 24GB, llama-2-13b inference').scenario;
    expect(s.hardware?.gpuId).toBe('rtx-3090');
    expect(s.hostMemoryBytes ?? null).toBe(null);
  });
  it('"Windows 11, 24GB VRAM" is the card\'s memory', () => {
    const s = read('Windows 11, 24GB VRAM, llama-2-13b inference').scenario;
    expect(s.hardware?.capacityBytes).toBeGreaterThan(20 * GIB);
    expect(s.hostMemoryBytes ?? null).toBe(null);
  });
});

describe("a launcher's GPUs on each node beside its node count are nodes × those", () => {
  // NVIDIA-NeMo/Skills#348 (c2829): `--num_gpus=8 --num_nodes=2` read as 8 GPUs; the DeepSpeed launcher's
  // `--num_gpus` is per node too ("Max number of GPUs to use on each node", deepspeed/launcher/runner.py).
  const variations: [string, number][] = [
    ['OpenRLHF integration\n\nexample sft\n\n```\nns openrlhf sft --cluster=slurm --hf_model=/hf_models/Meta-Llama-3.1-8B --output_dir=/workspace/test-openrlhf/ --training_data=Open-Orca/OpenOrca --num_gpus=8 --num_nodes=2 --partition=interactive\n```', 16],
    ['deepspeed --num_nodes 2 --num_gpus 8 train.py --model_name_or_path meta-llama/Llama-2-7b-hf --deepspeed ds_config_zero3.json', 16],
    ['deepspeed --hostfile hostfile --num_nodes=4 --num_gpus=4 finetune.py --model_name_or_path Qwen/Qwen2-7B --deepspeed zero2.json', 16],
    ['我用 deepspeed --num_nodes 2 --num_gpus 8 全参训练 qwen2-7b，zero3 还是 OOM', 16],
    ['ns train --num_nodes=4 --num_gpus=8 --model=/hf_models/Llama-3.1-70B sft with nemo', 32],
    ['two nodes of A100 80G: deepspeed --num_nodes=2 --num_gpus=8 --master_addr 10.0.0.1 train.py --model_name_or_path meta-llama/Meta-Llama-3-8B --deepspeed ds_z2.json', 16],
    ['deepspeed --num_gpus 8 --num_nodes 1 train.py --model_name_or_path meta-llama/Llama-2-13b-hf --deepspeed ds_z3.json', 8],
    ['deepspeed --num_gpus 8 train.py --model_name_or_path meta-llama/Llama-2-13b-hf --deepspeed ds_z3.json', 8],
  ];
  for (const [text, gpus] of variations) {
    it(`"${text.slice(0, 70)}…": ${gpus} GPUs`, () => {
      expect(gpusOf(text)).toBe(gpus);
    });
  }
  it('a role\'s GPUs on each node (OpenRLHF\'s actor_num_gpus_per_node) are no launcher\'s processes on each node', () => {
    expect(gpusOf('python3 -m openrlhf.cli.train_ppo_ray --actor_num_nodes 1 --actor_num_gpus_per_node 4 --pretrain meta-llama/Meta-Llama-3-8B --zero_stage 3')).toBe(4);
  });
});
