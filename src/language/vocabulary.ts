/**
 * Every keyword of the request language (DESIGN §2) with the spellings people type.
 * A spelling's words may be joined by spaces, `-`, `_` or nothing ("zero stage 3", "zero-3",
 * "zero3"): the lexer builds its regex that way. `type` is the grammar terminal the keyword
 * lexes to; `value` is what it means inside that family.
 */
export interface Keyword {
  type: string;
  value: string;
  spellings: string[];
  /** A number may follow without a space ("tp8", "bs16", "seq4096"). */
  numeric?: boolean;
  /**
   * A code identifier read only as written, never from words with a space between them:
   * "foreach" is PyTorch's flag, "for each query" is English.
   */
  identifier?: boolean;
}

import { VLLM_VERSION_KEYWORDS } from './vllm-versions.js';
import { TGI_VERSION_KEYWORDS } from './tgi-versions.js';
import { LMDEPLOY_VERSION_KEYWORDS } from './lmdeploy-versions.js';
import { UNSLOTH_VERSION_KEYWORDS } from './unsloth-versions.js';
import { LLAMAFACTORY_VERSION_KEYWORDS } from './llamafactory-versions.js';
import { TORCHTUNE_VERSION_KEYWORDS } from './torchtune-versions.js';
import { TRANSFORMERS_VERSION_KEYWORDS } from './transformers-versions.js';

const kw = (type: string, value: string, spellings: string[], numeric = false): Keyword => ({
  type,
  value,
  spellings,
  numeric,
});

/** Apple MLX's servers by name: mlx_lm.server, mlx_vlm.server, MLX Studio's vmlx (serve-engines.ts counts them). */
export const MLX_SERVER_WORDS = /mlx[-_ ]?v?lm[._ ]server|mlx server|vmlx|mlx ?studio/i;

/** Serve spellings that name an engine ("vllm", "sglang") rather than say "serve" or "deploy". */
export const ENGINE_NAMED = new RegExp(String.raw`vllm|sglang|tensorrt|trt|lmdeploy|aphrodite|lightllm|text generation (?:launcher|server)|mistral\.?rs|(?<![a-z])mii(?![a-z])|fastgen|${MLX_SERVER_WORDS.source}`, 'i');

export const KEYWORDS: readonly Keyword[] = [
  // mode
  kw('mode', 'full', ['full', 'full fine-tune', 'full finetune', 'full fine tuning', 'full finetuning', 'full ft', 'fft',
    'full parameter', 'full parameters', 'full param', 'full params', 'full parameter fine-tuning', 'full parameter finetuning',
    'full-parameter fine-tune', 'full weights', 'full model fine-tuning', 'full fine-tuning', 'full sft']),
  kw('mode', 'pretrain', ['pretrain', 'pretraining', 'pre-train', 'pre-training', 'from scratch', 'pretrained from scratch',
    'continue pretraining', 'continued pretraining', 'continual pretraining', 'continue pre-training', 'continued pre-training', 'cpt']),
  // Training verbs: "train 7b with lora" must not contradict lora, so they only mean "not inference".
  kw('mode', 'train', ['train', 'training', 'finetune', 'fine-tune', 'fine tuning', 'finetuning', 'sft', 'tune',
    'trains', 'trained', 'trainer run', 'finetunes', 'finetuned', 'fine-tuned', 'fine tuned', 'fine-tunes', 'tuning',
    'finetunning', 'fine tunning', 'fine-tunning', 'finetuing', 'fintune', 'fintuning', 'finetun', 'fine-tunes',
    'instruction tuning', 'instruction-tuning']),
  kw('mode', 'inference', ['infer', 'inference', 'inferencing', 'generation', 'decode', 'decoding', 'chat with', 'chatting with',
    'text generation', 'predict', 'prediction']),
  // Weak inference intent: "run"/"load" mean inference unless a training word or setting is also there.
  // Apple's MLX named alone ("mlx: mistral-7b-instruct_4bit on 16GB unified memory", mlx_lm.generate) runs the
  // model as "run" does; its LoRA trainer (mlx_lm.lora) is a training word beside it, which wins. Its servers are
  // serve words below. Unknown, "mlx" refused a request whose every other word was read.
  kw('mode', 'run', ['run', 'running', 'runs', 'ran', 'load', 'loading', 'loads', 'use it for inference', 'mlx', 'mlx-lm', 'mlx_lm', 'mlx lm', 'mlx-vlm', 'mlx_vlm']),
  // Serving engines with a paged KV cache and a memory budget (vLLM, TGI, SGLang, TensorRT-LLM):
  // read as the vLLM engine, the one the estimate models. A deployment or a hosted model is a
  // server answering many requests, so "deploy" and "host" are serving too (the reply says which
  // engine was assumed).
  kw('serve', 'vllm', ['serve', 'serving', 'vllm', 'served', 'text generation launcher',
    'text generation server', 'sglang', 'tensorrt llm', 'trt llm', 'tensorrt-llm', 'lmdeploy',
    // TensorRT-LLM by its other names: an engine built "to trt engine" (NVIDIA/TensorRT-LLM#701, c1250),
    // Triton's `--backend tensorrtllm` / "Building TRT-LLM engine" (triton-inference-server, c1135),
    // its CLIs trtllm-build / trtllm-serve (NVIDIA/TensorRT-LLM#2043).
    'trt engine', 'trt engines', 'tensorrt engine', 'tensorrt engines', 'trt-llm', 'trtllm', 'tensorrtllm',
    'trtllm-build', 'trtllm-serve', 'aphrodite', 'aphrodite engine', 'aphrodite-engine',
    // mistral.rs on CUDA: PagedAttention's KV cache takes 0.9 of the card less what is used (engines/mistralrs.ts).
    'mistral.rs', 'mistralrs', 'mistralrs-server',
    // LightLLM: a token-level KV pool sized from what the weights leave (serve-engines.ts).
    'lightllm',
    // DeepSpeed-MII's FastGen: KV blocks from the memory left after the weights (memory/mii.ts).
    'mii', 'deepspeed-mii', 'deepspeed mii', 'fastgen', 'deepspeed-fastgen', 'mii.serve', 'mii.pipeline',
    // Apple MLX's OpenAI-compatible servers: `mlx_lm.server` (ml-explore/mlx-lm#883, c1634), `mlx_vlm.server`
    // (Blaizzy/mlx-vlm#1972, c1668), MLX Studio's vmlx server (jjang-ai/mlxstudio#65, c1648): serving (serve-engines.ts).
    'mlx_lm.server', 'mlx_vlm.server', 'mlx-lm server', 'mlx_lm server', 'mlx-vlm server', 'mlx server', 'vmlx', 'mlxstudio', 'mlx studio',
    'deploy', 'deploying', 'deployment', 'deployed', 'deploys', 'host', 'hosting', 'hosted']),
  kw('lora', 'lora', ['lora', 'peft lora', 'peft', 'loras', 'lora adapter', 'lora adapters', 'lora fine-tune', 'lora finetune', 'lora fine-tuning', 'lora finetuning']),
  kw('lora', 'qlora', ['qlora', 'q-lora', 'qlora fine-tune', 'qlora finetune', 'qlora fine-tuning', 'qlora finetuning']),
  kw('rankKw', 'rank', ['rank'], true),
  kw('loraAll', 'all-linear', ['all-linear', 'all linear', 'all linears', 'all proj', 'all projections', 'all modules']),
  kw('loraDropout', 'dropout', ['dropout'], true),
  kw('loraAlpha', 'alpha', ['alpha'], true),
  // precision (DESIGN §3.2 recipes)
  kw('precision', 'fp32', ['fp32', 'float32', 'full precision', 'no mixed precision', 'tf32']),
  kw('precision', 'bf16', ['bf16', 'bfloat16', 'brain float16', '16bit', '16-bit', '16 bits']),
  kw('precision', 'fp16', ['fp16', 'float16', 'half', 'half precision']),
  // Megatron-Bridge's recipe names write the FP8 scaling after it: "fp8cs" current scaling, "fp8mx" MXFP8 blocks
  // ("Llama 3 70B 64gpus FP8CS recipe", AI-Hypercomputer/gpu-recipes#198, c2749: read as bf16).
  kw('precision', 'fp8', ['fp8', 'float8', 'fp8cs', 'fp8mx', 'fp8 current scaling', 'fp8 delayed scaling']),
  kw('precision', 'amp', ['amp', 'autocast', 'torch amp']),
  kw('precision', 'mixed', ['mixed', 'mixed precision']),
      kw('precision', 'pure', ['pure', 'pure 16-bit', 'true 16-bit']),
  // litgpt's "bf16-true" is read from its --precision flag (config-keys.ts): as a flexible
  // spelling it would also match HF's "bf16 True", which is autocast, not pure bf16.
  kw('precision', 'pure+bf16', ['pure bf16', 'native bf16', 'bf16 native', 'bf16 weights', 'bf16 only', 'purely bf16']),
  kw('precision', 'pure+fp16', ['pure fp16', 'fp16 weights', 'fp16 only']),
  kw('precision', 'megatron', ['megatron-mixed', 'megatron mixed', 'fp32 main grads']),
  // weight formats of a frozen base or served model
  kw('weights', 'int8', ['int8', 'sym int8', 'int8 sym', '8bit', '8-bit', 'llm.int8', 'bnb 8bit', 'load in 8bit', 'w8', '8 bit', '8bit quantization', '8-bit quantized', 'w8a16', 'w8a8']),
  kw('weights', 'nf4', ['nf4', '4bit', '4-bit', 'bnb 4bit', 'load in 4bit', 'fp4', '4 bit', 'bitsandbytes 4bit', '4bit quantization', '4-bit quantized', 'bnb nf4']),
  kw('weights', 'nf4-dq', ['nf4 dq', 'nf4-dq', 'nf4 double quant', 'dq', 'double quant', 'double quantization', 'double quantize', 'double quantized', 'nested quantization']),
  // IPEX-LLM names its 4- and 8-bit integer formats sym_int4, asym_int4, sym_int8; its benchmark reports say "INT4_SYM" (intel/ipex-llm#11219, c1171).
  // A compressed-tensors / llm-compressor scheme names weights and activations: W4A16 is 4-bit weight-only ("llama3.1-70B
  // quantized w4a16", vllm-project/vllm via corpus c1820), W8A16 and W8A8 (int8 above) 8-bit weights.
  kw('weights', 'gptq', ['gptq', 'int4', 'w4', 'marlin', 'sym int4', 'asym int4', 'int4 sym', 'int4 asym', 'w4a16', 'auto gptq', 'gptq modifier']),
  // EXL2, ExLlamaV2's own format: it names ExLlamaV2 as GGUF names llama.cpp (scenario/resolve-framework.ts).
  kw('weights', 'exl2', ['exl2']),
  // AWQ named by the tool that makes or runs it: AutoAWQ (casper-hansen/AutoAWQ#65, c3082), LMDeploy's `lite auto_awq`
  // (InternLM/lmdeploy#1729, c3083), llm-compressor's AWQModifier (vllm-project/llm-compressor#2020, c3086) and MIT's
  // llm-awq (mit-han-lab/llm-awq#165, c2359); GPTQ by AutoGPTQ and GPTQModifier alike. A message that quantises with them is the pass's, which
  // reconcile/weights-evidence.ts sets aside and says.
  kw('weights', 'awq', ['awq', 'auto awq', 'awq modifier', 'llm awq']),
  kw('weights', 'fp8', ['fp8 weights', 'weights fp8', 'fp8 weight']),
  kw('weights', 'mxfp4', ['mxfp4', 'mx fp4', 'mxfp4 weights']),
  kw('weights', 'q8_0', ['q8_0', 'q8', 'gguf q8_0']),
  kw('weights', 'q6_k', ['q6_k', 'q6', 'gguf q6_k']),
  kw('weights', 'q5_k_m', ['q5_k_m', 'q5km', 'q5', 'gguf q5_k_m']),
  kw('weights', 'q4_k_m', ['q4_k_m', 'q4km', 'q4', 'gguf', 'gguf q4_k_m']),
  kw('weights', 'q3_k_m', ['q3_k_m', 'q3km', 'q3', 'gguf q3_k_m']),
  kw('weights', 'q2_k', ['q2_k', 'q2', 'gguf q2_k']),
  // optimizers
  kw('optimizer', 'adamw', ['adamw']),
  kw('optimizer', 'adamw+fused', ['fused adamw', 'fused adam', 'apex adam']),
  kw('optimizer', 'adam', ['adam']),
  kw('optimizer', 'adamw-8bit', ['adam8bit', 'adamw8bit', 'adam 8bit', 'adamw 8bit', '8bit adam', '8bit adamw', 'bnb adam', 'adamw bnb 8bit', 'adamw 8 bit', '8-bit adam', '8-bit adamw', '8bit optimizer', '8-bit optimizer']),
  kw('optimizer', 'paged-adamw', ['paged adamw', 'paged adam', 'paged adamw 32bit']),
  kw('optimizer', 'paged-adamw-8bit', ['paged adamw 8bit', 'paged adam 8bit', 'paged 8bit adamw', 'paged 8bit adam']),
  // LOMO fuses the gradient with a plain SGD update, no optimizer state (OpenLMLab/LOMO, arXiv 2306.09782; c1352).
  kw('optimizer', 'sgd', ['sgd', 'plain sgd', 'lomo']),
  kw('optimizer', 'sgd-momentum', ['sgd momentum', 'sgdm']),
  kw('optimizer', 'adafactor', ['adafactor']),
  kw('optimizer', 'lion', ['lion']),
  kw('optimizer', 'sophia', ['sophia', 'sophiag']),
  kw('impl', 'fused', ['fused']),
  { ...kw('impl', 'foreach', ['foreach']), identifier: true },
  // sharding
  kw('sharding', 'ddp', ['ddp']),
  kw('sharding', 'zero0', ['zero0', 'zero stage 0', 'ds zero0', 'stage 0', 'z0']),
  kw('sharding', 'zero1', ['zero1', 'zero stage 1', 'ds zero1', 'stage 1', 'z1', 'zero 1 stage', 'stage1']),
  kw('sharding', 'zero2', ['zero2', 'zero stage 2', 'ds zero2', 'stage 2', 'z2', 'zero-2 offload stage', 'stage2']),
  kw('sharding', 'zero3', ['zero3', 'zero stage 3', 'ds zero3', 'stage 3', 'z3', 'stage3', 'zero3++', 'zero++']),
  // PyTorch's class and Lightning's strategy name FSDP as the code spells it ("FullyShardedDataParallel(model, …)",
  // "FSDPStrategy(auto_wrap_policy=…)", Lightning-AI/lit-llama#389, c2050).
  kw('sharding', 'fsdp', ['fsdp', 'fsdp full shard', 'fsdp full_shard', 'full shard', 'full_shard', 'fullyshardeddataparallel', 'fsdpstrategy']),
  kw('sharding', 'fsdp-grad-op', ['fsdp shard grad op', 'shard grad op', 'fsdp shard_grad_op', 'shard_grad_op']),
  kw('sharding', 'hsdp', ['hsdp', 'hybrid shard', 'hybrid_shard']),
  // offload
  kw('offload', 'optimizer-cpu', ['offload', 'cpu offload', 'offload optimizer', 'zero-offload', 'zero offload', 'cpu offload optimizer', 'offloads', 'offloading', 'cpu offloading', 'offload to cpu', 'offloaded', 'optimizer offload', 'offload optimizer to cpu', 'offload the optimizer']),
  kw('offload', 'optimizer-nvme', ['nvme offload', 'nvme offload optimizer', 'zero-infinity', 'zero infinity']),
  kw('offload', 'params-cpu', ['offload params', 'offload param', 'offload parameters', 'cpu offload params', 'param offload', 'parameter offload', 'offload weights', 'offload the weights']),
  kw('offload', 'params-nvme', ['nvme offload params']),
  kw('offload', 'none', ['no offload', 'without offload']),
  // parallelism
  kw('parDim', 'tp', ['tp', 'tensor parallel', 'tensor parallelism', 'tensor parallel size'], true),
  kw('parDim', 'pp', ['pp', 'pipeline parallel', 'pipeline parallelism', 'pipeline parallel size'], true),
  kw('parDim', 'cp', ['cp', 'context parallel', 'context parallelism'], true),
  kw('parDim', 'ep', ['ep', 'expert parallel', 'expert parallelism'], true),
  kw('parDim', 'dp', ['dp', 'data parallel', 'data parallelism'], true),
  // Megatron's interleaved 1F1B: model chunks per pipeline rank (--virtual-pipeline-model-parallel-size).
  kw('parDim', 'vpp', ['vpp', 'virtual pipeline', 'virtual pipeline stages', 'virtual stages', 'virtual pipeline size',
    'virtual pipeline model parallel size', 'interleaved pipeline', 'interleaved stages', 'model chunks'], true),
  kw('sp', 'sp', ['sp', 'sequence parallel', 'sequence parallelism']),
  // sequence and batch
  kw('seqKw', 'seq', ['seq', 'seqlen', 'seq len', 'seq_len', 'sequence', 'sequence length', 'context', 'context length', 'ctx', 'ctx len', 'max len', 'max length', 'length',
    'context len', 'context window', 'context size', 'ctx size', 'sequence len', 'seq length', 'sequence lengths',
    'cutoff len', 'cutoff', 'seqlens', 'tokens context', 'token context', 'input length', 'prompt length', 'input len', 'context of'], true),
  kw('batchKw', 'mbs', ['bs', 'batch', 'batch size', 'mbs', 'micro batch', 'micro batch size', 'microbatch', 'per device batch', 'per device batch size', 'per gpu batch', 'per gpu batch size',
    'batchsize', 'batch sizes', 'bsz', 'batch of', 'micro bs', 'microbatch size', 'per device train batch size', 'concurrent sequences'], true),
  kw('batchKw', 'ga', ['ga', 'gas', 'grad accum', 'gradient accumulation', 'grad accumulation', 'accum', 'accumulation', 'grad acc', 'gradient accumulation steps'], true),
  // "total batch size is 32 × 8 = 256" (shihao1895/MemoryVLA#13), "the total batch size adds up" (facebookresearch/hiera#22),
  // HF Trainer's "Total train batch size (w. parallel, distributed & accumulation)": the samples of one step.
  kw('batchKw', 'gbs', ['gbs', 'global batch', 'global batch size', 'global bs', 'effective batch', 'effective batch size', 'total batch', 'total batch size', 'total train batch size'], true),
  // recompute, attention, loss
  kw('recompute', 'full', ['gc', 'ckpt', 'checkpointing', 'grad ckpt', 'gradient checkpointing', 'activation checkpointing', 'act ckpt', 'recompute', 'recompute full', 'full recompute', 'recomputation', 'with gc',
    'gradient checkpoint', 'grad checkpointing', 'gradient-checkpointing', 'activation recomputation',
    // torchtitan's "AC" (activation checkpointing; its [activation_checkpoint] mode "full"): "FSDP=8, full AC" (pytorch/torchtitan#1690, c2640).
    'full ac', 'ac full', 'full activation checkpointing', 'full activation checkpoint']),
  kw('recompute', 'selective', ['selective', 'selective recompute', 'selective checkpointing', 'selective ac', 'ac selective', 'selective activation checkpointing']),
  kw('recompute', 'per-op', ['per-op sac', 'per op sac', 'op sac', 'sac', 'per-op checkpointing', 'selective op checkpointing']),
  kw('recompute', 'offloaded', ['offloaded gc', 'unsloth gc', 'offloaded checkpointing', 'activation offloading', 'offload activations', 'offloaded activations', 'unsloth gradient checkpointing']),
  kw('recompute', 'none', ['no gc', 'no ckpt', 'no checkpointing', 'no gradient checkpointing', 'no activation checkpointing', 'no recompute', 'without gc', 'without checkpointing', 'no recomputation',
    'without gradient checkpointing', 'without activation checkpointing', 'gradient checkpointing off', 'gradient checkpointing disabled', 'disable gradient checkpointing', 'disabled gradient checkpointing']),
  kw('attention', 'flash', ['flash', 'fa', 'fa2', 'fa3', 'flash attention', 'flash attn', 'flash-attn', 'flash attention 2', 'flash attn 2', 'flashattention', 'flashattention2', 'flash attention2', 'flash_attention_2', 'flash attention v2', 'flash-attention']),
  kw('attention', 'sdpa', ['sdpa', 'torch sdpa']),
  kw('attention', 'eager', ['eager', 'no flash', 'no flash attention', 'no flash attn', 'no flash attention 2', 'no fa2']),
  kw('loss', 'chunked', ['chunked ce', 'chunked cross entropy', 'chunked loss', 'chunked cross entropy loss']),
  kw('loss', 'fused', ['fused ce', 'fused cross entropy', 'fused loss', 'fused linear cross entropy', 'flce', 'liger', 'liger kernel', 'cut ce', 'cut cross entropy', 'cce']),
  kw('loss', 'full', ['full ce', 'plain ce', 'full cross entropy', 'no chunked ce', 'ce', 'cross entropy', 'loss fp32', 'fp32 loss', 'fp32 ce', 'loss in fp32']),
  kw('loss', 'bf16', ['loss bf16', 'bf16 loss', 'bf16 ce', 'loss fp16', 'fp16 loss', 'loss in bf16', '16-bit loss']),
  // data shape, for the allocator's slack: packed fixed-length blocks or batches padded to their longest sample
  kw('batches', 'packed', ['packed', 'packing', 'sample packing', 'packed sequences', 'packed dataset', 'fixed length', 'pad to max length', 'padding max length']),
  kw('batches', 'padded', ['dynamic padding', 'no packing', 'without packing', 'variable length', 'variable lengths', 'padded batches', 'pad to longest']),
  // framework presets
  kw('framework', 'hf', ['hf', 'huggingface', 'hugging face', 'transformers', 'hf trainer', 'trainer', 'accelerate', 'trl']),
  // ModelScope ms-swift trains through transformers' Trainer / TRL: its CLI commands ("swift rlhf --rlhf_type grpo")
  // are Hugging Face conventions, not TRL's PPO that the bare word "rlhf" names.
  kw('framework', 'hf', ['ms-swift', 'ms swift', 'swift sft', 'swift rlhf', 'swift pt']),
  kw('framework', 'deepspeed', ['deepspeed', 'ds', 'deepseed', 'deep speed', 'deepspeeed', 'deespeed']),
  // Megatron-Bridge (NVIDIA-NeMo/Megatron-Bridge) trains on Megatron-Core with its distributed optimizer: the program, not a
  // product that only holds the name (its "-Bridge" had been left unread and Megatron said as a mention, c2823, c2827).
  kw('framework', 'megatron', ['megatron', 'megatron-lm', 'megatron core', 'mcore', 'nemo', 'megatron-bridge', 'megatron bridge', 'megatron_bridge']),
  kw('framework', 'torchtune', ['torchtune', 'torch tune', 'tune run']),
  kw('framework', 'litgpt', ['litgpt', 'lit-gpt']),
  kw('framework', 'peft', ['peft kbit', 'prepare_model_for_kbit_training', 'kbit training']),
  kw('framework', 'llama-factory', ['llama-factory', 'llamafactory', 'llama factory', 'llama_factory']),
  kw('framework', 'axolotl', ['axolotl']),
  kw('framework', 'unsloth', ['unsloth']),
  kw('framework', 'torchtitan', ['torchtitan', 'torch titan']),
  kw('framework', 'dpo', ['dpo', 'kto', 'ipo', 'dpo trainer', 'kto trainer']),
  kw('framework', 'orpo', ['orpo', 'orpo trainer']),
  kw('framework', 'grpo', ['grpo', 'grpo trainer']),
  // OpenRLHF's entry points (openrlhf.cli.train_ppo_ray, train_ppo): PPO (or GRPO with
  // --advantage_estimator group_norm), its actor trained under DeepSpeed.
  kw('framework', 'ppo', ['ppo', 'rlhf', 'ppo trainer', 'train_ppo_ray', 'train ppo ray', 'train_ppo']),
  // Reward-model training (issue 23, v1101): TRL's RewardTrainer (reward_modeling.py), LLaMA-Factory's
  // `--stage rm`, OpenRLHF's train_rm, DeepSpeed-Chat's step 2, ColossalAI's train_reward_model.py. A bare
  // "reward model" beside PPO or GRPO is one of that run's models, not the run (reconcile/rl-algorithm.ts).
  kw('framework', 'reward', ['reward', 'reward model', 'reward modeling', 'reward modelling', 'reward model training', 'reward trainer',
    'rewardtrainer', 'reward_modeling', 'train_rm', 'train_reward_model', 'rm training']),
  kw('framework', 'alpaca-lora', ['alpaca-lora', 'alpaca lora', 'alpaca_lora']),
  // dvlab-research/LongLoRA's fine-tune.py and supervised-fine-tune.py (issue 23, vb6 v168/v169).
  kw('framework', 'longlora', ['longlora', 'long-lora']),
  kw('framework', 'tgi', ['tgi', 'text-generation-inference', 'text generation inference']),
  kw('framework', 'llama-recipes', ['llama-recipes', 'llama recipes', 'llama_recipes', 'llama-cookbook', 'llama cookbook']),
  // LM Studio, KoboldCpp and llamafile run GGUF files on llama.cpp, as Ollama does.
  // turboderp's ExLlamaV2 runs its own EXL2 format (memory/exllamav2.ts); TabbyAPI serves it.
  kw('framework', 'exllamav2', ['exllamav2', 'exllama v2', 'exllama2', 'tabbyapi']),
  kw('framework', 'llamacpp', ['llamacpp', 'llama.cpp', 'llama cpp', 'llama-cpp', 'llama-server', 'ollama', 'lm studio', 'lmstudio', 'koboldcpp', 'llamafile']),
  // architecture overrides
  kw('archKw', 'layers', ['layers', 'layer', 'n layers', 'num layers', 'num hidden layers', 'depth'], true),
  kw('archKw', 'hidden', ['hidden', 'hidden size', 'd model', 'dmodel', 'width'], true),
  kw('archKw', 'heads', ['heads', 'attention heads', 'num heads', 'n heads', 'num attention heads'], true),
  kw('archKw', 'kv', ['kv', 'kv heads', 'num kv heads', 'n kv heads', 'num key value heads', 'gqa'], true),
  kw('archKw', 'ffn', ['ffn', 'intermediate', 'intermediate size', 'mlp', 'ffn size', 'mlp size'], true),
  kw('archKw', 'vocab', ['vocab', 'vocab size', 'vocabulary'], true),
  kw('archKw', 'headdim', ['head dim', 'head_dim', 'headdim', 'head size', 'dim per head'], true),
  // inference
  kw('genKw', 'gen', ['gen', 'generate', 'new tokens', 'max new tokens', 'output tokens', 'generated tokens', 'decode tokens', 'output', 'generating', 'output length', 'output len', 'max tokens'], true),
  // The completion length of online RL rollouts (TRL GRPOConfig max_completion_length, "--max-completion-length
  // 1024"): generated tokens of a training run, read apart from inference's "gen" (memory/rl.ts).
  kw('completionKw', 'completion', ['completion', 'completion length', 'completion len', 'completion tokens', 'max completion length', 'max completion', 'max completion tokens'], true),
  kw('kvDtype', 'fp8', ['kv fp8', 'fp8 kv cache', 'fp8 kv', 'kv cache fp8', 'kv cache dtype fp8']),
  kw('kvDtype', 'bf16', ['kv bf16', 'bf16 kv cache']),
  kw('kvDtype', 'fp16', ['kv fp16', 'fp16 kv cache']),
  kw('kvDtype', 'fp32', ['kv fp32', 'fp32 kv cache']),
  kw('kvDtype', 'int4', ['kv int4']),
  // Host RAM, as the prose reader writes it ("1T RAM" → "hostram 1024gb") and canonical text keeps it.
  kw('hostRam', 'hostram', ['hostram', 'host ram']),
  // vLLM --enforce-eager: no CUDA graphs (so no graph pool); only vLLM has the flag, so it names the engine.
  // vLLM's release or engine ("vllm 0.6.4", "vllm v0"): what it holds at start-up depends on it.
  ...VLLM_VERSION_KEYWORDS,
  // TGI's release ("tgi 1.3.0"): how it sizes the KV cache after the warm-up depends on it.
  ...TGI_VERSION_KEYWORDS,
  // lmdeploy's release ("lmdeploy 0.2.1"): what cache_max_entry_count is a share of depends on it.
  ...LMDEPLOY_VERSION_KEYWORDS,
  // Unsloth's release ("unsloth 2024.5"): its loss kernel depends on it.
  ...UNSLOTH_VERSION_KEYWORDS,
  // torchtune's release ("torchtune 0.1.1"): its recipes' loss and LoRA targets depend on it.
  ...TORCHTUNE_VERSION_KEYWORDS,
  // LLaMA-Factory's release ("llamafactory 0.8.3"): its cutoff_len and attention defaults depend on it.
  ...LLAMAFACTORY_VERSION_KEYWORDS,
  ...TRANSFORMERS_VERSION_KEYWORDS,
  // TGI's --sharded true (read through the TGI option list, engines/tgi.ts): the launcher splits the
  // model over every device it counts (launcher/src/main.rs find_num_shards, `(Some(true), None)`).
  kw('tgiSharded', 'sharded', ['tgi sharded']),
  // "qwen2-vl-72B eager模式8卡显存占用异常" (DeepLink-org/dlinfer#149, c1602): eager mode in Chinese (and Japanese)
  // is the engine's mode without graph capture, as "eager mode" is, not the attention kernel.
  kw('enforceEager', 'eager', ['enforce eager', 'enforce-eager', 'enforce_eager', 'eager mode', 'eager 模式', 'eager モード', 'no cuda graphs', 'without cuda graphs', 'disable cuda graph']),
  // llama.cpp -ngl / --n-gpu-layers / n_gpu_layers (config-keys.ts reads the flags as "ngl N").
  // llama.cpp's build number (its log's "build": 1430, the b1430 tag): before ggml-backend it split rows over GPUs (memory/llamacpp-row-split.ts).
  kw('llamacppBuildKw', 'build', ['llama.cpp build', 'llamacpp build', 'llama cpp build', 'llama-cpp build'], true),
  // EXL2's bits per weight ("2.4bpw" is written "bpw 2.4" by prose.bpw): the width of its quantised layers.
  kw('bpwKw', 'bpw', ['bpw', 'bits per weight'], true),
  // LM Studio names the same setting "GPU Offload" (layers, written N or N/M: lmstudio-ai/lms#412 "GPU Offload 93/93",
  // lmstudio-bug-tracker#1330 "GPU Offload Layers」を「36/36」").
  kw('nglKw', 'ngl', ['ngl', 'n gpu layers', 'gpu layers', 'num gpu layers', 'n gpu layer', 'gpu offload', 'gpu offload layers'], true),
  // llama.cpp --cpu-moe / --n-cpu-moe N / -ot "exps=CPU" (config-keys/engines/llamacpp.ts say "cpu moe [N]"): a MoE's
  // routed experts kept in host RAM, the rest on the GPU; "offloading the experts to CPU" in prose.
  kw('nCpuMoeKw', 'n cpu moe', ['n cpu moe', 'n-cpu-moe'], true),
  kw('cpuMoeKw', 'cpu moe', ['cpu moe', 'cpu-moe', 'experts on cpu', 'experts on the cpu', 'experts to cpu', 'experts to the cpu',
    'experts in ram', 'experts in system ram', 'experts in cpu ram', 'experts in host ram', 'moe experts on cpu', 'moe experts to cpu',
    'offloading the experts to cpu', 'offloading the experts to the cpu', 'offloading experts to cpu', 'offloading experts to the cpu',
    'offload the experts to cpu', 'offload the experts to the cpu', 'offload experts to cpu', 'offload experts to the cpu',
    'experts offloaded to cpu', 'experts offloaded to the cpu', 'moe offload', 'moe offloading', 'moe cpu offload', 'cpu moe offload']),
  kw('nglPost', 'ngl', ['layers on gpu', 'layers on the gpu', 'layers on gpus', 'layers offloaded', 'layers offloaded to gpu',
    'layers offloaded to the gpu', 'layers to gpu', 'layers to the gpu', 'layers in vram', 'gpu offloaded layers']),
  // HF Trainer evaluation during training (config-keys.ts reads eval_strategy, per_device_eval_batch_size,
  // prediction_loss_only). Bare "eval" is not one: "eval loss" in a report is no request for evaluation.
  kw('evalKw', 'eval', ['with eval', 'do eval', 'eval loop', 'evaluation loop', 'eval during training', 'evaluation during training',
    'with evaluation', 'eval strategy steps', 'eval strategy epoch', 'evaluation strategy steps', 'evaluation strategy epoch']),
  // The validation spellings ("validation batch size=128", corpus c296) are the same batch: never the training micro-batch.
  kw('evalBatchKw', 'eval', ['eval bs', 'eval batch', 'eval batch size', 'per device eval batch size', 'eval mbs', 'eval micro batch',
    'evaluation batch size', 'validation batch size', 'validation batch', 'validation bs', 'val batch size', 'valid batch size'], true),
  kw('evalKw', 'metrics', ['compute metrics', 'eval metrics', 'eval accuracy', 'prediction loss only false']),
  // PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (config-keys.ts reads the variable).
  kw('allocator', 'expandable', ['expandable segments', 'expandable segments true', 'expandable segments on', 'expandable allocator']),
  // verl's PPO/GRPO trainer (verl.trainer.main_ppo): its actor's forward keeps the logits of every
  // position (memory/rl.ts logitsOfCompletionOnly); the prose rules prose.tool-verl* and verl.ts write it.
  kw('rlTrainer', 'verl', ['verl']),
  // HF device_map="auto" (accelerate big-model placement): whole layers on each GPU in turn, one process.
  kw('layerSplit', 'sequential', ['device map auto', 'device map', 'naive model parallel', 'naive model parallelism', 'naive mp', 'naive pipeline',
    'split the model across', 'split the model over', 'splitting the model across', 'splitting the model over', 'split the model between',
    'splitting the single model across', 'split the single model across', 'model split across', 'split model across', 'spread the model across']),
  // text-generation-webui (oobabooga): its Transformers loader puts a 16-bit model on the first GPU
  // unless --auto-devices or --gpu-memory is given (scenario/textgen-placement.ts).
  kw('layerSplit', 'first-card', ['text-generation-webui', 'text generation webui', 'text-generation webui', 'textgen webui', 'textgen-webui', 'oobabooga', 'oobabooga webui']),
  // One prefill step's token budget: vLLM --max-num-batched-tokens, TGI --max-batch-prefill-tokens,
  // SGLang --chunked-prefill-size (config-keys.ts reads the flags as "batched tokens N").
  kw('batchedKw', 'batched', ['batched tokens', 'max num batched tokens', 'max batch prefill tokens', 'chunked prefill size'], true),
  // vLLM --max-num-seqs / SGLang --max-running-requests: the sampler's rows in the profile run.
  // vLLM --limit-mm-per-prompt, one modality's count (config-keys/engines/vllm.ts reads the flag as
  // "video limit 0"): which modality the profile run encodes, and how many items (memory/vllm-encoder-profile.ts).
  kw('mmLimitKw', 'image', ['image limit', 'images per prompt'], true),
  kw('mmLimitKw', 'video', ['video limit', 'videos per prompt'], true),
  // vLLM --skip-mm-profiling: the profile run leaves the multimodal encoder out.
  kw('skipMmProfiling', 'skip', ['skip mm profiling', 'skip-mm-profiling', 'skip_mm_profiling']),
  // vLLM / SGLang `--quantization fp8` on a 16-bit checkpoint: the engine loads the 16-bit weights and
  // quantises them after loading (memory/online-quant.ts).
  kw('quantisedAtLoad', 'atLoad', ['quantised at load', 'quantized at load', 'online quantisation', 'online quantization']),
  kw('maxSeqsKw', 'maxSeqs', ['max seqs', 'max num seqs'], true),
  // The load the clients send a server ("10 concurrent users", 并发 20, 동시 사용자 20명): no server setting, what the
  // reply holds the served capacity against (question-serving.ts writes it; scenario inference.clientLoad).
  // "concurrency 100" (并发100 in phrasing.ts) and "concurrent requests 24" were the micro-batch: the same load in other words.
  // Written back as `concurrency N`: "concurrent users N" after another item's number ("tp 2 concurrent users 16") reads as
  // "2 concurrent users", and "load" is a run word to the rules before the lexer.
  kw('clientLoadKw', 'clientLoad', ['concurrency', 'concurrent users', 'concurrent requests', 'client load'], true),
  // vLLM / SGLang --cpu-offload-gb: GiB of weights per GPU kept in CPU memory (memory/states.ts).
  kw('cpuOffloadGbKw', 'cpuOffloadGb', ['cpu offload gb', 'cpu-offload-gb'], true),
  // A rollout engine beside an online RL trainer (memory/rollout-engine.ts): on the training GPUs (TRL
  // vllm_mode="colocate", OpenRLHF --colocate_all_models, verl's hybrid engine) or on GPUs of its own
  // (TRL vllm_mode="server"); its gpu_memory_utilization; its sleep mode between rollouts.
  kw('rollout', 'colocate', ['rollout colocate', 'rollout colocated', 'colocated rollout', 'vllm colocate', 'colocate vllm', 'colocated vllm', 'vllm colocated', 'colocate mode']),
  kw('rollout', 'server', ['rollout server', 'rollout on other gpus', 'vllm server mode', 'vllm on other gpus']),
  kw('rollout', 'sleep', ['rollout sleep', 'vllm sleep', 'vllm sleep mode', 'sleep mode', 'enable sleep', 'enable sleep mode']),
  kw('rollout', 'awake', ['rollout no sleep', 'no sleep', 'no sleep mode', 'vllm no sleep']),
  kw('rolloutUtilKw', 'rolloutUtil', ['rollout util', 'rollout utilization', 'rollout gpu memory utilization', 'vllm gpu memory utilization', 'vllm_gpu_memory_utilization'], true),
  kw('utilKw', 'util', ['util', 'utilization', 'gpu util', 'gpu memory utilization', 'gpu_memory_utilization', 'mem util', 'memory utilization', 'mem fraction static', 'mem_fraction_static'], true),
  // hardware glue
  kw('on', 'on', ['on', 'across', 'over']),
  kw('of', 'of', ['of', 'each of']),
  kw('gpus', 'gpus', ['gpus', 'gpu', 'cards', 'card', 'devices', 'device', 'accelerators', 'accelerator', 'graphics card', 'graphics cards', 'gpu card', 'gpu cards', 'video card']),
  kw('gpus', '1', ['single gpu', 'one gpu', 'single card', 'one card', 'a single gpu', 'single-gpu', '1 gpu setup']),
  kw('params', 'params', ['params', 'parameters', 'param', 'parameter']),
  // questions
  kw('question', 'maxBatch', ['max batch', 'max bs', 'max micro batch', 'max micro batch size', 'max batch size', 'largest batch', 'biggest batch', 'max mbs']),
  kw('question', 'maxSeq', ['max seq', 'max seqlen', 'longest seq', 'max sequence length', 'max ctx']),
  kw('question', 'whichGpu', ['which gpu', 'what gpu', 'which card', 'what card', 'cheapest gpu', 'cheapest card', 'which gpus', 'what gpus', 'minimum gpu', 'min gpu', 'smallest gpu', 'minimum card', 'smallest card', 'cheapest graphics card', 'what graphics card', 'which graphics card',
    // "what server and gpu I need" (meta-llama/llama3#243), "what hardware do I need": the card is the question.
    'what server and gpu', 'which server and gpu', 'what server and gpus', 'what hardware', 'which hardware']),
  kw('howMany', 'howMany', ['how many', 'how many of', 'number of', 'fewest']),
  kw('compare', 'compare', ['compare', 'comparison', 'diff']),
  kw('vs', 'vs', ['vs', 'versus', 'against']),
  // help topics
  kw('help', 'help', ['help', 'usage', 'commands', 'examples', 'syntax']),
  // The verb's forms and the ways of saying it ran out ("OOMs around step 300", "ran out of VRAM"): whether
  // the words report the run's OOM or ask about one is prose/rules/oom-reports.ts's to tell.
  kw('help', 'oom', ['oom', 'cuda oom', 'out of memory', 'cuda out of memory', 'ooms', 'oomed', "oom'd", 'ooming', 'out of vram', 'out of gpu memory', 'out of cuda memory',
    'ran out of memory', 'run out of memory', 'runs out of memory', 'running out of memory', 'ran out of vram', 'run out of vram', 'runs out of vram', 'running out of vram', 'ran out of gpu memory', 'run out of gpu memory', 'running out of gpu memory']),
  kw('help', 'nan', ['nan', 'nans', 'inf', 'diverge', 'diverges', 'divergence']),
  kw('help', 'loss-scale', ['loss scale', 'loss scaling', 'grad scaler', 'gradscaler']),
  kw('help', 'why', ['why', 'explain', 'nvidia-smi', 'nvidia smi']),
  kw('help', 'measure', ['measure', 'measurement', 'profile', 'max memory allocated']),
  // charts
  kw('chart', 'breakdown', ['chart', 'plot', 'graph', 'breakdown chart', 'bar chart', 'picture', 'png']),
  kw('chart', 'sweep-batch', ['sweep', 'sweep batch', 'batch sweep', 'sweep bs']),
  kw('chart', 'sweep-seq', ['sweep seq', 'seq sweep']),
  kw('chart', 'timeline', ['timeline', 'phases', 'memory timeline']),
  // thread control
  kw('control', 'undo', ['undo', 'go back', 'revert']),
  kw('control', 'reset', ['reset', 'start over', 'clear']),
];

/** Human names of the grammar terminals, for "expected …" in errors and for completions. */
export const TERMINAL_NAMES: Record<string, string> = {
  model: 'a model name (llama-2-13b)',
  family: 'a model family (llama)',
  size: 'a model size (13b)',
  moeSize: 'a MoE size (8x7b)',
  params: '"params"',
  mode: 'a mode (full, lora, inference)',
  serve: 'serve / vllm',
  lora: 'lora / qlora',
  loraRank: 'a LoRA rank (r16)',
  rankKw: '"rank"',
  loraAll: 'all-linear',
  loraTargets: 'LoRA targets (q,v)',
  loraDropout: 'LoRA dropout',
  loraAlpha: 'LoRA alpha',
  precision: 'a precision (bf16, fp16, fp32, amp, pure bf16)',
  weights: 'a weight format (int8, nf4, gptq, awq)',
  optimizer: 'an optimizer (adamw, adam8bit, sgd)',
  impl: 'fused / foreach',
  sharding: 'sharding (ddp, zero2, zero3, fsdp)',
  offload: 'offload (offload optimizer, offload params)',
  parDim: 'parallelism (tp 8, pp 4, vpp 2)',
  sp: 'sp',
  seqKw: 'seq <tokens>',
  seqPost: '<tokens> context',
  knum: 'a token count (4k)',
  batchKw: 'batch (bs 8, ga 4, gbs 512)',
  recompute: 'recompute (gc, no gc, selective recompute)',
  attention: 'attention (flash, sdpa, eager)',
  loss: 'loss (loss fp32, loss bf16, chunked loss, fused loss)',
  batches: 'batch shape (packed, dynamic padding)',
  framework: 'a framework (hf, peft, llama-factory, axolotl, unsloth, torchtune, litgpt, torchtitan, deepspeed, megatron, dpo, orpo, grpo, ppo, alpaca-lora, longlora, llama-recipes, tgi, llamacpp, exllamav2)',
  archKw: 'an architecture override (layers 40)',
  genKw: 'gen <tokens>',
  completionKw: 'completion <tokens> (GRPO/PPO rollouts)',
  kvDtype: 'a KV-cache dtype (kv fp8)',
  utilKw: 'util <fraction>',
  rollout: 'a rollout engine setting (rollout colocate, rollout server, rollout sleep, no sleep)',
  rolloutUtilKw: 'rollout util <fraction> (the co-located engine\'s gpu_memory_utilization)',
  llamacppBuildKw: 'llama.cpp build <number>',
  bpwKw: 'bpw <bits per weight> (EXL2)',
  batchedKw: 'batched tokens <tokens per prefill step>',
  maxSeqsKw: 'max seqs <sequences the server schedules>',
  clientLoadKw: 'concurrency <concurrent users the clients send>',
  cpuOffloadGbKw: 'cpu offload gb <GiB of weights per GPU kept in CPU memory>',
  mmLimitKw: 'image limit <items> or video limit <items> (--limit-mm-per-prompt)',
  skipMmProfiling: 'skip mm profiling',
  quantisedAtLoad: 'quantised at load (a 16-bit checkpoint the engine quantises after loading it)',
  vllmVersion: 'a vLLM release (vllm 0.6.4, vllm v0)',
  tgiVersion: 'a TGI release (tgi 1.3.0, tgi 2.0)',
  lmdeployVersion: 'an lmdeploy release (lmdeploy 0.2.1)',
  tgiSharded: 'tgi sharded (--sharded true)',
  unslothVersion: 'an Unsloth release (unsloth 2024.5)',
  torchtuneVersion: 'a torchtune release (torchtune 0.1.1)',
  llamafactoryVersion: 'a LLaMA-Factory release (llamafactory 0.8.3)',
  transformersVersion: 'a transformers release (transformers 4.46.1)',
  nglKw: 'ngl <layers on the GPU>',
  cpuMoeKw: 'cpu moe (every layer\'s experts in host RAM)',
  nCpuMoeKw: 'n cpu moe <layers whose experts stay in host RAM>',
  allocator: 'expandable segments',
  rlTrainer: 'verl (its PPO/GRPO trainer)',
  layerSplit: 'device_map auto (layers split over the GPUs), or text-generation-webui (its loader\'s placement)',
  evalKw: 'evaluation (with eval, compute metrics)',
  evalBatchKw: 'eval bs <samples>',
  nglPost: '<N> layers on gpu',
  on: '"on"',
  of: '"of"',
  gpus: '"gpus"',
  gpu: 'a GPU (A100-80G, H100, 4090)',
  capacity: 'a GPU memory size (24GB)',
  count: 'a GPU count (8x)',
  nodes: 'nodes (2 nodes of 8xH100)',
  number: 'a number',
  question: 'a question (max batch, max seq, which gpu)',
  howMany: 'how many <gpu>',
  compare: 'compare <a> vs <b>',
  vs: '"vs"',
  help: 'help (oom, nan, help)',
  chart: 'a chart (chart, sweep, timeline)',
  control: 'undo / reset',
};
