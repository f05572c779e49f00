import { describe, expect, it } from 'vitest';
import { judge } from '../../bench/language.js';
import { loadCorpus } from '../corpus/corpus.js';
import { shardingOfFileName } from '../../src/language/sharding-file.js';

/**
 * Session 33 (rframe11): the trainer, its sharding and its mode, read from what people paste. Variations invented
 * before each fix, of the phenomenon rather than of the line; first sight on the code before the fix → after.
 * - A*: an RL trainer owns its rollout engine: vLLM / SGLang named beside its sleep, wake-up, memory saver or
 *   rollouts, with no serving word, is the engine inside a training run, read as training, weak
 *   (reconcile/rollout-engine.ts; corpus c2482). A1–A11: 7 of 11 right at first sight (A10, A11 are serving
 *   controls); A12–A17 were written after the first fix, and A16 (a release, "vllm 0.8.4 rollout") failed it and
 *   led to the second; 16 of 16 after.
 * - B*: python's own options before a script (`nohup python -u src/train_bash.py`) had taken the script's
 *   framework word as their value (commands.ts command.python-options; corpus c2501). 8 of 12 right at first
 *   sight, 12 of 12 after (B7's train_sft.py and B9's deepspeed launcher are other causes, left).
 * - C*: one reader of DeepSpeed / accelerate / FSDP config file names (sharding-file.ts) for the `deepspeed` key,
 *   accelerate's `--config_file` and a name in prose: fsdp.yaml, fsdp_config_qlora.yaml, fsdp_offload.yaml and a
 *   stage-3 offload name in prose had been no sharding or no offload. 11 of 17 right at first sight, 17 of 17 after.
 * - D*: a reply that says it is a run like the thread's ("same here", "I ran into a similar issue", 我也遇到了,
 *   저도 비슷한) states its own cards, model and method, which replace the thread's waiting words
 *   (core/reply-own-setup.ts; corpus c2518). 4 of 7 right at first sight, 7 of 7 after (D5, a thread with a
 *   scenario whose count a card switch keeps, is left).
 */

type Row = [id: string, text: string, reading: string, thread?: string];
const read = ([id, text, reading, thread]: Row) => judge({ id, text, source: 'invented', reading, intent: 'stated', ...(thread ? { thread } : {}) });
const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe('an RL trainer owns its rollout engine', () => {
  it.each<Row>([
    ["A1", "[rollout] OOM after vllm wake_up in GRPO training of qwen2.5-7b on 8x H100", "qwen2.5-7b full grpo on 8x h100"],
    ["A2", "I just ran a 32B model with vllm sleep mode on 8*A100 80G cards; before this patch it OOMed at wake up", "32b full on 8x a100-80g"],
    ["A3", "使用verl训练qwen2.5-7b，rollout用的vllm，8卡A100 80G，vllm wake up的时候OOM", "qwen2.5-7b full verl on 8x a100-80g"],
    ["A4", "GRPOTrainer with use_vllm=True, Qwen2.5-1.5B on 2x A100 40G, the vllm engine OOMs", "qwen2.5-1.5b full grpo on 2x a100-40g"],
    ["A5", "OpenRLHF PPO of llama-3-8b with --vllm_num_engines 4 --colocate_all_models on 8x A100 80G, OOM when vllm wakes up", "llama-3-8b full ppo on 8x a100-80g"],
    ["A6", "verl로 qwen2.5-3b GRPO 학습 중 vllm rollout에서 OOM 발생, H100 8장", "qwen2.5-3b full grpo verl on 8x h100"],
    ["A7", "actor and vllm rollout colocated, the vllm engine goes OOM on wake up. model qwen2.5-14b, 8x H800", "qwen2.5-14b full on 8x h800"],
    ["A8", "[sglang] OOM in the rollout worker when memory saver releases and resumes, qwen2.5-7b on 4x H100", "qwen2.5-7b full on 4x h100"],
    ["A9", "fix: vllm sleep level 2 frees the weights between rollouts. Tested with a 7B model on 4 A100s", "7b full on 4x a100"],
    ["A10", "vllm serve Qwen/Qwen2.5-7B-Instruct --tensor-parallel-size 2 on 2x A100 80G, OOM", "qwen2.5-7b vllm tp 2 on 2x a100-80g"],
    ["A11", "running llama-3-8b with vllm on a single 4090 OOM", "llama-3-8b vllm on 1x rtx-4090"],
    ["A12", "vllm with enable_sleep_mode=True to swap models between requests, serving llama-3-8b on an L4", "llama-3-8b vllm on 1x l4"],
    ["A14", "vllm 唤醒的时候OOM了，qwen2.5-32b，8卡H20", "qwen2.5-32b full on 8x h20"],
    ["A15", "sglang release_memory_occupation then resume_memory_occupation leaks memory, qwen3-8b on 8x H100", "qwen3-8b full on 8x h100"],
    ["A16", "vllm 0.8.4 rollout OOM with a 14B model on 8 A800s", "14b full on 8x a800"],
    ["A17", "running qwen2.5-7b in vllm on 2x 4090, OOM after a few requests", "qwen2.5-7b vllm on 2x rtx-4090"],
  ])('%s: %j reads as %j', (...row) => {
    const r = read(row);
    expect(r.verdict, r.detail).toBe('right');
  });

  it('c2482: "fix oom when vllm wakeup … ran a 72B model on 8*H800" is training, said weak', () => {
    const r = judge(line('c2482'));
    expect(r.compared?.differ ?? []).not.toContain('mode');
    expect(r.compared?.differ ?? []).not.toContain('inference');
  });
});

describe('a script keeps its framework behind the interpreter\'s options', () => {
  it.each<Row>([
    ["B1", "nohup python -u src/train_bash.py --stage sft --do_train --model_name_or_path meta-llama/Llama-2-7b-hf --finetuning_type lora > train.log &\nOOM on one 3090", "llama-2-7b lora llama-factory on 1x rtx-3090"],
    ["B2", "CUDA_VISIBLE_DEVICES=0 python src/train_bash.py --stage sft --model_name_or_path Qwen/Qwen-7B --finetuning_type full\n单卡A100 80G 爆显存", "qwen-7b full llama-factory on 1x a100-80g"],
    ["B3", "bash finetune/finetune_lora_single_gpu.sh -m Qwen/Qwen-7B-Chat -d data.json on my 3090, OOM", "qwen-7b lora on 1x rtx-3090"],
    ["B4", "NPROC_PER_NODE=8 swift rlhf --rlhf_type grpo --model Qwen/Qwen2.5-7B-Instruct --train_type full\n8x H100 OOM", "qwen2.5-7b full grpo ms-swift on 8x h100"],
    ["B5", "tune run --nproc_per_node 4 full_finetune_distributed --config llama3_1/8B_full on 4x A6000 OOM", "llama-3.1-8b full torchtune on 4x a6000"],
    ["B6", "python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo actor_rollout_ref.model.path=Qwen/Qwen2.5-7B-Instruct trainer.n_gpus_per_node=8\nOOM on 8 H100", "qwen2.5-7b full grpo verl on 8x h100"],
    ["B8", "用 src/train_bash.py 做 qwen-14b 的 lora 微调，两张4090 显存溢出", "qwen-14b lora llama-factory on 2x rtx-4090"],
    ["B10", "CUDA_VISIBLE_DEVICES=0,1 nohup python3 -u src/train.py --stage sft --model_name_or_path Qwen/Qwen2-7B --finetuning_type lora\n2x 4090 OOM", "qwen2-7b lora llama-factory on 2x rtx-4090"],
    ["B11", "我用 python -u src/train_bash.py 跑 qwen-14b 的 lora，单卡A100 40G 爆显存", "qwen-14b lora llama-factory on 1x a100-40g"],
    ["B12", "python -W ignore src/train_bash.py --stage sft --model_name_or_path baichuan-inc/Baichuan2-13B-Chat --finetuning_type lora, 显存不够 on one A800", "baichuan2-13b lora llama-factory on 1x a800"],
    ["B13", "python3 -u -m verl.trainer.main_ppo algorithm.adv_estimator=grpo actor_rollout_ref.model.path=Qwen/Qwen2.5-3B trainer.n_gpus_per_node=4\n4x A100 80G OOM", "qwen2.5-3b full grpo verl on 4x a100-80g"],
    ["B14", "python -u -B src/train_bash.py --stage sft --model_name_or_path meta-llama/Llama-2-13b-hf --finetuning_type lora --quantization_bit 4 on a 3090", "llama-2-13b qlora llama-factory on 1x rtx-3090"],
  ])('%s: %j reads as %j', (...row) => {
    const r = read(row);
    expect(r.verdict, r.detail).toBe('right');
  });

  it('c2501: `nohup python -u src/train_bash.py` is LLaMA-Factory', () => {
    expect(judge(line('c2501')).compared?.differ ?? []).not.toContain('framework');
  });
});

describe('a launcher\'s config file names its sharding', () => {
  it.each<Row>([
    ["C1", "deepspeed train.py --deepspeed ds_config_zero2.json --model_name_or_path meta-llama/Llama-2-7b-hf on 4x A100 40G", "llama-2-7b full zero2 on 4x a100-40g"],
    ["C2", "model_name_or_path: meta-llama/Llama-2-13b-hf\nstage: sft\nfinetuning_type: full\ndeepspeed: examples/deepspeed/ds_z3_offload_config.json\n\n8x A100 80G OOM", "llama-2-13b full llama-factory zero3 offload optimizer offload params on 8x a100-80g"],
    ["C3", "accelerate launch --config_file configs/zero3_offload.yaml train.py, qwen2.5-7b full finetune on 4x 4090", "qwen2.5-7b full zero3 offload optimizer offload params on 4x rtx-4090"],
    ["C4", "torchrun --nproc_per_node 8 train.py --model llama-3-8b --deepspeed configs/stage3.json, 8x A100 80G OOM", "llama-3-8b full zero3 on 8x a100-80g"],
    ["C5", "accelerate launch --config_file recipes/accelerate_configs/fsdp.yaml sft.py with llama-3-8b on 8x H100", "llama-3-8b full fsdp on 8x h100"],
    ["C6", "用的deepspeed_zero3.yaml，qwen2.5-14b 全参微调，8卡A800 还是爆显存", "qwen2.5-14b full zero3 on 8x a800"],
    ["C7", "--deepspeed ./scripts/zero2_offload.json\nllava-1.5-13b full finetune on 4x A100 40G OOM", "llava-1.5-13b full zero2 offload optimizer on 4x a100-40g"],
    ["C8", "fine-tuning mistral-7b with --deepspeed ds_configs/zero_stage3_config.json on 2x 3090", "mistral-7b full zero3 on 2x rtx-3090"],
    ["C9", "accelerate launch --config_file recipes/accelerate_configs/zero3.yaml src/open_r1/grpo.py --model_name_or_path Qwen/Qwen2.5-7B-Instruct on 8x H100", "qwen2.5-7b full grpo zero3 on 8x h100"],
    ["C10", "train qwen2-7b with deepspeed and ds_stage2_cpu_offload.json on 2x A6000", "qwen2-7b full zero2 offload optimizer on 2x a6000"],
    ["C11", "torchrun --nproc_per_node 4 fastchat/train/train_mem.py --model_name_or_path lmsys/vicuna-7b-v1.5 --deepspeed playground/deepspeed_config_s2.json on 4x A100 40G", "vicuna-7b full zero2 on 4x a100-40g"],
    ["C12", "accelerate launch --config_file examples/sft/configs/fsdp_config_qlora.yaml train.py, llama-3-70b qlora on 2x 4090", "llama-3-70b qlora fsdp on 2x rtx-4090"],
    ["C13", "用 zero3_offload.json 训练 qwen2-7b 全参, 单卡4090", "qwen2-7b full zero3 offload optimizer offload params on 1x rtx-4090"],
    ["C14", "--deepspeed ./ds_config/ds_z2_offload_config.json, llama-2-7b full finetune on 2x 3090", "llama-2-7b full zero2 offload optimizer on 2x rtx-3090"],
    ["C15", "deepspeed --num_gpus 4 train.py --deepspeed ds_zero2_no_offload.json, llama-2-13b full on 4x A100 40G", "llama-2-13b full zero2 on 4x a100-40g"],
    ["C16", "accelerate launch --config_file fsdp_offload.yaml train.py, mistral-7b full fine-tune on 2x 4090", "mistral-7b full fsdp offload optimizer offload params on 2x rtx-4090"],
    ["C17", "I'm using the fsdp.yaml accelerate config to finetune llama-2-13b on 4x A100 80G", "llama-2-13b full fsdp on 4x a100-80g"],
  ])('%s: %j reads as %j', (...row) => {
    const r = read(row);
    expect(r.verdict, r.detail).toBe('right');
  });

  it.each([
    ['ds_config_zero2.json', 'zero2'],
    ['examples/deepspeed/ds_z3_offload_config.json', 'zero3 offload optimizer offload params'],
    ['deepspeed_config_s2.json', 'zero2'],
    ['ds_zero2_no_offload.json', 'zero2'],
    ['ds_stage2_cpu_offload.json', 'zero2 offload optimizer'],
    ['zero_stage3_config.json', 'zero3'],
    ['recipes/accelerate_configs/fsdp.yaml', 'fsdp'],
    ['fsdp_config_qlora.yaml', 'fsdp'],
    ['fsdp_offload.yaml', 'fsdp offload params offload optimizer'],
  ])('%s names %s', (name, words) => {
    expect(shardingOfFileName(name)?.words).toBe(words);
  });

  it.each(['ds_config.json', 'config_s2.json', 'train_size3.yaml', 'llama3_lora_sft.yaml', 'dataset_info.json'])('%s names no sharding', (name) => {
    expect(shardingOfFileName(name)).toBeNull();
  });
});

describe('a reply\'s own setup wins over its thread\'s', () => {
  it.each<Row>([
    ["D1", "I ran into the same issue with llama-2-13b on a single 4090, OOM at the first step", "llama-2-13b full on 1x rtx-4090", "OOM with full finetune on 8 A800"],
    ["D2", "Same here with qwen2-7b lora on 2x 3090", "qwen2-7b lora on 2x rtx-3090", "Qwen2-72B lora OOM on 4x A100 80G"],
    ["D3", "我也遇到了，用的是单张4090，qwen2.5-7b lora", "qwen2.5-7b lora on 1x rtx-4090", "8卡A800 全参微调 qwen2.5-72b 显存不够"],
    ["D4", "I have a similar problem with mistral-7b on an a100 40G GPU, batch size 1", "mistral-7b full bs 1 on 1x a100-40g", "OOM with 8 H100 when training"],
    ["D6", "저도 비슷한 문제가 있어요. A100 80G 한 장에서 llama-3-8b lora 학습 중 OOM", "llama-3-8b lora on 1x a100-80g", "OOM on 8x H100 during lora training"],
    ["D7", "Similar issue on my side with a 7b model on a 3090", "7b lora on 1x rtx-3090", "LoRA OOM with 4 A6000"],
    ["D8", "I hit this too with deepseek-llm-7b on 1 A100 80GB", "deepseek-llm-7b full on 1x a100-80g", "full finetune OOM with 8 A800"],
  ])('%s: %j reads as %j', (...row) => {
    const r = read(row);
    expect(r.verdict, r.detail).toBe('right');
  });

  it('c2518: "a similar issue with a deepseek-math-7b model on a100 80G GPU" under "OOM with 8 A800" is one A100 80GB', () => {
    expect(judge(line('c2518')).compared?.differ ?? []).not.toContain('hardware');
  });
});
