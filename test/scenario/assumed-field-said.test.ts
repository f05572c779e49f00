import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import type { ThreadState } from '../../src/core/opening.js';

/**
 * Values the estimate rests on that the words did not state — a preset's, a default's, a model's own
 * kernel, a thread's — said in the reply with the field's name, as the language bench's flag patterns
 * (bench/language.ts FIELDS, copied here unchanged) read a reply. Invented variations of each cause,
 * in the words people write (prose, commands, Chinese, Korean, follow-ups); all failed before these
 * notes said their field (first sight 5 of 43; 4 more invented miss for readings of other fields, not tested here).
 */
const FLAG = {
  precision: /precision|master weights|preset:[^|]*(?:bf16|fp16|fp32|pure)|your setup's (?:precision recipe|compute precision)\b/,
  sharding: /DDP|replica|ZeRO|FSDP|preset:[^|]*shard|your setup's (?:sharding)\b/,
  recompute: /recompute \(default\)|preset:[^|]*checkpointing|gradient checkpointing on by default|your setup's (?:recompute setting)\b/,
  attention: /attention \(default\)|preset:[^|]*attention|your setup's (?:attention kernel)\b/,
};

function read(text: string, opening?: string) {
  let previous: ThreadState | null = null;
  if (opening) {
    const first = readInThread(opening, null);
    previous = first.outcome.ok && first.outcome.scenario ? { scenario: first.outcome.scenario, history: [] } : first.waiting;
  }
  const outcome = readInThread(text, previous).outcome;
  if (!outcome.ok || !outcome.scenario) throw new Error(`not read: ${text}`);
  return { scenario: outcome.scenario, said: outcome.assumptions.join(' | ') };
}

describe('a value no word stated is said with its field', () => {
  // c782, c965, c1744, c2076: device_map="auto" under torchrun read as one process; the reply had never said "no DDP".
  it.each([
    ["fine-tuning llama-2-13b with lora on 4x A100 40GB, model loaded with device_map=\"auto\", OOM at step 1", "none"],
    ["用device_map='auto'在4张3090上lora微调qwen-7b，显存不够", "none"],
    ["CUDA_VISIBLE_DEVICES=0,1 python train.py --model_name_or_path meta-llama/Llama-2-7b-hf --device_map auto --per_device_train_batch_size 4 --bf16", "none"],
    ["Training Falcon-40B LoRA across 8 V100 32GB with device_map auto (naive pipeline), batch size 1, seq 1024", "none"],
    ["lora sft of yi-34b on 2 a100 80g, device_map: auto in my yaml, gradient checkpointing on", "none"],
  ])('device_map="auto" training says it runs no DDP replicas: %s', (text, kind) => {
    const { scenario, said } = read(text);
    expect(scenario.sharding.kind).toBe(kind);
    expect(said).toMatch(FLAG.sharding);
    expect(said).toMatch(/no DDP replicas \(say ddp or zero3/);
  });

  // c127, c623, c724, c1631, c1670, c1796, c2067: llama.cpp's preset computed its KV cache in fp16 unsaid.
  it.each([
    ["ollama run llama3:70b on a single RTX 4090, is 24GB enough?", "fp16"],
    ["./llama-server -m qwen2.5-7b-instruct-q4_k_m.gguf -c 8192 -ngl 99", "fp16"],
    ["用ollama跑qwen2.5:14b，显存12G够吗", "fp16"],
    ["llama.cpp로 mistral 7b Q5_K_M 돌리면 8GB VRAM에 들어가나요?", "fp16"],
    ["llama-cli -m Meta-Llama-3.1-8B-Instruct-Q8_0.gguf -n 256 -c 16384 --n-gpu-layers 33 on a 3060 12GB", "fp16"],
    ["Running deepseek-r1:32b in Ollama, context 8k, GPU is a 3090. llm_load_tensors: offloaded 65/65 layers to GPU", "fp16"],
    ["how much vram for gemma-2-27b gguf q4_k_m with llama.cpp at 32k context?", "fp16"],
  ])("llama.cpp's preset says its fp16 KV cache: %s", (text, compute) => {
    const { scenario, said } = read(text);
    expect(scenario.compute).toBe(compute);
    expect(said).toMatch(FLAG.precision);
  });

  // c1113, c1384, c1676: a model's own kernel (Gemma 2's eager, ChatGLM-6B's code, Falcon's SDPA math) said as the default.
  it.each([
    ["full fine-tune gemma-2-9b on 4x a100 80gb with the HF Trainer, bf16, seq 4096", "eager"],
    ["lora微调chatglm-6b，单卡3090，batch size 4，seq 1024", "eager"],
    ["lora fine-tune falcon-7b on a 24GB 4090, seq 2048, batch 2", "sdpa"],
    ["bloom-7b1 full fine-tuning with deepspeed zero3 on 8x V100 32GB", "eager"],
    ["gemma-2-27b 로 LoRA 학습, A100 80GB 한 장, 시퀀스 길이 8192", "eager"],
    ["model.generate with google/gemma-2-9b-it in transformers, bf16, on a 24GB card, prompt 8000 tokens", "eager"],
  ])("a model's own attention kernel is said as the default: %s", (text, kernel) => {
    const { scenario, said } = read(text);
    expect(scenario.attention).toBe(kernel);
    expect(said).toMatch(FLAG.attention);
  });

  // c1320, c2160, c763: ms-swift's, LLaMA-Factory's and litgpt's checkpointing default said as one.
  it.each([
    ["swift sft --model Qwen/Qwen2.5-7B-Instruct --train_type lora --dataset my.jsonl --per_device_train_batch_size 2 --max_length 4096 on one A100 80G", "full"],
    ["用ms-swift全参微调qwen2-7b，2张A800，max_length 8192", "full"],
    ["llamafactory-cli train --stage dpo --finetuning_type lora --model_name_or_path Qwen/Qwen2-7B --cutoff_len 4096 on 2x 4090", "full"],
    ["deepspeed src/train.py --stage dpo --finetuning_type full --model_name_or_path meta-llama/Meta-Llama-3-8B --bf16 --cutoff_len 2048, 8x A100", "full"],
    ["litgpt finetune_full meta-llama/Llama-2-7b-hf --devices 4 on 4x a100 40gb", "full"],
    ["litgpt pretrain --model_name pythia-1b --devices 8, 8x H100", "full"],
    ["LLaMA-Factory로 qwen2.5-14b LoRA SFT, A100 40GB 2장, cutoff_len 2048", "full"],
  ])("a framework's gradient checkpointing default is said: %s", (text, recompute) => {
    const { scenario, said } = read(text);
    expect(scenario.recompute).toBe(recompute);
    expect(said).toMatch(FLAG.recompute);
  });

  // c2148: a Gemma 2 thread's eager kernel was kept for Llama 3.1 under Ollama, unsaid (scenario/carried-kernel.ts).
  it.each([
    ["and llama-3-8b-instruct?", "flash", "gemma-2-9b-it inference with transformers on a 4090"],
    ["ollama run llama3.1:8b with 32k context on a 24GB card", "flash", "Gemma 2 runs too slow"],
    ["what about mistral-7b instead", "flash", "full fine-tune gemma-2-2b on one a100 80gb, seq 4096"],
    ["换成qwen2-7b呢", "flash", "lora微调chatglm-6b，单卡3090"],
    ["llama-3.1-70b awq로 바꾸면?", "flash", "gemma-2-27b 추론, A100 80GB"],
    ["switch to llama-2-7b, same setup", "flash", "bloom-7b1 lora on 2x 3090"],
    ["try gemma-2-9b instead", "eager", "llama-2-7b lora on a 4090"],
  ])("a follow-up's new model takes its own kernel, said: %s", (text, kernel, opening) => {
    const { scenario, said } = read(text, opening);
    expect(scenario.attention).toBe(kernel);
    expect(said).toMatch(FLAG.attention);
  });

  // llama.cpp before flash attention (#5021): the build's eager scores were taken unsaid.
  it.each([
    ["llama.cpp build 1500, mistral-7b q4_k_m, ctx 8192, on a 3060 12gb", "eager"],
    ["llama-server (llama.cpp build 2100) -m llama-2-13b.Q5_K_M.gguf -c 4096 -ngl 41 on a 16GB card", "eager"],
    ["用llama.cpp build 1800跑qwen-14b q4_k_m，上下文16k，显存24G", "eager"],
    ["llama.cpp build 2400 로 llama-2-70b q4_k_m, 2x 3090, ctx 4096", "eager"],
    ["./main -m mixtral-8x7b.Q4_K_M.gguf -c 32768 -ngl 33 (llama.cpp build 1700) on a 24 GB card", "eager"],
  ])('an old llama.cpp build says its eager attention: %s', (text, kernel) => {
    const { scenario, said } = read(text);
    expect(scenario.attention).toBe(kernel);
    expect(said).toMatch(FLAG.attention);
  });
  // TRL's checkpointing default by release was said without naming the field's default (scenario/trl-preset.ts).
  it.each([
    ["trl sft llama-3-8b lora on a 4090, seq 2048", "none"],
    ["DPOTrainer with qwen2-7b full fine-tune on 8x a100 80gb, max_length 1024", "none"],
    ["用TRL的GRPOTrainer训练qwen2.5-1.5b，单卡4090", "none"],
    ["trl 0.12로 mistral-7b DPO 학습, A100 80GB 2장", "none"],
    ["accelerate launch train_dpo.py --model_name_or_path meta-llama/Llama-2-7b-hf --per_device_train_batch_size 2 (trl DPOTrainer) on 4x a100", "none"],
    ["from trl import SFTTrainer\ntrainer = SFTTrainer(model='Qwen/Qwen2-0.5B', train_dataset=ds)\n# on a T4 16GB", "none"],
  ])("TRL's checkpointing default is said as the recompute default: %s", (text, recompute) => {
    const { scenario, said } = read(text);
    expect(scenario.recompute).toBe(recompute);
    expect(said).toMatch(FLAG.recompute);
  });
});
