import type { ComputeDtype, Lora, Mode, Scenario, ScenarioModel, WeightFormat } from './schema.js';

/**
 * Defaults for a new request (DESIGN §2 "Defaults when an item is missing"). Each is stated in
 * the reply's assumptions by resolve.ts.
 */
export const DEFAULTS = {
  mode: 'full',
  /** bf16 compute, fp32 master weights, AdamW: 16 B/param (ZeRO paper, DeepSpeed convention). */
  recipe: 'mixed',
  compute: 'bf16',
  optimizer: 'adamw',
  /** PyTorch's AdamW picks the foreach implementation by default on CUDA. */
  optimizerImpl: 'foreach',
  microBatch: 1,
  gradAccum: 1,
  seq: 2048,
  attention: 'flash',
  recompute: 'none',
  loss: 'full',
  framework: 'hf',
  /** vLLM's default gpu_memory_utilization. */
  gpuMemoryUtilization: 0.9,
} as const;

/** PEFT LoraConfig defaults: r=8, lora_dropout=0, and q_proj/v_proj for Llama-style models. */
export const LORA_DEFAULTS: Lora = { rank: 8, targets: ['q', 'v'], dropout: 0 };

/** litgpt finetune/lora.py: lora_dropout = 0.05. */
export const LITGPT_LORA_DROPOUT = 0.05;

export const ALL_LINEAR: Lora['targets'] = ['q', 'k', 'v', 'o', 'gate', 'up', 'down'];

/** Frozen/served weights when no format is named: the compute dtype; QLoRA's base is NF4. */
export function defaultWeights(mode: Mode, compute: ComputeDtype): WeightFormat {
  if (mode === 'qlora') return 'nf4';
  // fp8 training keeps bf16 weights (Transformer Engine casts per GEMM).
  return compute === 'fp8' ? 'bf16' : compute;
}

/** The KV cache is stored in the compute dtype unless `kv fp8` is asked. */
export function defaultInference(compute: ComputeDtype): Scenario['inference'] {
  return {
    engine: 'hf',
    newTokens: 0,
    kvDtype: compute === 'fp8' ? 'bf16' : compute,
    gpuMemoryUtilization: DEFAULTS.gpuMemoryUtilization,
  };
}

export function newScenario(model: ScenarioModel): Scenario {
  return {
    model,
    mode: DEFAULTS.mode,
    pretrain: false,
    lora: null,
    recipe: DEFAULTS.recipe,
    compute: DEFAULTS.compute,
    weights: defaultWeights(DEFAULTS.mode, DEFAULTS.compute),
    optimizer: DEFAULTS.optimizer,
    optimizerImpl: DEFAULTS.optimizerImpl,
    sharding: { kind: 'none', stage: 0 },
    offload: { optimizer: 'none', params: 'none' },
    parallel: { tp: 1, pp: 1, sp: false, cp: 1, ep: 1 },
    seq: DEFAULTS.seq,
    microBatch: DEFAULTS.microBatch,
    gradAccum: DEFAULTS.gradAccum,
    recompute: DEFAULTS.recompute,
    attention: DEFAULTS.attention,
    loss: DEFAULTS.loss,
    framework: DEFAULTS.framework,
    hardware: null,
    hostMemoryBytes: null,
    inference: defaultInference(DEFAULTS.compute),
    question: { kind: 'none' },
    help: [],
    chart: 'none',
  };
}

/**
 * What the reply says when a training run on several GPUs names no sharding: each holds a whole
 * replica (DDP, what `torchrun` with the HF Trainer does). memory/flips.ts reads it back as
 * "sharding unstated" to try ZeRO-3 ("Fits only with zero3").
 */
export const ddpDefaultWords = (gpus: number) => `DDP across ${gpus} GPUs (default with more than one GPU; say zero3 or fsdp to shard)`;
export const isDdpDefaultWords = (words: string) => /^DDP across \d+ GPUs \(default with more than one GPU; say zero3 or fsdp to shard\)$/.test(words);

/** Human words for each default, as listed in a reply. */
export const DEFAULT_WORDS = {
  mode: 'full fine-tune (a training setting with no train word; say "inference" to run it instead)',
  inferenceIntent: 'running the model (no train or run word, and no training setting; say "train" for a fine-tune)',
  precision: 'bf16 mixed precision with fp32 master weights, 16 B/param (default)',
  recipe: 'mixed-precision recipe with fp32 master weights (default)',
  optimizer: 'AdamW (default)',
  optimizerImpl: 'foreach AdamW implementation (PyTorch default)',
  microBatch: 'micro-batch 1 (default)',
  gradAccum: 'no gradient accumulation (default)',
  seq: 'seq 2048 (default)',
  attention: 'flash attention (default)',
  recompute: 'no recompute (default)',
  offload: 'no offload (default)',
  loss: 'full cross-entropy, logits upcast to fp32 (default)',
  batchesPadded: 'batches padded to their longest sample, so shapes vary: +5.2% allocator slack on what each step frees and reallocates (say "packed" if your samples are packed)',
  batchesPacked: 'packed fixed-length batches (the framework\'s convention): no variable-length allocator slack (say "dynamic padding" if not)',
  framework: 'Hugging Face conventions (default)',
  parallel: 'no tensor or pipeline parallelism (default)',
  noHardware: 'no GPU named: memory per GPU and the cards it fits',
  loraRank: 'LoRA rank 8 (PEFT default)',
  loraTargets: 'LoRA on q,v (PEFT default for Llama-style models)',
  loraDropout: 'LoRA dropout 0 (PEFT default)',
  qloraWeights: 'NF4 frozen base (QLoRA default)',
  /** A served model with no format or dtype named: 16-bit weights (fp16 and bf16 take the same memory). */
  servedWeights: '16-bit precision for the weights, bf16 or fp16 alike (default: no format named; say int4, awq or a GGUF type such as q4_k_m if yours is quantised)',
  engine: 'Hugging Face generate (default engine)',
  newTokens: 'prefill only, no generated tokens (default)',
  utilization: 'gpu_memory_utilization 0.9 (vLLM default)',
} as const;
