import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { corpusLineRead, read } from './reading-fixtures.js';

const canonical = (text: string) => ` ${canonicalText(read(text).scenario)} `;
const hasAll = (text: string, words: readonly string[]) => {
  const c = canonical(text);
  for (const w of words) expect(c).toContain(` ${w} `);
};

/**
 * What the command states beats what a config defers (config-keys/read.ts DEFERS_TO_TRAINER): DeepSpeed's
 * `"gradient_accumulation_steps": "auto"` takes the trainer's own argument, so a later "auto" never replaces the
 * command's `--gradient_accumulation_steps 4` (hiyouga/LlamaFactory#3007, c2590: read as ga 1). First sight of these
 * variations on the code before the change: 2 of 6 right (the two where a fence parted the settings); after: 6 of 6
 * (rframe12, 2026-12-05).
 */
describe("a DeepSpeed config's \"auto\" defers to the command's value", () => {
  it.each<[string, string[]]>([
    ["torchrun --nproc_per_node 4 train.py --model_name_or_path meta-llama/Llama-2-7b-hf --per_device_train_batch_size 2 --gradient_accumulation_steps 8 --bf16 --deepspeed ds.json\nds.json:\n{\n  \"train_micro_batch_size_per_gpu\": \"auto\",\n  \"gradient_accumulation_steps\": \"auto\",\n  \"zero_optimization\": {\"stage\": 2}\n}\nOOM on 4x A100 40G, full finetune", ["ga 8", "mbs 2"]],
    ["Full fine-tune Qwen2.5-7B with deepspeed on 8x H100:\n```\ndeepspeed train.py --deepspeed ds_z3.json --per_device_train_batch_size 1 --gradient_accumulation_steps 16 --max_seq_length 4096 --bf16 True\n```\n```json\n{\"bf16\": {\"enabled\": \"auto\"}, \"gradient_accumulation_steps\": \"auto\", \"train_micro_batch_size_per_gpu\": \"auto\", \"zero_optimization\": {\"stage\": 3}}\n```", ["ga 16", "mbs 1"]],
    ["ds_config.json:\n{\n  \"gradient_accumulation_steps\": \"auto\",\n  \"zero_optimization\": {\"stage\": 2}\n}\n启动命令：deepspeed --num_gpus 2 finetune.py --model_name_or_path Qwen/Qwen2-7B --per_device_train_batch_size 4 --gradient_accumulation_steps 2 --fp16，全参数微调，两张A800", ["ga 2", "mbs 4"]],
    ["全参微调 llama-3-8b，8卡 A100-80G\n训练参数: per_device_train_batch_size=2, gradient_accumulation_steps=4, bf16=True, deepspeed=ds_config_zero3.json\nds_config_zero3.json 里 \"gradient_accumulation_steps\": \"auto\", \"train_micro_batch_size_per_gpu\": \"auto\", \"zero_optimization\": {\"stage\": 3}", ["ga 4", "mbs 2"]],
    ["accelerate launch --config_file zero2.yaml sft.py --model_name mistralai/Mistral-7B-v0.1 --per_device_train_batch_size 4 --gradient_accumulation_steps 4 --bf16\n\nzero2.yaml:\ndeepspeed_config:\n  gradient_accumulation_steps: auto\n  zero_stage: 2\n\nfull fine-tuning on 4x A6000", ["ga 4", "mbs 4"]],
    ["llama-3-8b 풀 파인튜닝, A100 80GB 4장\ndeepspeed train.py --gradient_accumulation_steps 32 --per_device_train_batch_size 1 --deepspeed ds.json --bf16\nds.json: {\"gradient_accumulation_steps\": \"auto\", \"zero_optimization\": {\"stage\": 3, \"offload_optimizer\": {\"device\": \"cpu\"}}}", ["ga 32", "mbs 1"]],
  ])('%s', (text, words) => hasAll(text, words));

  it('c2590: --gradient_accumulation_steps 4 is kept beside ds_config.json\'s "auto"', () => {
    expect(` ${canonicalText(corpusLineRead('c2590').scenario)} `).toContain(' ga 4 ');
  });
});

/**
 * Engine words per engine (config-keys/engines/tensorrt-llm.ts; SGLang's and lmdeploy's expert-parallel flags): a TensorRT-LLM
 * runtime's `--max_batch_size` is its scheduler's cap of sequences in flight (max seqs), never a training micro-batch, and
 * `--ep`, `--ep_size`, `moe_expert_parallel_size`, SGLang's `--ep-size` / `--enable-ep-moe` are the item `ep N`
 * (NVIDIA/TensorRT-LLM#3486, c2537: micro-batch 32, --ep 8 set aside). A build's max_batch_size stays the built batch.
 * First sight of these variations on the code before the change: 0 of 10 right; after: 10 of 10 (rframe12, 2026-12-05).
 */
describe("an engine's max batch size and expert parallelism", () => {
  it.each<[string, string[]]>([
    ["trtllm-serve deepseek-ai/DeepSeek-V3 --tp_size 8 --ep_size 8 --max_batch_size 64 --max_num_tokens 8192 on 8x H200", ["tp 8", "ep 8", "max seqs 64", "batched tokens 8192"]],
    ["trtllm-bench --model meta-llama/Llama-3.1-70B throughput --tp 4 --max_batch_size 128 --dataset /tmp/ds.txt --backend pytorch\nOOM on 4x H100", ["tp 4", "max seqs 128"]],
    ["用 trtllm-serve 部署 Qwen3-235B-A22B，参数 --tp_size 8 --ep_size 4 --max_batch_size 16，8卡H20 显存不够", ["tp 8", "ep 4", "max seqs 16"]],
    ["Serving Qwen3-30B-A3B with trtllm-serve on 2x H100:\n```\ntrtllm-serve Qwen/Qwen3-30B-A3B --backend pytorch --tp_size 2 --ep_size 2 --max_batch_size 256 --kv_cache_free_gpu_memory_fraction 0.8\n```", ["tp 2", "ep 2", "max seqs 256"]],
    ["trtllm-serve로 Llama-3.3-70B 서빙 중입니다. --tp_size 4 --max_batch_size 32 --max_num_tokens 4096, H100 4장인데 OOM 납니다", ["tp 4", "max seqs 32", "batched tokens 4096"]],
    ["sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 8 --ep-size 8 --max-running-requests 64 on 8x H200", ["tp 8", "ep 8", "max seqs 64"]],
    ["python3 -m sglang.launch_server --model Qwen/Qwen3-235B-A22B --tp 8 --enable-ep-moe --max-running-requests 32, 8xH100", ["tp 8", "ep 8", "max seqs 32"]],
    ["trtllm-bench -m Qwen/Qwen3-8B throughput --max_batch_size 64 --max_num_tokens 2048 --dataset d.txt on one L40S", ["max seqs 64", "batched tokens 2048"]],
    ["from tensorrt_llm import LLM\nllm = LLM(model=\"Qwen/Qwen3-30B-A3B\", tensor_parallel_size=2, moe_expert_parallel_size=2, max_batch_size=8)\nOOM on 2x L40S", ["tp 2", "ep 2", "max seqs 8"]],
    ["trtllm-build --checkpoint_dir ./ckpt --output_dir ./engine --gemm_plugin float16 --max_batch_size 16 --max_input_len 2048 --max_seq_len 4096\nllama-2-13b on one A100 80GB", ["max seqs 16"]],
  ])('%s', (text, words) => hasAll(text, words));

  it('a runtime max_batch_size is no micro-batch', () => {
    expect(canonical('trtllm-serve meta-llama/Llama-3.3-70B-Instruct --tp_size 4 --max_batch_size 32 on 4x H100')).not.toContain(' mbs 32 ');
  });

  it("c2537: trtllm-bench's --ep 8 and --max_batch_size 32", () => {
    const c = ` ${canonicalText(corpusLineRead('c2537').scenario)} `;
    for (const w of ['ep 8', 'max seqs 32', 'batched tokens 5127']) expect(c).toContain(` ${w} `);
  });
});


/**
 * Serving file formats are serving (scenario/patch.ts publisherBesideEngine, resolve-framework.ts): Unsloth named beside
 * a GGUF file that llama.cpp, Ollama, LM Studio or KoboldCpp runs is who published the file, not a trainer the run uses
 * (Anbeeld/beellama.cpp#168, c2540: "Unsloth/Qwen3.8-27B-MTP:Q8_0" beside llama-server.exe refused as a GGUF trained).
 * First sight of these variations on the code before the change: 3 of 7 right; after: 7 of 7 (rframe12, 2026-12-05).
 */
describe('a GGUF published by Unsloth and run by a llama.cpp engine', () => {
  it.each<[string, string]>([
    ["llama-server -hf unsloth/Qwen3-30B-A3B-GGUF:Q4_K_M -c 32768 -ngl 99 on a 4090", "q4_k_m"],
    ["ollama run hf.co/unsloth/gemma-3-27b-it-GGUF:Q4_K_M on my 3090", "q4_k_m"],
    ["I downloaded Unsloth's Qwen3-32B-Q4_K_M.gguf and run it with llama-server on 2x 3090, -c 16384", "q4_k_m"],
    ["用 llama-server 跑 unsloth/Qwen3-14B-GGUF 的 Q6_K，-c 8192，4060Ti 16G", "q6_k"],
    ["$ModelAlias = \"Unsloth/Qwen3-8B:Q8_0\"\nllama-server.exe --model \"Qwen3-8B-Q8_0.gguf\" --ctx-size 32768 --n-gpu-layers -1 on a 4080", "q8_0"],
    ["koboldcpp --model unsloth_Llama-3.1-8B-Instruct-Q5_K_M.gguf --contextsize 8192 --gpulayers 99 on RTX 3060 12GB", "q5_k_m"],
    ["LM Studio에서 unsloth/Qwen3-4B-GGUF Q8_0 로드, RTX 3070 8GB", "q8_0"],
  ])('%s', (text, format) => {
    const c = canonical(text);
    expect(c).toContain(' inference ');
    expect(c).toContain(' llamacpp ');
    expect(c).toContain(` ${format} `);
  });

  it('says Unsloth was read as the publisher', () => {
    expect(read('ollama run hf.co/unsloth/gemma-3-27b-it-GGUF:Q4_K_M on my 3090').said).toMatch(/who published/);
  });

  it('c2540: llama-server runs the Q8_0 file, no refusal', () => {
    expect(` ${canonicalText(corpusLineRead('c2540').scenario)} `).toContain(' q8_0 ');
  });
});
