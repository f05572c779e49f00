import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * s39 (rprec3): causes of the precision and weight-format fields seen at first sight in b88–b90, each pinned by
 * invented variations (other spellings, orders, a command, a config, Chinese), scored before the fix.
 */
const scenarioOf = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { s: r.scenario, trace: r.trace ?? [] };
};
const weightsOf = (text: string) => {
  const { s, trace } = scenarioOf(text);
  const read = trace.find((t) => t.fact === 'weights' && t.at !== null);
  return `${s.weights}${read?.weak ? ' weak' : ''}`;
};
const precisionOf = (text: string) => {
  const { s } = scenarioOf(text);
  return `${s.recipe} ${s.compute} ${s.weights}`;
};

describe('a 4-bit word names no format: the engine that serves it decides (vllm-project/vllm-metal#328, c2997)', () => {
  it.each([
    // vLLM, SGLang and LMDeploy serve checkpoints quantised already (GPTQ, AWQ, MLX's own); bitsandbytes only when named.
    ['serving llama-3-8b 4bit with vllm on a 4090', 'gptq weak'],
    ['sglang llama-3.1-70b in 4-bit on 2x A100 40GB', 'gptq weak'],
    ['qwen2.5-14b 量化为4bit，用 vllm 部署，一张 4090', 'gptq weak'],
    ['lmdeploy serve api_server qwen2-7b 4bit on a 3090', 'awq weak'],
    [
      'docs: verify Mistral-7B-Instruct-v0.3-4bit on M4 Mac mini (16GB)\n\nVerified it on vllm-metal.\n\n```\nvllm serve mlx-community/Mistral-7B-Instruct-v0.3-4bit --max-model-len 8192\n```',
      'gptq weak',
    ],
    ['Phi-3.5-mini-instruct-4bit on vllm, M4 Max (64GB)', 'gptq weak'],
    // Controls: a loader or a format named decides; transformers' 4 bits are bitsandbytes'.
    ['llama-3-8b 4bit on my 3090 with transformers', 'nf4 weak'],
    ['load llama-2-13b with load_in_4bit=True on a T4', 'nf4'],
    ['vllm serve meta-llama/Llama-3.1-8B-Instruct --quantization bitsandbytes on a 4090, 4bit', 'nf4'],
    ['vllm serve TheBloke/Llama-2-13B-chat-AWQ -q awq on a 4090', 'awq'],
    ['llama-2-7b 4-bit GPTQ on a 3060', 'gptq'],
    ['Llama-3-8B Q4_K_M gguf with llama.cpp on an 8GB card', 'q4_k_m'],
  ])('%s → %s', (text, weights) => {
    expect(weightsOf(text)).toBe(weights);
  });
});

describe('a bits-per-weight width under ExLlamaV2 is its EXL2 width, not a GGUF type (turboderp-org/exllamav2#662, c3045)', () => {
  it.each([
    ['I am running Llama 3.1 70B at 6.0BPW with ExLlamav2_HF loader, 64K context', 'exl2'],
    ['Llama 3.1 70B 6bpw in text-generation-webui, ExLlamav2_HF loader, 2x 3090', 'exl2'],
    ['oobabooga exllamav2 loader, llama-3-70b-instruct 5.0bpw, 2x3090', 'exl2'],
    ['tabbyAPI serving Mistral-Large-Instruct-2407 at 4.25 bpw on 3x 3090', 'exl2'],
    ['exllamav2 llama-3-70b 4.0 bpw on 2x 4090', 'exl2'],
  ])('%s → %s', (text, weights) => {
    expect(scenarioOf(text).s.weights).toBe(weights);
  });
});

describe('a KTransformers CPU weight path is the experts\' copy in host memory, not the GPU weights (kvcache-ai/ktransformers#1661, c2968)', () => {
  it.each([
    ['python -m sglang.launch_server --model /llm2/DeepSeek-V3.2 --kt-amx-weight-path /llm2/DeepSeek-V3.2-CPU-INT8 --tp 2 on 2x 4090', 'fp8'],
    ['python -m sglang.launch_server --model-path /models/DeepSeek-V3-0324 --kt-weight-path /models/DeepSeek-V3-0324-CPU-INT4 --kt-method AMXINT4 on one 4090', 'fp8'],
    ['sglang with ktransformers: --model /data/DeepSeek-R1 \\\n  --kt-amx-weight-path /data/DeepSeek-R1-INT8 \\\n  --tensor-parallel-size 2, two 4090 48GB', 'fp8'],
  ])('%s → %s', (text, weights) => {
    expect(scenarioOf(text).s.weights).toBe(weights);
  });
});

describe('torch_dtype beside bitsandbytes\' load_in_8bit is the compute dtype of the rest (huggingface/accelerate#1103, c2978)', () => {
  it.each([
    ['model = AutoModelForCausalLM.from_pretrained("meta-llama/Llama-2-70b-hf", device_map="auto", load_in_8bit=True, torch_dtype=torch.float16) inference on 4x A100 80GB', 'mixed fp16 int8'],
    ['llama-2-13b inference, load_in_8bit=True, torch_dtype=torch.bfloat16, on a 3090', 'mixed bf16 int8'],
    ['llama-2-70b 8bit 加载（load_in_8bit=True），torch_dtype=torch.float16，4张A100推理', 'mixed fp16 int8'],
    ['from_pretrained("facebook/opt-66b",\n    torch_dtype=torch.float16,\n    load_in_8bit=True,\n    device_map="auto") on 4x a100 80g', 'mixed fp16 int8'],
    ['load_in_4bit=True, bnb_4bit_compute_dtype=torch.float16, llama-2-13b on a T4', 'mixed fp16 nf4'],
  ])('%s → %s', (text, precision) => {
    expect(precisionOf(text)).toBe(precision);
  });
});

describe('precision words: Megatron\'s fp16, "full bf16", 半精度 (deepspeedai/DeepSpeed#4385 c2982, meta-pytorch/torchtune#391 c3007)', () => {
  it.each([
    ['megatron-lm pretrain 1.7b --fp16 on 16x a100 80g', 'megatron fp16'],
    ['Megatron-DeepSpeed pretrain 1.7b --fp16 on 16 a100', 'megatron fp16'],
    ['Megatron-DeepSpeed pretrain 1.7b, ds_config "bf16": {"enabled": false}, "fp16": {"enabled": "auto"} on 16 a100', 'megatron fp16'],
    ['full finetune llama-2-7b in full bf16 with SGD on a 16GB card', 'pure bf16'],
    ['training llama-2-7b entirely in bf16, full finetune on one A100 40GB', 'pure bf16'],
    ['full fine-tune qwen2.5-7b, everything in bf16 (weights, grads, optimizer states) on 8x a100', 'pure bf16'],
    ['半精度 推理 llama-2-13b 一张 a100 80g', 'mixed fp16'],
    ['llama-2-7b 半精度加载，推理，单卡 T4', 'mixed fp16'],
    // Controls.
    ['vllm serve Qwen/Qwen2.5-7B-Instruct --dtype half on a T4', 'mixed fp16'],
    ['llama-2-13b 用半精度(fp16)微调，全参，8张 a100', 'mixed fp16'],
    ['llama-2-7b full finetune bf16 on 8x a100', 'mixed bf16'],
  ])('%s → %s', (text, precision) => {
    const { s } = scenarioOf(text);
    expect(`${s.recipe} ${s.compute}`).toBe(precision);
  });
});

describe('lmdeploy\'s quant_policy 4 is a 4-bit KV cache, sized as one (InternLM/lmdeploy#3138, c2867)', () => {
  it.each([
    ['lmdeploy serve api_server internlm/internlm2-chat-20b --quant-policy 4 on a 4090', 'int4'],
    ['TurbomindEngineConfig(cache_max_entry_count=0.5, quant_policy=4), qwen2-7b with lmdeploy on a 3090', 'int4'],
    ['lmdeploy 部署 qwen2-7b，quant_policy=4，一张 3090', 'int4'],
    ['lmdeploy serve api_server qwen2-7b --quant-policy 8 on a 3090', 'fp8'],
  ])('%s → kv %s', (text, kv) => {
    expect(scenarioOf(text).s.inference.kvDtype).toBe(kv);
  });
});

describe('ParlAI\'s and fairseq\'s --fp16 halve the model: fp16 weights, not HF\'s autocast (facebookresearch/ParlAI#2827, c2990)', () => {
  it.each([
    ["finetune a 3b model, TrainModel.main(batchsize=16, fp16='True', fp16_impl='mem_efficient', optimizer='adam') on 4x 12GB", 'mixed fp16'],
    ['parlai train_model -m transformer/generator 3b --fp16 true --fp16-impl safe -bs 8 on 4 gpus of 12GB', 'mixed fp16'],
    ['fairseq-train 3b model --fp16 --memory-efficient-fp16 --batch-size 8 on 8x v100', 'mixed fp16'],
    // Control: the HF Trainer's --fp16 is autocast over fp32 weights.
    ['full finetune 3b with the HF Trainer --fp16 --per_device_train_batch_size 8 on 4x 24GB', 'amp fp16'],
  ])('%s → %s', (text, precision) => {
    const { s } = scenarioOf(text);
    expect(`${s.recipe} ${s.compute}`).toBe(precision);
  });
});
