import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * b88–b90 (rmodel17): which model, where the words name it in pieces, beside another model, or in a folder. Each
 * group is one cause, tested on invented variations beside the real line it showed in (other spellings, a Hub id
 * with its owner, a path, a GGUF file, Chinese and Korean prose). An expected id ending in " weak" must be said as
 * a guess on the first screen (one without it may be said or not); "NOTHUB" means the message must not be refused as a Hub repo not fetched.
 * Scored before the fix: 17/36 (5/8, 5/7, 3/6, 1/6, 3/4, 0/5).
 */

/** The catalog model `text` reads as, with " weak" when the reply says it as a guess; the refusal's words otherwise. */
function modelRead(text: string): string {
  const r = resolveRequest(text, null);
  if (!r.ok) return `refused: ${r.error.message}`;
  const fact = r.trace?.find((f) => f.fact === 'model');
  return `${r.scenario!.model.id}${fact?.weak ? ' weak' : ''}`;
}

function expectModel(text: string, want: string) {
  const got = modelRead(text);
  if (want === 'NOTHUB') expect(got).not.toMatch(/Hugging Face Hub/);
  else {
    expect(got.replace(/ weak$/, '')).toBe(want.replace(/ weak$/, ''));
    // A guess must be said; a reading the words make certain may still be said as one.
    if (want.endsWith(' weak')) expect(got).toMatch(/ weak$/);
  }
}

// names.variant-with-series-apart: "[InternLM] … 微调chat-7b模型" (InternLM/InternLM#171, c3027, with the series written where the thread's repository named it)
describe("a checkpoint named by its variant word and size, its series named elsewhere, is that series' checkpoint (weak)", () => {
  it.each([
    ["[InternLM] 微调需要多大的显存？\n\n请问一下，如果要微调chat-7b模型的话，需要多大显存？", "internlm-7b weak"],
    ["InternLM: how much GPU memory to fine-tune the chat-7b model?", "internlm-7b weak"],
    ["internlm 的 chat-20b 推理要几张 3090", "internlm-20b weak"],
    ["Baichuan2 question: the chat-13b OOMs on a v100 32g", "baichuan2-13b weak"],
    ["Using Qwen2.5 here. Our instruct-7b LoRA run needs how much memory on a 4090?", "qwen2.5-7b weak"],
    ["Llama-2 系列: chat-13b 用 vllm 推理，一张 A100 够吗", "llama-2-13b weak"],
    ["Yi 모델: chat-34b 추론에 A100 두 장이면 충분한가요?", "yi-34b weak"],
    ["ChatGLM3 微调 base-6b 需要多少显存", "chatglm3-6b"],
  ])('%s', (text, want) => {
    expectModel(text, want);
  });
});

// reconcile.bare-series-of-sub-release: "LoRA examples for Qwen3 … Qwen3-Next-80B-A3B-Instruct" (hiyouga/LlamaFactory#10552, c3024)
describe("a series said bare beside a checkpoint of a release within it is that checkpoint", () => {
  it.each([
    ["Add LoRA fine-tuning examples for Qwen3 on Ascend, The mode example use Qwen3-Next-80B-A3B-Instruct", "qwen3-next-80b-a3b"],
    ["Qwen3 OOM with vllm: vllm serve Qwen/Qwen3-Next-80B-A3B-Instruct --tensor-parallel-size 4", "qwen3-next-80b-a3b"],
    ["qwen2.5 lora 爆显存, model_name_or_path: Qwen/Qwen2.5-Coder-7B-Instruct, 一张 4090", "qwen2.5-7b"],
    ["Qwen2 推理显存: 模型 Qwen2-VL-7B-Instruct, 单卡 A100", "qwen2-vl-7b"],
    ["deepseek-v2 on 8x h100: vllm serve deepseek-ai/DeepSeek-V2-Lite-Chat", "deepseek-v2-lite"],
    ["Gemma 3 fine-tune: model_id = google/gemma-3-27b-it, qlora on a 4090", "gemma-3-27b"],
    ["Qwen3 support in llama.cpp: running Qwen3-Coder-30B-A3B-Instruct-Q4_K_M.gguf on a 3090", "qwen3-30b-a3b"],
  ])('%s', (text, want) => {
    expectModel(text, want);
  });
});

// reconcile.model-named-again-first: "Llama 4 Scout and Llama 4 Maverick … --model-path meta-llama/Llama-4-Scout-17B-16E-Instruct" (sgl-project/sglang#5133, c3017)
describe("models listed in prose, one named again where the message runs it: the one named again", () => {
  it.each([
    ["SGLang has supported Llama 4 Scout and Llama 4 Maverick since v0.4.5. To serve on 8xH100: python3 -m sglang.launch_server --model-path meta-llama/Llama-4-Scout-17B-16E-Instruct --tp 8", "llama-4-scout"],
    ["vLLM runs Qwen2.5 and Llama 3 alike; here: vllm serve Qwen/Qwen2.5-7B-Instruct on one L4", "qwen2.5-7b"],
    ["We support Mixtral and Mistral. Example: vllm serve mistralai/Mistral-7B-Instruct-v0.3 on a 24GB card", "mistral-7b-v0.3"],
    ["Llama 3.1 和 Qwen2.5 都支持。启动：vllm serve Qwen/Qwen2.5-14B-Instruct --tp 2，两张 4090", "qwen2.5-14b"],
    ["Supports Gemma 2 and Phi-3. Launch with --model google/gemma-2-9b-it on an A10G", "gemma-2-9b"],
    ["Scout 和 Maverick 都可以部署，命令: vllm serve meta-llama/Llama-4-Scout-17B-16E-Instruct -tp 8 on 8x H100", "llama-4-scout"],
    // Not a list: the model said first on its own stays the run's, its short name restated or not.
    ["I run llama-2-7b on a 3090 and it OOMs; Qwen (Qwen/Qwen-7B) worked before", "llama-2-7b"],
    ["Fine-tuning mistral-7b with LoRA on a 4090 runs out of memory. Gemma (google/gemma-2-9b-it) was fine.", "mistral-7b"],
  ])('%s', (text, want) => {
    expectModel(text, want);
  });
});

// config.key.output-folder-model: `--output_dir data/Qwen2.5-1.5B-Open-R1-GRPO` (huggingface/open-r1#112, c3021)
describe("a run's output folder named after its model, with no model key, names the model (weak)", () => {
  it.each([
    ["Grpo slurm scripts\n\naccelerate launch --config_file configs/zero3.yaml src/open_r1/grpo.py --bf16 --use_vllm --output_dir data/Qwen2.5-1.5B-Open-R1-GRPO", "qwen2.5-1.5b weak"],
    ["python train.py --output_dir ./llama-2-7b-lora-alpaca --per_device_train_batch_size 4 --bf16 on 2x 3090", "llama-2-7b weak"],
    ["sft 爆显存: --output_dir output/qwen2-7b-sft --deepspeed ds_z3.json 8卡 A100", "qwen2-7b weak"],
    ["output_dir: ./checkpoints/mistral-7b-dpo\nper_device_train_batch_size: 2\nbf16: true", "mistral-7b weak"],
    ["torchrun --nproc_per_node 4 finetune.py --output_dir /data/out/Llama-3-8B-Instruct-lora --lora_r 16", "llama-3-8b weak"],
    ["OOM when training\n\n--save_dir ckpt/gemma-2-9b-orpo --gradient_checkpointing on a 4090", "gemma-2-9b"],
  ])('%s', (text, want) => {
    expectModel(text, want);
  });
});

// hub.repository-folder: "Adds `examples/glm-5.1-msswift`" (basetenlabs/ml-cookbook#116, c3014)
describe("a repository's folder before a slash is no Hub owner", () => {
  it.each([
    ["Add GLM-5.1 ms-swift LoRA recipe\n\nAdds `examples/glm-5.1-msswift` — LoRA SFT of **GLM-5.1** on 4 nodes x 8 H200", "NOTHUB"],
    ["Adds `recipes/qwen2.5-7b-sft` for LoRA SFT of Qwen2.5-7B on one A100", "qwen2.5-7b"],
    ["see examples/llama-3-8b-lora for the LoRA SFT of Llama-3-8B on a 4090", "llama-3-8b"],
    ["configs/mistral-7b-qlora has the QLoRA recipe for Mistral-7B on a T4", "mistral-7b"],
  ])('%s', (text, want) => {
    expectModel(text, want);
  });
});

// names.member-with-series-apart: "feat: add Llama 4 vLLM values … GPU Maverick uses FP8" (awslabs/ai-on-eks-charts#9, c3020)
describe("a release's member named by its own word, the series named with its version elsewhere, is that member (weak)", () => {
  it.each([
    ["feat: add Llama 4 vLLM values for Trainium2 and GPU Maverick\n\nGPU Maverick uses FP8 quantization due to memory constraints.", "llama-4-maverick weak"],
    ["Llama 4 部署：Scout 用 4 张 H100 够吗", "llama-4-scout weak"],
    ["llama4 question: can scout run on a single h100 in int4?", "llama-4-scout weak"],
    ["Running Llama 4 with vLLM — Maverick OOMs on 8x H100 at 430k context", "llama-4-maverick weak"],
    ["Llama 4 모델 중 Maverick을 H200 8장에서 서빙할 수 있나요?", "llama-4-maverick weak"],
  ])('%s', (text, want) => {
    expectModel(text, want);
  });
});
