import { describe, expect, it } from 'vitest';
import { readInThread, type ThreadState } from '../../src/core/opening.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read } from './reading-fixtures.js';

/**
 * Batch b23's flagged lines, by cause (issue 22): pre-training said beside LoRA (c841, c850, c687), a
 * plain run verb in a training thread (c841), ms-swift's model types (c853), and the card's observed
 * load said as "GPU utilization … %" (c826).
 */

function opened(text: string): ThreadState {
  const o = readInThread(text, null).outcome;
  if (!o.ok || !o.scenario) throw new Error(`thread not opened: ${text}`);
  return { scenario: o.scenario, history: [] };
}

function followUp(thread: string, text: string) {
  const r = readInThread(text, opened(thread)).outcome;
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { scenario: r.scenario, said: r.assumptions.join(' | ') };
}

describe('pre-training said beside LoRA trains adapters (reconcile adapterPretraining)', () => {
  it('reads the LoRA of shibing624/MedicalGPT#236 (c841 thread), said with the pre-training word', () => {
    const { scenario, said } = read('请问baichuan13b-chat增量预训练(LoRA)需要多少显存呢');
    expect(scenario.mode).toBe('lora');
    expect(scenario.pretrain).toBe(false);
    expect(said).toMatch(/"增量预训练" with "LoRA": pre-training that trains LoRA adapters/);
  });

  it('reads QLoRA for continued pretraining (unslothai/unsloth#4040, c687, with a catalog model)', () => {
    const { scenario } = read("2xA100 QLoRA I'm trying to train Qwen2.5-32B for continued pretraining on a machine with 2 A100 80GB but continue to get OOM");
    expect(scenario.mode).toBe('qlora');
  });

  it.each([
    ['lora pretrain llama-2-13b on 2x a5000', 'lora'],
    ['continued pretraining of llama-2-7b with qlora on 1x rtx-4090', 'qlora'],
    ['llama-2-13b 继续预训练 用lora 2张3090', 'lora'],
  ])('%s (invented): %s, no contradiction', (text, mode) => {
    expect(read(text).scenario.mode).toBe(mode);
  });

  it('keeps the full pre-training where a full fine-tune is said too (a LoRA key the full run ignores, c503)', () => {
    const text = 'CUDA_VISIBLE_DEVICES=0 python src/train_bash.py --stage pt --model_name_or_path /Qwen-1_8B --finetuning_type full --lora_target c_attn --fp16';
    const { scenario } = read(text);
    expect(scenario.mode).toBe('full');
    expect(scenario.pretrain).toBe(true);
  });

  it('keeps pre-training alone a full pre-training', () => {
    const { scenario } = read('pretrain llama-2-7b on 8x a100');
    expect(scenario.mode).toBe('full');
    expect(scenario.pretrain).toBe(true);
  });
});

describe("a plain run verb in a training thread runs the thread's training (resolve-mode PLAIN_RUN)", () => {
  it('keeps the LoRA of c841 for "跑的是run_pt.sh", and says so', () => {
    const { scenario, said } = followUp('请问baichuan13b-chat增量预训练(LoRA)需要多少显存呢', '为啥我双卡A5000会显存溢出呢，单张卡显存是24G，跑的是run_pt.sh，没改过参数');
    expect(scenario.mode).toBe('lora');
    expect(scenario.hardware?.count).toBe(2);
    expect(said).toMatch(/LoRA kept from the thread: "跑" runs the thread's training; say "inference"/);
  });

  it.each([
    ['llama-2-7b qlora on 1x t4', 'running it on 2x 3090 now', 'qlora'],
    ['full finetune llama-2-7b', 'I run it on 8x a100 and it OOMs', 'full'],
  ])('%s, then "%s" (invented): %s', (thread, text, mode) => {
    expect(followUp(thread, text).scenario.mode).toBe(mode);
  });

  it.each([
    ['llama-2-7b lora on 1x a100', 'deploy it on 1x t4'],
    ['llama-2-7b lora on 1x a100', 'now inference on 1x t4'],
    ['llama-2-7b on 1x a100', 'run it on 2x 3090'],
  ])('%s, then "%s": inference', (thread, text) => {
    expect(followUp(thread, text).scenario.mode).toBe('inference');
  });
});

describe("ms-swift's model types name the model (config-keys swiftModelType, training.swift-qwen1half)", () => {
  it('reads Qwen1.5-7B from the command of modelscope/ms-swift#860 (c853)', () => {
    const text = 'CUDA_VISIBLE_DEVICES=0 \\\nswift sft \\\n    --model_type qwen1half-7b-chat \\\n    --dataset blossom-math-zh \\\n    --num_train_epochs 5 \\\n    --sft_type full \\\n    --output_dir output \\\n    --eval_steps 500 \\';
    const { scenario } = read(text);
    expect(scenario.model.id).toBe('qwen1.5-7b');
    expect(scenario.mode).toBe('full');
  });

  it('reads Qwen1.5-7B from the swift deploy command of vllm-project/vllm#7946', () => {
    const text = 'CUDA_VISIBLE_DEVICES=0,1,2,3 swift deploy --tensor_parallel_size 4 --dtype fp16 --model_type qwen1half-7b-chat --infer_backend vllm --max_model_len 512 --enforce_eager';
    expect(read(text).scenario.model.id).toBe('qwen1.5-7b');
  });

  it.each([
    ['qwen1half-14b-chat lora on 1x a100', 'qwen1.5-14b'],
    ['swift sft --model_type qwen1half-72b-chat --sft_type lora on 8x a100', 'qwen1.5-72b'],
    ['swift sft --model_type llama2-13b-chat --sft_type lora on 1x a100', 'llama-2-13b'],
  ])('%s (invented): %s', (text, id) => {
    expect(read(text).scenario.model.id).toBe(id);
  });

  it('reads no model from a config.json architecture type ("model_type": "llama")', () => {
    const r = resolveRequest('{"model_type": "llama", "hidden_size": 4096}\nfull finetune on 1x a100', null);
    expect(r.ok && r.scenario ? r.scenario.model.id : null).not.toBe('llama');
  });
});

describe('the card\'s observed load is no memory setting (prose.observed-gpu-load)', () => {
  it('leaves vLLM\'s fraction at its default beside "GPU utilization remains constant at 86%" (mlc-ai/mlc-llm#2955, c826)', () => {
    const { scenario, said } = read('serve llama-3-8b with vllm on 1x a100. During inference, I have observed that the GPU utilization remains constant at 86% and 87% when sending multiple prompts.');
    expect(scenario.inference.gpuMemoryUtilization).toBe(0.9);
    expect(said).toMatch(/read as the card's observed load/);
  });

  it.each([
    // bmaltais/kohya_ss#2154 and tloen/alpaca-lora#584, with a setup added.
    'serve llama-2-7b with vllm on 1x v100, my GPU utilization always remains around 30-40%',
    'vllm llama-2-7b on 1x a100: the GPU utilization fluctuates between 0% and 90% rapidly',
    'vllm llama-2-7b on 1x a100, gpu usage is only 45%',
  ])('%s', (text) => {
    expect(read(text).scenario.inference.gpuMemoryUtilization).toBe(0.9);
  });

  it.each([
    ['vllm qwen-14b at 95% gpu memory utilization', 0.95],
    ['vllm llama-2-7b on 1x a100 with gpu memory utilization at 80%', 0.8],
  ])('keeps a memory fraction: %s', (text, util) => {
    expect(read(text).scenario.inference.gpuMemoryUtilization).toBe(util);
  });
});

describe('a source length alone is no sequence (config-keys sourceAndTarget)', () => {
  /** hiyouga/LlamaFactory#469 (c852), the keys that bear on memory. */
  const C852 = 'deepspeed --num_gpus=4 src/train_bash.py \\\n    --stage sft \\\n    --model_name_or_path Baichuan-7B \\\n    --finetuning_type full \\\n    --max_source_length 256 \\\n    --per_device_train_batch_size 4 \\\n    --gradient_accumulation_steps 16 \\\n    --fp16';

  it('leaves the sequence unread beside "--max_source_length 256" (c852), said as weak', () => {
    const { scenario, said } = read(C852);
    expect(scenario.seq).not.toBe(256);
    expect(said).toMatch(/max_source_length 256 is the prompt part only/);
  });

  it.each([
    ['python main.py --model_name_or_path chatglm-6b --max_source_length 512 --max_target_length 128 --per_device_train_batch_size 1 on 1x a100', 640],
    ['python main.py --model_name_or_path chatglm-6b --max_target_length 128 --max_source_length 64 on 1x a100', 192],
  ])('adds the target where both are given: %s', (text, seq) => {
    expect(read(text).scenario.seq).toBe(seq);
  });
});

describe('a vLLM release at a sentence end is read (not-hw.version)', () => {
  it.each([
    // vllm-project/vllm#4429 (c836 and c313).
    'Not enough memory when run deepseek-coder-33b-instruct model on two L40 GPUs (48G) with vllm 0.4.1.  Also tried --enforce-eager, did not help.',
    'serve llama-2-7b on 1x a100 with vllm 0.4.1.',
    'serve llama-2-7b on 1x a100 with vllm 0.4.1, and it OOMs',
  ])('%s', (text) => {
    expect(read(text).scenario.inference.vllmVersion).toBe('0.4.1');
  });

  it('still blanks another program\'s version at a sentence end ("torch 2.1.2.")', () => {
    expect(read('serve llama-2-7b on 1x a100 with torch 2.1.2.').scenario.hardware?.count).toBe(1);
  });
});
