import { z } from 'zod';
import { architectureSchema } from './architecture-schema.js';
import { CPU_MOE_ALL } from './cpu-moe-all.js';
import { LLAMA_CPP_NGL_MAX } from './llamacpp-ngl.js';

export { CPU_MOE_ALL, architectureSchema };

/**
 * The canonical scenario: everything the memory model needs, every default filled in.
 * The language produces a patch; `resolveScenario` (src/scenario/resolve.ts) applies defaults
 * and checks meaning; canonical text (src/scenario/canonical.ts) round-trips through the parser.
 */

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
  /** LLaMA-Factory's reward-model stage (`--stage rm`: the pair stacked, a value head beside the LM head; memory/reward-model.ts). Absent = SFT. */
  llamafactoryStage: z.literal('rm').optional(),
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
  rollout: z.object({ placement: z.enum(['colocate', 'server']), util: z.number().gt(0).max(1).optional(), sleep: z.boolean().optional() }).optional(),
  /**
   * Online RL: false when no KL reference model is held (TRL GRPOTrainer sets `ref_model = None` when
   * beta == 0.0, its default from v0.19.0: memory/rl.ts). Absent: the trainer's default as the presets
   * count it (a reference for a full fine-tune). Set only by the RL flips (memory/rl-flips.ts 'beta 0').
   */
  klReference: z.literal(false).optional(),
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
  /**
   * A Megatron training run whose request wrote its degrees and wrote them all 1 ("tp 1"): stated,
   * though it reads like the defaults. Without it such a run on several GPUs has its layout unstated
   * (issue 23): the reply answers with the smallest split that holds it (plan/megatron-layout.ts).
   * Set only with every degree 1, so a scenario reached by any path reads back the same. Read it
   * through `layoutUnstated` (scenario/layout-unstated.ts).
   */
  layoutSaid: z.literal(true).optional(),
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
