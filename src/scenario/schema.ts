import { z } from 'zod';
import { CPU_MOE_ALL } from './cpu-moe-all.js';
import { LLAMA_CPP_NGL_MAX } from './llamacpp-ngl.js';

export { CPU_MOE_ALL };

/**
 * The canonical scenario: everything the memory model needs, every default filled in.
 * The language produces a patch; `resolveScenario` (src/scenario/resolve.ts) applies defaults
 * and checks meaning; canonical text (src/scenario/canonical.ts) round-trips through the parser.
 */

const architectureFields = z.object({
  layers: z.number().int().min(1).max(1000),
  hidden: z.number().int().min(1).max(131072),
  heads: z.number().int().min(1).max(1024),
  kvHeads: z.number().int().min(1).max(1024),
  /**
   * Width of one attention head (config.json head_dim), kept independent of hidden / heads:
   * Gemma (256), Qwen3-32B and gpt-oss project to heads × headDim ≠ hidden.
   */
  headDim: z.number().int().min(1).max(4096),
  ffn: z.number().int().min(1).max(1_000_000),
  vocab: z.number().int().min(1).max(5_000_000),
  mlp: z.enum(['gated', 'plain']),
  norm: z.enum(['rmsnorm', 'layernorm']),
  tiedEmbeddings: z.boolean(),
  positions: z.enum(['rope', 'learned', 'alibi']),
  maxPositions: z.number().int().optional(),
  attentionBias: z.enum(['none', 'qkv', 'all']),
  mlpBias: z.boolean(),
  parallelBlock: z.boolean().optional(),
  encoderOnly: z.boolean().optional(),
  experts: z.number().int().optional(),
  expertsPerToken: z.number().int().optional(),
  sharedExperts: z.number().int().optional(),
  denseLayers: z.number().int().optional(),
  denseFfn: z.number().int().optional(),
  mla: z
    .object({
      kvLoraRank: z.number().int(),
      qLoraRank: z.number().int().optional(),
      ropeHeadDim: z.number().int(),
      nopeHeadDim: z.number().int(),
      vHeadDim: z.number().int(),
    })
    .optional(),
  /**
   * Sliding-window (local) attention: a layer with a window attends to, and caches, at most the
   * last `slidingWindow` tokens (config.json sliding_window).
   */
  slidingWindow: z.number().int().optional(),
  /** Share of layers that use the window when the count is not given (Gemma 2: 0.5); absent = all. */
  slidingWindowFraction: z.number().optional(),
  /**
   * Exact number of layers that use the window; takes precedence over slidingWindowFraction.
   * From config.json `layer_types` (count of "sliding_attention": gpt-oss, Gemma 3, Qwen3) or
   * `sliding_window_pattern` P (every P-th layer is global: layers − ⌊layers / P⌋; Gemma 3 P = 6).
   */
  slidingLayers: z.number().int().min(0).optional(),
  /**
   * Learned attention sinks: one extra softmax logit per query head per layer
   * (gpt-oss, transformers modeling_gpt_oss.py `self.sinks`, shape [num_attention_heads]).
   */
  attentionSinks: z.boolean().optional(),
  /**
   * Every N-th layer is a MoE layer, the others dense with `denseFfn` (Llama 4
   * `interleave_moe_layer_step`: Maverick 2, Scout 1). Absent = every layer after `denseLayers`.
   */
  moeEvery: z.number().int().min(1).optional(),
  /**
   * Width of the shared-expert MLP when it is not sharedExperts × ffn (Qwen2-MoE
   * `shared_expert_intermediate_size`); absent = sharedExperts × ffn (DeepSeek `n_shared_experts`).
   */
  sharedFfn: z.number().int().optional(),
  /**
   * Multi-token-prediction modules (DeepSeek-V3 / GLM-4.5 `num_nextn_predict_layers`): each one a
   * full decoder layer plus its projection and norms, stored in the checkpoint but not in the
   * published main-model total and not loaded by transformers; counted apart (ParamBreakdown.mtp).
   */
  mtpLayers: z.number().int().min(0).optional(),
  /**
   * The format the published checkpoint stores its weights in, when not 16-bit
   * (config.json `quantization_config`): `mxfp4` on the routed experts only (gpt-oss:
   * modules_to_not_convert = attention, router, embeddings, LM head), `fp8-block` on every
   * decoder linear layer (DeepSeek-V3 / Kimi K2: fp8 e4m3 with a scale per 128×128 block).
   */
  checkpoint: z
    .object({
      format: z.enum(['mxfp4', 'fp8-block']),
      scope: z.enum(['experts', 'linear']),
    })
    .optional(),
  /**
   * Soft-capped attention logits (config.json `attn_logit_softcapping`, Gemma 2: 50.0): the eager
   * kernel keeps a tanh output per score, and transformers ≥ 4.45 loads Gemma 2 with eager
   * attention by default (memory/attention-kernel.ts).
   */
  attnSoftcap: z.boolean().optional(),
  /**
   * transformers' modeling file hands SDPA fewer K/V heads than query heads, neither repeated
   * (repeat_kv) nor flagged (enable_gqa): Falcon-7B's multi-query attention (modeling_falcon.py,
   * modelling_RW.py). PyTorch's fused kernels refuse it and SDPA runs the math kernel
   * (memory/attention-kernel.ts).
   */
  sdpaKvUnrepeated: z.boolean().optional(),
  /**
   * The model's own (remote) modeling code has no SDPA or FlashAttention path at all: ChatGLM-6B's
   * `attention_fn` (THUDM/chatglm-6b modeling_chatglm.py) is baddbmm, an fp32 softmax and bmm, whatever
   * kernel transformers would pick (memory/attention-kernel.ts).
   */
  eagerOnly: z.boolean().optional(),
  /**
   * The MLP's activation is transformers' `gelu_new` (config `activation_function` / `hidden_act`:
   * GPT-2, GPT-J, Phi-1.5/2), Python arithmetic that keeps four f-wide tensors for backward where a
   * fused GELU keeps one (memory/activations.ts composedGeluTensors).
   */
  composedGelu: z.boolean().optional(),
  /** An RMSNorm scale of headDim on each query and each key head, per layer (Qwen3, Gemma 3, GLM-4.5 `use_qk_norm`). */
  qkNorm: z.boolean().optional(),
  /**
   * Norms per decoder layer when not the default: 2, or 1 for a parallel block (Gemma 2 / 3: input,
   * post-attention, pre- and post-feedforward = 4; GPT-NeoX and Falcon-40B's parallel blocks: 2).
   */
  layerNorms: z.number().int().min(1).optional(),
  /** Parameters the fields above do not describe (extra norms, biases, a second embedding), counted like embeddings; never negative. */
  extraParams: z.number().min(0).optional(),
  /**
   * Of `extraParams`, the weights of nn.Linear layers (CogVLM's visual expert: a second copy of each
   * layer's attention and MLP projections). A bitsandbytes load packs them with the decoder's own
   * linears (memory/bnb-linear.ts); every other format keeps them with the 16-bit rest.
   */
  extraLinearParams: z.number().min(0).optional(),
  /** Routed experts held as nn.Parameter, not nn.Linear (DBRX's DbrxExpertGLU): unpacked by bitsandbytes, unadaptable by LoRA (memory/fused-experts.ts). */
  expertsAsParameters: z.literal(true).optional(),
  /**
   * Signed: what the shape's own count is moved by so the total is the size asked for — "7.5b" on
   * the Llama-2-7B shape is 7.5 B, not 6.7 B — or the count the Hub publishes (src/scenario/shape.ts
   * pinnedTo). Counted like embeddings; a negative one comes off the linear layers (memory/states.ts).
   */
  sizeAdjustment: z.number().optional(),
  /**
   * The vision tower of a vision-language model (config.json vision_config plus the projector into
   * the language model), kept apart from the text `total`: loaded with the model in every mode, frozen
   * in training (LLaMA-Factory freeze_vision_tower=True; a text-only batch gives it no gradients).
   */
  vision: z
    .object({
      name: z.string(),
      params: z.number().positive(),
      /**
       * Of `params`, the weights of the tower's and projector's nn.Linear layers: what transformers'
       * bitsandbytes load packs when the tower is part of the model it loads (memory/bnb-linear.ts).
       * Absent: the tower is counted 16-bit whatever the format.
       */
      linearParams: z.number().min(0).optional(),
      /**
       * Qwen2-VL-style video input (memory/vllm-encoder-profile.ts): the image processor's max_pixels
       * (preprocessor_config.json), patch and spatial-merge sizes, temporal_patch_size, and the ViT's
       * hidden and MLP widths, gated (gate/up/down) or plain (fc1/fc2).
       */
      video: z
        .object({
          maxPixels: z.number().int().positive(),
          patch: z.number().int().positive(),
          merge: z.number().int().positive(),
          temporalPatch: z.number().int().positive(),
          channels: z.number().int().positive(),
          hidden: z.number().int().positive(),
          ffn: z.number().int().positive(),
          gated: z.boolean(),
        })
        .optional(),
    })
    .optional(),
  /**
   * Cross-attention layers among `layers` (Llama 3.2 Vision text_config cross_attention_layers):
   * decoder layers for parameters, LoRA targets and activations, but their K and V come from the
   * image's tokens only, so a text token adds nothing to their cache (memory/inference.ts).
   */
  crossAttentionLayers: z.number().int().min(0).optional(),
  /**
   * Hybrid linear attention (Qwen3-Next, model_type qwen3_next): every `fullAttentionInterval`-th
   * layer is full attention (config.json full_attention_interval / layer_types), the others Gated
   * DeltaNet with no KV cache, each holding per sequence a conv state and a recurrent (delta) state
   * of fixed size (memory/linear-attention.ts). Heads and head sizes: config.json linear_num_key_heads,
   * linear_num_value_heads, linear_key_head_dim, linear_value_head_dim, linear_conv_kernel_dim.
   * `outputGate`: the full-attention q_proj also emits a per-head sigmoid gate (2·a·d wide,
   * transformers modeling_qwen3_next.py Qwen3NextAttention).
   */
  linearAttention: z
    .object({
      fullAttentionInterval: z.number().int().min(1),
      numKeyHeads: z.number().int().min(1),
      numValueHeads: z.number().int().min(1),
      keyHeadDim: z.number().int().min(1),
      valueHeadDim: z.number().int().min(1),
      convKernel: z.number().int().min(1),
      outputGate: z.boolean().optional(),
      /** config.json `mamba_ssm_dtype: "float32"` (Qwen3.5): the recurrent state is kept in fp32 whatever the weights' dtype. */
      ssmStateFp32: z.boolean().optional(),
    })
    .optional(),
  /** Dropout probability used in training (GPT-2/BERT 0.1; modern decoders 0): masks are kept for backward. */
  dropout: z.number().min(0).max(1).optional(),
});

/**
 * Before issue 26 the size pin lived in `extraParams`, negative whenever the asked size was below
 * the shape's count. A stored thread written then is read with its negative pin moved to
 * `sizeAdjustment` (the total is the same either way).
 */
function pinOutOfExtras(arch: unknown): unknown {
  if (typeof arch !== 'object' || arch === null) return arch;
  const { extraParams, sizeAdjustment } = arch as { extraParams?: unknown; sizeAdjustment?: unknown };
  if (typeof extraParams !== 'number' || extraParams >= 0 || sizeAdjustment !== undefined) return arch;
  const { extraParams: _pin, ...rest } = arch as Record<string, unknown>;
  return { ...rest, sizeAdjustment: extraParams };
}

export const architectureSchema = z.preprocess(pinOutOfExtras, architectureFields);

export const modelSchema = z.object({
  /** Catalog id ("llama-2-13b"), or null when the shape came from a bare size. */
  id: z.string().nullable(),
  /** Display name ("Llama-2-13B", or "Llama-2-13B shape" for a bare size). */
  name: z.string(),
  /** What the user wrote for the model ("13b", "llama 2 13b"), for the reading. */
  asWritten: z.string(),
  /** Bare size the user asked for, in parameters, when the model came from a size. */
  requestedParams: z.number().nullable(),
  arch: architectureSchema,
  /** Architecture fields the user overrode (`layers 40`), listed in the reading. */
  overrides: z.array(z.string()),
});

export const modeSchema = z.enum(['full', 'lora', 'qlora', 'inference']);

export const loraSchema = z.object({
  rank: z.number().int().min(1).max(4096),
  alpha: z.number().optional(),
  /** Projection names targeted: subset of q,k,v,o,gate,up,down; "all-linear" expands to all. */
  targets: z.array(z.enum(['q', 'k', 'v', 'o', 'gate', 'up', 'down'])).min(1),
  dropout: z.number().min(0).max(1),
});

/** Precision recipe, DESIGN §3.2. */
export const recipeSchema = z.enum(['mixed', 'megatron', 'amp', 'pure', 'fp32']);
/** 16-bit (or 8-bit) compute dtype. */
export const computeDtypeSchema = z.enum(['bf16', 'fp16', 'fp8', 'fp32']);
/** Storage format of frozen / served weights. */
/** GGUF k-quants (q8_0 … q2_k) are llama.cpp's formats: inference only. */
export const weightFormatSchema = z.enum(['bf16', 'fp16', 'fp32', 'int8', 'nf4', 'nf4-dq', 'gptq', 'awq', 'fp8', 'mxfp4', 'q8_0', 'q6_k', 'q5_k_m', 'q4_k_m', 'q3_k_m', 'q2_k', 'exl2']);

export const optimizerSchema = z.enum([
  'adamw',
  'adam',
  'adamw-8bit',
  'paged-adamw',
  'paged-adamw-8bit',
  'sgd',
  'sgd-momentum',
  'adafactor',
  'lion',
  'sophia',
]);

export const shardingSchema = z.object({
  /** none = single process, ddp = replicated; zero = DeepSpeed ZeRO stage; fsdp/hsdp = PyTorch FSDP. */
  kind: z.enum(['none', 'ddp', 'zero', 'fsdp', 'hsdp']),
  /** 0–3 in ZeRO terms; fsdp FULL_SHARD = 3, SHARD_GRAD_OP = 2; ddp/none = 0. */
  stage: z.number().int().min(0).max(3),
});

export const offloadSchema = z.object({
  optimizer: z.enum(['none', 'cpu', 'nvme']),
  params: z.enum(['none', 'cpu', 'nvme']),
});

export const parallelSchema = z.object({
  tp: z.number().int().min(1).max(1024),
  pp: z.number().int().min(1).max(1024),
  sp: z.boolean(),
  cp: z.number().int().min(1).max(1024),
  ep: z.number().int().min(1).max(1024),
  /** Megatron interleaved 1F1B: model chunks (virtual stages) per pipeline rank; absent = 1. */
  vpp: z.number().int().min(1).max(1024).optional(),
  /**
   * How the pp stages run. Absent = a pipeline schedule (Megatron/DeepSpeed 1F1B: up to pp
   * micro-batches in flight). `sequential` = naive model parallel: one process places whole layers
   * on each GPU in turn (HF device_map="auto", accelerate's big-model placement) and runs them one
   * GPU after another, so one micro-batch is in flight and the GPUs share no NCCL communicator.
   */
  schedule: z.enum(['sequential']).optional(),
});

export const hardwareSchema = z.object({
  /** Catalog GPU id, or null for a bare capacity (`on 24GB`). */
  gpuId: z.string().nullable(),
  /** Usable bytes per card (catalog usable MiB, or the stated capacity). */
  capacityBytes: z.number().positive(),
  /** Cards in total. */
  count: z.number().int().min(1).max(1_000_000),
  /** Cards per node (for HSDP, NCCL and "2 nodes of 8xH100"). */
  perNode: z.number().int().min(1).max(1024),
});

export const inferenceSchema = z.object({
  /** Engine: plain HF generate, or a serving engine that preallocates (vLLM). */
  engine: z.enum(['hf', 'vllm']),
  /** Prompt tokens per sequence (the scenario's `seq` is prompt + generated). */
  newTokens: z.number().int().min(0),
  /** KV-cache dtype. */
  kvDtype: z.enum(['bf16', 'fp16', 'fp8', 'fp32', 'int4']),
  /** vLLM gpu_memory_utilization. */
  gpuMemoryUtilization: z.number().min(0.05).max(1),
  /** llama.cpp -ngl / --n-gpu-layers: decoder layers on the GPU (the last N); absent = all and the output. */
  gpuLayers: z.number().int().min(0).max(LLAMA_CPP_NGL_MAX).optional(),
  /**
   * llama.cpp --n-cpu-moe N: the routed experts (ffn_*_exps) of the first N layers stay in host RAM
   * (common/arg.cpp adds a CPU buffer override per layer i < N); CPU_MOE_ALL is --cpu-moe, every layer.
   */
  cpuMoeLayers: z.number().int().min(1).max(CPU_MOE_ALL).optional(),
  /** vLLM --enforce-eager: no CUDA graphs, so no graph pool (absent = graphs captured, vLLM's default). */
  enforceEager: z.boolean().optional(),
  /** vLLM --limit-mm-per-prompt: items of each modality a prompt may carry; absent = 999 (vllm/config/multimodal.py get_limit_per_prompt). */
  mmLimits: z.object({ image: z.number().int().min(0).max(1_000_000).optional(), video: z.number().int().min(0).max(1_000_000).optional() }).optional(),
  /** vLLM --skip-mm-profiling: the profile run leaves the multimodal encoder out (absent = profiled). */
  skipMmProfiling: z.boolean().optional(),
  /** vLLM / SGLang `--quantization fp8` on a 16-bit checkpoint: the weights are loaded in 16 bits and quantised after (memory/online-quant.ts); absent = the checkpoint is stored in its format. */
  quantisedAtLoad: z.boolean().optional(),
  /** vLLM's release ("0.6.4", "0.5") or engine ("v0", "v1"); absent = the current V1 (memory/vllm-release.ts). */
  vllmVersion: z.string().regex(/^(?:v0|v1|0\.\d+(?:\.\d+)?)$/).optional(),
  /** TGI's release ("1.3.0", "2.0"); absent = the newest (memory/tgi-release.ts). */
  tgiVersion: z.string().regex(/^\d+\.\d+(?:\.\d+)?$/).optional(),
  /** lmdeploy's release ("0.2.1"); absent = the newest (memory/lmdeploy.ts `turbomindCacheOfTotal`). */
  lmdeployVersion: z.string().regex(/^0\.\d+(?:\.\d+)?$/).optional(),
  /** llama.cpp's build number (b1430); absent = the newest (memory/llamacpp-row-split.ts). */
  llamacppBuild: z.number().int().min(1).max(100_000).optional(),
  /** EXL2 bits per weight ("2.4bpw", the quantised layers' average); absent = convert.py's default 4.156 (memory/exllamav2.ts). */
  bpw: z.number().min(1).max(16).optional(),
  /**
   * SGLang named: the vLLM-style paged server, budgeted by --mem-fraction-static (memory/sglang.ts);
   * lmdeploy named: TurboMind, budgeted by --cache-max-entry-count, held in gpuMemoryUtilization (memory/lmdeploy.ts);
   * DeepSpeed-MII named: FastGen, KV from what is free less a 1 GB reserve (memory/mii.ts).
   */
  server: z.enum(['sglang', 'lmdeploy', 'mii']).optional(),
  /** A fork of vLLM named that keeps vLLM's budget but not its start-up check: Aphrodite Engine, which
   *  from v0.6.0 shortens max_model_len to the KV pool instead of refusing (memory/aphrodite.ts). */
  fork: z.enum(['aphrodite']).optional(),
  /**
   * An engine the user named whose memory is counted with vLLM's layout (language/serve-engines.ts,
   * `vllm-layout`: TensorRT-LLM, mistral.rs, LightLLM): the reply names it, not vLLM.
   */
  namedEngine: z.string().optional(),
  /**
   * Tokens of one prefill step as the engine plans it: vLLM --max-num-batched-tokens (its profile
   * run), TGI --max-batch-prefill-tokens (its warm-up), SGLang --chunked-prefill-size; absent = the
   * engine's default (memory/serving.ts).
   */
  batchedTokens: z.number().int().min(1).max(100_000_000).optional(),
  /** vLLM --max-num-seqs (SGLang --max-running-requests): the sampler's rows; absent = the engine's default. */
  maxSeqs: z.number().int().min(1).max(1_000_000).optional(),
  /** The load the clients send ("10 concurrent users"): no server setting; the reply holds what it serves at once against it. */
  clientLoad: z.number().int().min(1).max(10_000_000).optional(),
  /** vLLM / SGLang --cpu-offload-gb: GiB (2^30 B) of weights per GPU kept in CPU memory (memory/states.ts); absent = none. */
  cpuOffloadGb: z.number().min(0).max(100_000).optional(),
});

export const questionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('maxBatch') }),
  z.object({ kind: z.literal('maxSeq') }),
  z.object({ kind: z.literal('howMany'), gpuId: z.string().nullable() }),
  z.object({ kind: z.literal('whichGpu') }),
  /** A vs B: each side is canonical request text applied as a patch on the scenario. */
  z.object({ kind: z.literal('compare'), a: z.string(), b: z.string() }),
]);

export const helpTopicSchema = z.enum(['help', 'oom', 'nan', 'loss-scale', 'why', 'measure']);
export const chartSchema = z.enum(['none', 'breakdown', 'sweep-batch', 'sweep-seq', 'timeline']);

export const scenarioSchema = z.object({
  model: modelSchema,
  mode: modeSchema,
  /** Pre-training from scratch (`pretrain`) vs fine-tuning; same memory, different wording. */
  pretrain: z.boolean(),
  lora: loraSchema.nullable(),
  recipe: recipeSchema,
  compute: computeDtypeSchema,
  /** Storage of the frozen base (LoRA/QLoRA) or of served weights (inference). */
  weights: weightFormatSchema,
  optimizer: optimizerSchema,
  /** PyTorch AdamW implementation: foreach makes parameter-sized temporaries, fused does not. */
  optimizerImpl: z.enum(['foreach', 'fused']),
  sharding: shardingSchema,
  offload: offloadSchema,
  parallel: parallelSchema,
  seq: z.number().int().min(1).max(10_000_000),
  microBatch: z.number().int().min(1).max(1_000_000),
  gradAccum: z.number().int().min(1).max(1_000_000),
  /**
   * none; selective = Megatron's (attention scores only); full = every layer's input kept (HF
   * gradient_checkpointing); per-op = torchtitan's per-op SAC; offloaded = full with the kept layer
   * inputs on the host (Unsloth "unsloth" gc, torchtune activation offloading).
   */
  recompute: z.enum(['none', 'selective', 'full', 'per-op', 'offloaded']),
  attention: z.enum(['flash', 'sdpa', 'eager']),
  /**
   * How the trainer computes cross-entropy (memory/logits.ts): full = fp32 upcast (transformers'
   * ForCausalLMLoss, and any loss under autocast); bf16 = on the 16-bit logits; chunked = torchtune /
   * litgpt / Unsloth chunks; fused = fused linear CE (Liger, Cut Cross-Entropy), no whole logits.
   */
  loss: z.enum(['full', 'bf16', 'chunked', 'fused']),
  /**
   * Shape of the batches: packed (sample packing, fixed-length blocks) or padded (each batch padded
   * to its own longest sample). Absent = the framework's convention (memory/overhead.ts).
   */
  batches: z.enum(['packed', 'padded']).optional(),
  framework: z.enum(['hf', 'deepspeed', 'fsdp', 'megatron', 'torchtune', 'litgpt', 'peft', 'llama-factory', 'axolotl', 'unsloth', 'torchtitan', 'dpo', 'orpo', 'grpo', 'ppo', 'reward', 'alpaca-lora', 'tgi', 'llamacpp', 'llama-recipes', 'longlora', 'exllamav2']),
  /** Unsloth's release, year.month ("unsloth 2024.5"): its loss kernel by release (presets.ts). Absent = the newest. */
  unslothVersion: z.string().regex(/^\d{4}\.\d{1,2}$/).optional(),
  /** torchtune's release ("torchtune 0.1.1"): its recipes' loss, AdamW and LoRA targets by release (memory/torchtune-release.ts). Absent = the newest. */
  torchtuneVersion: z.string().regex(/^0\.\d+(?:\.\d+)?$/).optional(),
  /** LLaMA-Factory's release ("llamafactory 0.8.3"): its cutoff_len and attention defaults by release (catalog/program-seq.ts, scenario/llamafactory-release.ts). Absent = the newest. */
  llamafactoryVersion: z.string().regex(/^0\.\d+\.\d+$/).optional(),
  /** transformers' release ("transformers 4.46.1"): what its fp32 loss holds by release (memory/logits.ts). Absent = the newest. */
  transformersVersion: z.string().regex(/^4\.\d+(?:\.\d+)?$/).optional(),
  hardware: hardwareSchema.nullable(),
  /**
   * GPUs counted with no card named ("I have 8 GPUs", `--num_processes 64`): the estimate is per GPU
   * for that many GPUs, with the cards it fits. Only with `hardware` null; absent = 1 (older thread states).
   */
  unnamedGpus: z.number().int().min(2).max(1_000_000).optional(),
  /** Cards per node of those GPUs when not min(count, 8) ("2 nodes of 4 gpus"); absent = min(count, 8). */
  unnamedPerNode: z.number().int().min(1).max(1024).optional(),
  /** Host RAM per node, when the user gave it ("1T RAM"): offload is checked against it. Absent in older thread states. */
  hostMemoryBytes: z.number().positive().nullable().optional(),
  /**
   * HF Trainer evaluation during training (eval_strategy steps/epoch): a no-grad forward of
   * per_device_eval_batch_size samples; keepLogits when compute_metrics is set
   * (prediction_loss_only False), so prediction_step returns the logits (memory/evaluation.ts).
   */
  evaluation: z.object({ batch: z.number().int().min(1).max(65_536), keepLogits: z.boolean() }).optional(),
  /** PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True: segments grow in place (memory/overhead.ts). */
  expandableSegments: z.boolean().optional(),
  /**
   * The online RL run is verl's trainer ("verl", verl.trainer.main_ppo): its actor computes the logits
   * of every position, not only the completion's as TRL does (memory/rl.ts logitsOfCompletionOnly). Absent = TRL's.
   */
  rlTrainer: z.literal('verl').optional(),
  /**
   * Online RL (GRPO, PPO): the tokens each rollout generates, as the user stated them (TRL
   * max_completion_length). Absent: TRL's default (memory/rl.ts GRPO_COMPLETION_TOKENS).
   */
  completion: z.number().int().min(1).max(10_000_000).optional(),
  /**
   * Online RL: the rollout engine as the user stated it (memory/rollout-engine.ts): `placement` on the
   * training GPUs (TRL vllm_mode="colocate", OpenRLHF --colocate_all_models, verl's hybrid engine) or on
   * GPUs of its own ("server"); `util` its gpu_memory_utilization; `sleep` whether it frees its memory
   * while the policy trains (TRL vllm_enable_sleep_mode, verl free_cache_engine, OpenRLHF --vllm_enable_sleep).
   * Absent: generation by the policy itself (HF generate, TRL's use_vllm False).
   */
  rollout: z
    .object({ placement: z.enum(['colocate', 'server']), util: z.number().gt(0).max(1).optional(), sleep: z.boolean().optional() })
    .optional(),
  inference: inferenceSchema,
  /**
   * The drivers of activations the user never stated, so `seq` and `microBatch` hold the defaults
   * (issue 23: a half-stated setup is answered with the envelope, not a verdict on defaults).
   * Absent = both stated (and in older thread states). Read it through `unstatedDrivers`.
   */
  unstated: z.array(z.enum(['seq', 'batch'])).optional(),
  /**
   * The precision (recipe and compute dtype) was never stated: a default, so a follow-up that moves
   * the thread to a card without bf16 takes fp16 there, as a new request would (a stated bf16 stays).
   * Absent = stated (and in older thread states). Read it through `precisionUnstated`.
   */
  precisionUnstated: z.literal(true).optional(),
  question: questionSchema,
  help: z.array(helpTopicSchema),
  chart: chartSchema,
});

export type Architecture = z.infer<typeof architectureSchema>;
export type ScenarioModel = z.infer<typeof modelSchema>;
export type Mode = z.infer<typeof modeSchema>;
export type Lora = z.infer<typeof loraSchema>;
export type Recipe = z.infer<typeof recipeSchema>;
export type ComputeDtype = z.infer<typeof computeDtypeSchema>;
export type WeightFormat = z.infer<typeof weightFormatSchema>;
export type Optimizer = z.infer<typeof optimizerSchema>;
export type Sharding = z.infer<typeof shardingSchema>;
export type Offload = z.infer<typeof offloadSchema>;
export type Parallel = z.infer<typeof parallelSchema>;
export type Hardware = z.infer<typeof hardwareSchema>;
export type Question = z.infer<typeof questionSchema>;
export type HelpTopic = z.infer<typeof helpTopicSchema>;
export type Chart = z.infer<typeof chartSchema>;
export type Scenario = z.infer<typeof scenarioSchema>;
