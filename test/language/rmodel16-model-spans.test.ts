import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read } from './reading-fixtures.js';

/**
 * b85–b87 (rmodel16): which model, where the words name it in a form the reader took for something else. Each group
 * is one cause, tested on invented variations beside the real line it showed in:
 * - a release named bare in a title and with its full checkpoint in the command or config ("Add deepseek-r1
 *   examples" over `MODEL_ID=deepseek-ai/DeepSeek-R1-Distill-Llama-70B`, dstackai/dstack#2234, c2920);
 * - a slash pair that is no checkpoint: a method before the model ("LoRA/Llama70B", anyscale/templates#174,
 *   c2886) or a project named after a series with no size ("01-ai/Yi", NVIDIA/TensorRT-LLM#372, c2922);
 * - a size glued to or mangled in the name ("deepseek-r1671b", kvcache-ai/ktransformers#245, c2900;
 *   "qwen3-1..7B", modelscope/ms-swift#4388, c2943; "mixstral8*7 B", flagos-ai/FlagPerf#541, c2915;
 *   "glm2", beyondguo/LLM-Tuning#32, c2954).
 */

/** The model `text` reads as (its shape against `reference`'s) and whether the reply says it as weak. */
function modelOf(text: string, reference: string): { weak: boolean } {
  const got = read(text).scenario;
  const want = read(reference).scenario;
  expect(got.model.arch).toEqual(want.model.arch);
  const r = resolveRequest(text, null);
  const fact = r.ok ? r.trace?.find((f) => f.fact === 'model') : undefined;
  return { weak: fact?.weak === true };
}

describe('a release named bare, and in the run with a checkpoint that starts with its name, is that checkpoint', () => {
  it.each([
    [
      'Add deepseek-r1 examples\n\n```yaml\nenv:\n  - MODEL_ID=deepseek-ai/DeepSeek-R1-Distill-Llama-70B\ncommands:\n  - python3 -m sglang.launch_server --model-path $MODEL_ID --port 8000\n```',
      'deepseek-ai/DeepSeek-R1-Distill-Llama-70B inference',
    ],
    ['deepseek r1 on 2x a100: vllm serve deepseek-ai/DeepSeek-R1-Distill-Qwen-32B --tensor-parallel-size 2', 'deepseek-ai/DeepSeek-R1-Distill-Qwen-32B inference on 2x a100'],
    ['DeepSeek-R1 推理显存不够\n\n```\nvllm serve deepseek-ai/DeepSeek-R1-Distill-Qwen-7B --max-model-len 8192\n```\n一张 3090', 'deepseek-ai/DeepSeek-R1-Distill-Qwen-7B inference'],
    ['Running DeepSeek-R1 locally: `--model deepseek-ai/DeepSeek-R1-Distill-Llama-8B` on a 4090 OOMs', 'deepseek-ai/DeepSeek-R1-Distill-Llama-8B inference'],
    ['qwen3 GRPO OOM\n\nswift rlhf --rlhf_type grpo --model Qwen/Qwen3-8B --train_type lora', 'qwen3-8b lora'],
    ['qwen3-1..7B GRPO 训练几个轮次后爆显存\n\n```bash\nswift rlhf \\\n    --rlhf_type grpo \\\n    --model /data/model_hub/Qwen/Qwen3-1.7B \\\n    --train_type lora\n```', 'qwen3-1.7b lora'],
    ['Qwen3-1..7b OOM with lora, model_name_or_path: Qwen/Qwen3-1.7B', 'qwen3-1.7b lora'],
    ['deepseek-r1 on sglang, model: deepseek-ai/DeepSeek-R1-Distill-Qwen-14B, one L40S', 'deepseek-ai/DeepSeek-R1-Distill-Qwen-14B inference'],
  ])('%s', (text, reference) => {
    modelOf(text, reference);
  });
});

describe('a slash pair that is no checkpoint: a method before the model, a project named after a series', () => {
  it.each([
    ['Finetuning LLM workspace template failed with OOM for LoRA/Llama70B', 'llama70b lora'],
    ['OOM for QLoRA/Qwen2.5-7B on a 4090', 'qwen2.5-7b qlora on a 4090'],
    ['SFT/Qwen2-7B 显存不够 8张A100', 'qwen2-7b full on 8x a100'],
    ['DPO/Mistral-7B runs out of memory on 2x 3090', 'mistral-7b dpo on 2x 3090'],
    ['support Yi models (01-ai/Yi) in TensorRT-LLM\n\nTested on model Yi-34B with TP 2, we checked the output logits', 'yi-34b inference'],
    ['Add Baichuan2 support (baichuan-inc/Baichuan2): tested with Baichuan2-13B on 2x A100', 'baichuan2-13b inference on 2x a100'],
    ['按照 THUDM/ChatGLM3 的步骤, lora 微调 chatglm3-6b, 3060 12G 爆显存', 'chatglm3-6b lora on a 3060'],
    ['LoRA/QLoRA on Llama-2-7B with one 3090', 'llama-2-7b lora on a 3090'],
  ])('%s', (text, reference) => {
    modelOf(text, reference);
  });
});

describe('a size glued to the name, or its decimal point doubled, is the size of that release', () => {
  it.each([
    ['I suggest adding a 10 card script. A quantitative version of Q4 deepseek-r1671b was used, 480G vram', 'deepseek-r1 inference'],
    ['deepseek-v3671b fp8 on 8x h200', 'deepseek-v3 fp8 on 8x h200'],
    ['qwen3-1..7B GRPO OOM on 8 gpus', 'qwen3-1.7b grpo on 8 gpus'],
    ['qwen2.5-0..5b inference on a 3060', 'qwen2.5-0.5b inference on a 3060'],
    ['[BAAI] Add mixstral8*7 B MoE Case, megatron tp 8 on 32x a100', 'mixtral-8x7b megatron tp 8 on 32x a100'],
    ['mixtral8*7B lora on 8x a100', 'mixtral-8x7b lora on 8x a100'],
    ['glm2和glm分别需要多大的显存才能微调 batch-size=1', 'chatglm2-6b full bs 1'],
    ['glm2 inference on a 3060', 'chatglm2-6b inference on a 3060'],
    ['qwen2-72b on 4x a100', 'qwen2-72b inference on 4x a100'],
  ])('%s', (text, reference) => {
    modelOf(text, reference);
  });
});

describe('a series named bare, then a member with a size the catalog lacks, is that size, not the series default', () => {
  it.each([
    [
      'Gsoc26h development\n\n```diff\n+# Phase 2: Fine-tuning Gemma-3 for Hindi triple extraction\n+# Designed for Google Colab Pro (T4 GPU, 16GB VRAM)\n+model:\n+  model_id: "google/gemma-3-2b-it"\n+  use_4bit: true\n```',
      'gemma-3-2b qlora on a t4',
    ],
    ['Fine-tuning Gemma-3 on a T4: model_id = "google/gemma-3-2b-it", qlora', 'gemma-3-2b qlora on a t4'],
    ['Gemma 3 QLoRA OOM\n\nI load google/gemma-3-2b-it in 4bit on a T4 16GB', 'gemma-3-2b qlora on a t4'],
    ['Qwen2.5 question: qwen2.5-4b inference on a 3060', 'qwen2.5-4b inference on a 3060'],
    ['gemma-2 finetune, model_name: gemma-2-7b, one A10G, lora', 'gemma-2-7b lora on a a10g'],
    ['Qwen2.5 显存问题：用 qwen2.5-4b 推理, 4090', 'qwen2.5-4b inference on a 4090'],
    ['Llama 3 lora OOM: I am using llama-3-13b on a 4090', 'llama-3-13b lora on a 4090'],
    ['gemma3 を T4 で QLoRA したい。モデルは google/gemma-3-2b-it です', 'gemma-3-2b qlora on a t4'],
  ])('%s', (text, reference) => {
    modelOf(text, reference);
  });
});
