/**
 * Issue 22 §7's behaviours in strangers' words (task r-behaviours, 2026-12-02): each phrasing was
 * written new, in the styles GitHub threads use, and read before any fix (first sight: 100 tried, 16
 * broke; the lead's report has the table). Styles copied, with the thread each comes from:
 * - lengths: "prompts reach 12,000–13,000 tokens" (gke-labs/open-rl#99), a model's window beside the
 *   user's length: "its 32k context window (qwen 2.5 7b)" (yansikuan/memory-r1#2), "a model fine tuned
 *   for 100k context, and then SFT on lengths of only 32k" (JIA-Lab-research/LongLoRA#31);
 * - host memory and weights: "32GB RAM / RTX 3090 24GB / Ryzen 5 5600x" (unslothai/unsloth#338);
 * - devices the catalog lacks: "M2 ultra with 64G vRam", "a m1 max with 64G" (ollama/ollama#391),
 *   "my 64GB M2 Max" (ggml-org/llama.cpp#1870), "M2 Max has a 38-core GPU w/ up to 96GB unified
 *   memory" (h2oai/h2ogpt#881);
 * - global batches: "a global batch size of 64 (= 4 batch × 4 cards × 4 gradient accumulation
 *   steps)" (OpenHelix-Team/Unified-Diffusion-VLA#3), "the total batch size is 32 × 8 = 256"
 *   (shihao1895/MemoryVLA#13), "batch sizes … are global unless stated otherwise" (facebookresearch/hiera#22);
 * - negation: "Without gradient checkpointing, the backward pass…" (gke-labs/open-rl#99).
 * Three phrasings of the first round still read wrong and are left out here (see the report): an average length with its
 * maximum in brackets, "global bs of 64 = 4 per gpu x 8 gpus x 2 grad accum", "plain DDP" (an unknown
 * word refused).
 */

export interface Expected {
  seq?: number;
  gpu?: string | null;
  count?: number;
  hostGB?: number;
  mode?: 'inference' | 'train';
  recompute?: string;
  attention?: string;
  sharding?: string;
  offload?: string;
  mb?: number;
  ga?: number;
  /** The reply says the micro-batch was not stated (a global batch with no micro-batch). */
  unstatedBatch?: true;
  /** A notice on the first screen matches. */
  notice?: RegExp;
}

/** [behaviour, the user's words, what the reading must hold]. */
export type Phrasing = [string, string, Expected];

export const STRANGERS: Phrasing[] = [
// A: length words set seq; model max context is not the user's length
['A', 'Hi all. I want to fine-tune Mistral 7B with LoRA on one A100 80GB. My prompts are roughly 3k tokens each, answers are short. Will it fit?', {seq:3072}],
['A', 'We serve llama-3-8b-instruct with vLLM on a single L4. Most requests are around 6k tokens of context. Is 24GB enough?', {seq:6144}],
['A', 'I need around 60k of context for RAG with qwen2.5-14b on 2x A100-80G, inference only.', {seq:61440}],
['A', 'Qwen2.5-7B supports 128k context but my documents are only ~8k tokens long. Full fine-tune on 8xH100, zero3.', {seq:8192}],
['A', 'llama 3.1 8b has a 128K context window; I only need 16k. Can I run it on a 4090?', {seq:16384}],
['A', 'Sequences are up to 32k tokens long. LoRA on qwen2-7b, 4 x A100 80GB, deepspeed zero2.', {seq:32768}],
['A', 'mistral-7b lora on a T4. The inputs are 1.5k tokens and outputs 500 tokens.', {seq:2036}],
['A', 'Fine-tuning Llama-3-8B (8k context model) with LoRA on RTX 4090, my data is short: ~512 tokens per sample.', {seq:512}],
['A', 'Gemma-2-9b has an 8192 context length. We only use 1024 tokens. lora, 1x A10G.', {seq:1024}],
['A', '我想用qwen2-7b做lora微调，数据长度大概4k，单卡A100 40G，可以吗？', {seq:4096}],
['A', 'running codellama-34b for code completion; context of about 10k tokens; 2x A6000', {seq:10240}],
['A', 'Can I run phi-3-mini-128k on a 3060 12GB? I will feed it maybe 20k tokens at a time.', {seq:20480}],
['A', 'Full fine-tune of llama-2-7b on 8 A100s with max_seq_len 4096; the model itself supports 4096 context. zero3', {seq:4096}],
// B: model (NN GB in fp16) is weights; NN GB RAM is host memory
['B', 'I am trying to load a 34B model (68 GB in fp16) on 4x RTX 3090 for inference.', {gpu:'rtx-3090', count:4}],
['B', 'Yi-34B is about 68GB in bf16, so I thought 2x A100 80GB would be enough for inference?', {gpu:'a100-80g', count:2}],
['B', 'llama-2-70b (140 GB in fp16) on 8x A10G, serving with vllm', {gpu:'a10g', count:8}],
['B', 'I have 64GB RAM and an RTX 3090. Can I run qwen2.5-32b inference?', {gpu:'rtx-3090', count:1, hostGB:68.7}],
['B', 'System: 128 GB RAM, 1x RTX 4090 24GB. Want to LoRA mistral-7b.', {gpu:'rtx-4090', count:1, hostGB:137.4}],
['B', 'My machine has 32GB of system memory and a single 3060 12GB, fine-tune llama-3-8b with qlora', {gpu:'rtx-3060', hostGB:34.4}],
['B', 'Specs: Ryzen 9 7950X, 64 GB DDR5, RTX 4090. Running llama-3-70b gguf q4 with llama.cpp', {gpu:'rtx-4090', hostGB:68.7}],
['B', 'The fp16 weights of mixtral-8x7b are ~93GB. We have 2 x H100 80GB. inference', {gpu:'h100-80g', count:2}],
['B', 'mixtral 8x7b weights take 87 GB, and we have 4xA100 40GB for full inference', {gpu:'a100-40g', count:4}],
['B', '机器是 256G 内存 + 8张A100 80G，全参微调 llama-2-70b，zero3 offload', {gpu:'a100-80g', count:8, hostGB:274.9}],
['B', 'the 13B checkpoint is 26GB on disk; I want to lora it on a 24GB 3090', {gpu:'rtx-3090', count:1}],
['B', 'ubuntu box with 96GB ram, 2x 3090 (NVLink). QLoRA llama-2-70b', {gpu:'rtx-3090', count:2, hostGB:103.1}],
// C: devices the catalog lacks
['C', 'Can I run llama 2 70b in 4bit on my M2 Ultra with 192GB?', {gpu:null, notice:/m2 ultra|Apple/i}],
['C', 'I have an m1 max with 64G, will mistral-7b inference fit?', {gpu:null, notice:/m1 max|Apple/i}],
['C', 'MacBook Pro M3 Max 128GB, want to run mixtral-8x7b locally', {gpu:null, notice:/Apple|m3/i}],
['C', 'We got an AMD MI300X (192GB) node with 8 cards; full fine-tune llama-3-70b with fsdp', {gpu:'mi300x', count:8}],
['C', 'two 7900 XTX cards (24GB each), ROCm 6.1, qwen2.5-32b inference', {gpu:null, count:2, notice:/AMD|7900/i}],
['C', 'Running llama-3-8b on an AWS inf2.xlarge (Inferentia2, 32GB accelerator memory)', {gpu:null, notice:/inf|unknown|not in the catalog/i}],
['C', 'Is it possible to serve qwen2-7b on a g6.xlarge instance?', {gpu:'l4', notice:/.*/}],
['C', 'We have a DGX Spark (128GB unified memory). Can llama-3.1-70b inference fit there?', {gpu:null, notice:/unified|Spark|not in the catalog|unknown/i}],
['C', 'On an AMD Radeon RX 6800 16GB, can I run llama-2-13b in fp16?', {gpu:null, notice:/AMD|6800/i}],
['C', 'MI250X x 4, lora llama-2-70b', {gpu:'mi250x', count:4}],
['C', 'I only have an Intel Arc A770 16GB. Can it run mistral-7b?', {gpu:null, notice:/Arc|Intel|not in the catalog|unknown/i}],
['C', 'Is my Jetson AGX Orin 64GB able to run llama-3-8b?', {gpu:null, notice:/Orin|Jetson|unified|not in the catalog|unknown/i}],
['C', 'Using a Mac Studio M2 Ultra 192GB, serve llama-3-70b in bf16', {gpu:null, notice:/Apple|Ultra/i}],
['C', 'machine type a3-highgpu-8g on GCP, full finetune llama-3-8b', {gpu:'h100-80g', count:8}],
// D: arithmetic is reasoning
['D', 'I have a 3090, so 24*0.9 ≈ 21.6 GB usable. Can I run llama-3-8b inference in bf16?', {gpu:'rtx-3090', count:1}],
['D', 'two 3090s, 2x24=48GB total, qlora llama-2-70b', {gpu:'rtx-3090', count:2}],
['D', '4 x A100 40GB = 160GB in total, full finetune llama-2-13b with zero3', {gpu:'a100-40g', count:4}],
['D', 'llama-3-8b inference on L4: weights 8B*2 bytes = 16GB, leaves 8GB for KV cache?', {gpu:'l4', count:1}],
['D', 'So 70B x 2 bytes = 140GB. Do 2 H100s suffice for llama-2-70b inference?', {gpu:'h100-80g', count:2}],
['D', 'A10G has 24GB; 24 * 0.9 = 21.6GB with gpu_memory_utilization 0.9. Serving mistral-7b with vllm', {gpu:'a10g', count:1}],
['D', '8 x 80 = 640 GB across the node (8x H100). full fine-tune llama-3-70b fsdp', {gpu:'h100-80g', count:8}],
['D', '7b params * 16 bytes = 112GB for full finetune with adam, I have 2*A100 80G, is zero3 enough?', {gpu:'a100-80g', count:2}],
['D', 'llama-2-13b lora on 2x RTX 4090 (24+24=48GB)', {gpu:'rtx-4090', count:2}],
['D', '单卡4090 24G，24*0.85≈20G可用，跑qwen2-7b推理够吗', {gpu:'rtx-4090', count:1}],
['D', 'qwen2.5-72b awq inference; 72B * 0.5 bytes ≈ 36GB, so 1x A100 80GB?', {gpu:'a100-80g', count:1}],
['D', 'With 4 GPUs (A6000, 48GB each => 192GB), lora llama-2-70b', {gpu:'rtx-a6000', count:4}],
// E: speeds, steps, versions, dates, ports
['E', 'Training llama-3-8b lora on a 4090 at about 12 it/s, then OOM. transformers 4.44.2, torch 2.4.0', {gpu:'rtx-4090', count:1}],
['E', 'OOM every 2-3 steps when fine-tuning mistral-7b with lora on an A100 40GB', {gpu:'a100-40g', count:1}],
['E', 'vllm serve meta-llama/Meta-Llama-3-8B-Instruct --port 8000 on one L40S. 2024-06-12 it worked fine.', {gpu:'l40s', count:1}],
['E', 'qwen2-7b inference on a T4, getting 3.5 tokens/s. CUDA 12.1, driver 535.104', {gpu:'t4', count:1}],
['E', 'deepspeed 0.14.0, python 3.10, 8x A100 80GB, zero3 full finetune llama-2-13b; loss spikes at step 1200', {gpu:'a100-80g', count:8}],
['E', 'Since 2024-05-01 the lora run of llama-3-8b on 2 x 3090 crashes after 150 steps', {gpu:'rtx-3090', count:2}],
['E', 'serving mistral-7b on an A10G with TGI 2.0.4 on port 8080, throughput ~40 tok/s', {gpu:'a10g', count:1}],
['E', 'llama-2-7b qlora on colab T4, 1.8s/it, epoch 3 of 3', {gpu:'t4', count:1}],
['E', 'It runs at 2.3 it/s for the first 100 steps then slows down. lora llama-3-8b, 1x H100', {gpu:'h100-80g', count:1}],
['E', 'nvidia driver 550.54.15 / CUDA 12.4, one RTX 4090, vllm 0.5.3, serving qwen2-7b', {gpu:'rtx-4090', count:1}],
['E', 'Evaluating every 500 steps; qlora mistral-7b on a 3060 12GB', {gpu:'rtx-3060', count:1}],
['E', 'running on 10.0.0.2:29500 with torchrun --nproc_per_node 4 on 4x A100 80GB, zero2 lora llama-2-13b', {gpu:'a100-80g', count:4}],
// F: global batch
['F', 'Full fine-tune llama-2-7b with a global batch of 512 across 32 A100s, zero3.', {gpu:'a100-80g', count:32, unstatedBatch:true}],
['F', 'pretraining a 1.3b model on 64 H100 with global batch size 1024, seq 2048', {gpu:'h100-80g', count:64, unstatedBatch:true}],
['F', 'llama-3-8b full finetune, total batch size 256 on 8x H100, seq 4096, fsdp', {gpu:'h100-80g', count:8, unstatedBatch:true}],
['F', 'We use an effective batch size of 128 over 16 GPUs (A100 80GB), lora qwen2-7b', {gpu:'a100-80g', count:16, unstatedBatch:true}],
['F', 'gbs=1024 on 128 H100s, llama-2-70b pretraining with megatron tp8 pp4', {gpu:'h100-80g', count:128}],
['F', 'qwen2.5-7b sft with global_batch_size 64 on 8 x A100 40G, zero3', {gpu:'a100-40g', count:8}],
['F', 'batch size 512 (global) on 32 GPUs, full finetune llama-2-13b on A100-80G', {gpu:'a100-80g', count:32}],
['F', '全局batch 256，8卡H100，全参微调llama-3-8b，zero3', {gpu:'h100-80g', count:8}],
['F', 'A global batch of 2048 sequences over 256 H100s, llama-3-70b pretraining, seq 8192', {gpu:'h100-80g', count:256}],
// G: no training word -> inference on first screen
['G', 'Will llama-3-70b fit on 2x A100 80GB?', {mode:'inference', notice:/running|inference|serv/i}],
['G', 'qwen2.5-14b on a single 4090, what precision do I need?', {mode:'inference', notice:/running|inference|serv/i}],
['G', 'Is an L4 enough for mistral-7b-instruct? We have maybe 20 concurrent users.', {mode:'inference', gpu:'l4'}],
['G', 'mixtral-8x7b on 4x A10G, bf16, seq 4096', {mode:'inference', notice:/running|inference|serv/i}],
['G', '13b bf16 zero3 seq 4096 on 4xA100-80G', {mode:'train'}],
['G', 'llama-2-13b bf16, gradient checkpointing, on 2x 3090', {mode:'train'}],
['G', 'llama-3-8b with adamw 8bit on a 4090', {mode:'train'}],
['G', 'gemma-2-27b on one H100, bf16, batch 8', {mode:'inference', notice:/running|inference|serv/i}],
['G', 'deepseek-coder-33b on 2xA6000 with 8k context, any chance?', {mode:'inference', notice:/running|inference|serv/i}],
['G', 'qwen2-72b 在 4张A100 40G 上能放下吗', {mode:'inference', notice:/running|inference|serv|推理/i}],
['G', 'llama-3-8b grad accum 8 on a 3090', {mode:'train'}],
['G', 'phi-3-medium on an RTX 3060 12GB?', {mode:'inference', notice:/running|inference|serv/i}],
// H: negation scope
['H', 'lora llama-3-8b on a 4090 without gradient checkpointing, seq 2048', {recompute:'none'}],
['H', 'full finetune llama-2-7b on 4 x A100 80GB, zero3 with gradient checkpointing turned off', {recompute:'none'}],
['H', 'qlora mistral-7b on a T4, gradient_checkpointing=False, seq 1024', {recompute:'none'}],
['H', 'qwen2-7b lora, 单卡A100 80G, 不用梯度检查点, seq 4096', {recompute:'none'}],
['H', 'lora llama-2-13b on a 3090 with no gradient checkpointing, batch 1', {recompute:'none'}],
['H', 'full finetune llama-3-8b on 8x H100, fsdp, activation checkpointing disabled', {recompute:'none'}],
['H', 'lora llama-3-8b on an A10G, --gradient_checkpointing false', {recompute:'none'}],
['H', 'I tried with and without flash attention; lora mistral-7b on a 4090, seq 4096', {}],
['H', 'llama-2-7b lora on a 4090, not using flash attention (sdpa instead)', {attention:'sdpa'}],
['H', 'full ft llama-2-7b on 8x A100 40GB with deepspeed zero3 but without offload', {offload:'none'}],
['H', 'qlora llama-2-13b on a 3060 12GB, use_gradient_checkpointing: false', {recompute:'none'}],
['H', 'mistral-7b lora on 1x A100 with gradient checkpointing off and flash-attn on', {recompute:'none', attention:'flash'}],
['H', 'gradient checkpointing is NOT enabled. lora llama-3-8b on an L4', {recompute:'none'}],
// A second round, written after the fixes above and read once (26 tried, 6 broke: 不用, "switched off",
// "a 32k model" and a prompt "usually 2500 tokens and the answer up to 300" were fixed then; "Each 4090 is
// 24GB so 4 x 24 = 96GB total" (read as one card, silently: now said on the first screen, the count not taken) and
// a pasted log line with a timestamp are left open).
['A', 'The prompt is usually 2500 tokens and the answer up to 300. lora llama-3-8b, one A100 40G', {seq:2800}],
['A', 'serve qwen2-7b on an L4, the prompt is typically 1k tokens and the output at most 256', {seq:1280}],
['A', 'Context: our RAG prompts run ~7k tokens. Serving qwen2.5-14b-instruct on 2x L40S with vllm.', {seq:7168}],
['A', 'mistral 7b instruct v0.2 is a 32k model but we truncate to 4096 tokens. qlora on a 3090', {seq:4096}],
['A', '我们的样本长度在8k左右，qwen2-7b全参微调，8卡A100 80G，zero3', {seq:8192}],
['B', 'Running on a workstation: 2x RTX A6000, 256GB system RAM, Threadripper. Full fine-tune llama-2-13b with zero3 offload.', {gpu:'rtx-a6000', count:2, hostGB:274.9}],
['B', 'llama-3-70b-instruct (~140GB of bf16 weights) across 2 H100 NVL for inference', {count:2}],
['B', 'Colab Pro: A100 40GB + 83.5 GB RAM. qlora mixtral-8x7b', {gpu:'a100-40g', hostGB:89.7}],
['C', 'trying to run llama-3-8b on a Radeon Pro W7900 (48GB)', {gpu:null}],
['C', 'Any idea if qwen2-72b-instruct-awq fits on an AMD MI210 64GB?', {gpu:'mi210'}],
['C', 'I have a Mac mini M4 Pro with 64GB, can ollama run qwen2.5-32b?', {gpu:null}],
['C', 'Our cluster has Gaudi2 (96GB HBM) nodes, 8 per node. lora llama-3-70b', {gpu:null}],
['D', 'fp16 needs 2 bytes per param so 13B*2=26GB, too much for my 24GB 3090 for inference?', {gpu:'rtx-3090', count:1}],
['D', 'KV cache: 2 * 32 layers * 4096 * 2 bytes = 512KB per token. llama-2-7b on A10G', {gpu:'a10g', count:1}],
['E', 'PyTorch 2.3.1+cu121, transformers 4.41.2, peft 0.11.1. QLoRA llama-3-8b on RTX 3060 12GB dies at step 37/500', {gpu:'rtx-3060', count:1}],
['F', 'We pretrain a 7B model from scratch with a global batch of 4M tokens on 256 H100s', {gpu:'h100-80g', count:256}],
['F', 'train_batch_size 512 across 64 A100-80G, zero2, full finetune llama-2-7b', {gpu:'a100-80g', count:64}],
['G', 'Can 2 RTX 4090 handle Mixtral 8x7B at 4-bit?', {mode:'inference'}],
['G', 'llama-3-8b bf16 on T4?', {mode:'inference'}],
['H', 'lora llama-3-8b on one 4090，不用gradient checkpointing，seq 2048', {recompute:'none'}],
['H', 'qwen2-7b 全参, 8卡A100, zero3, 关闭gradient checkpointing', {recompute:'none'}],
['H', 'lora llama-3-8b on an A10G with use_cache=False and gradient_checkpointing=True', {recompute:'full'}],
['H', 'full ft llama-2-7b on 8xA100 80G, no offload, zero3', {offload:'none'}],
['H', 'lora llama-3-8b on a 4090 — gradient checkpointing is switched off', {recompute:'none'}],
['H', 'qlora llama-2-13b on a 3060, without flash attention since it is a 30-series card... wait it is ampere. Anyway no flash-attn', {attention:'eager'}],
];
