/** What the detectors read out of a pasted log: numbers as the tool printed them, in bytes. */

export interface ProcessUse {
  pid: number;
  bytes: number;
}

/** PyTorch's caching-allocator OOM (torch.OutOfMemoryError), CUDA or ROCm/HIP. */
export interface TorchOom {
  kind: 'torch-oom';
  backend: string;
  /** 2 = "GPU N has a total capacity of C of which F is free …" (2.1+); 1 = "(GPU N; C total capacity; …)". */
  format: 1 | 2;
  requestBytes: number;
  /** "Tried to allocate more than 1EB memory": a size computed from garbage. */
  absurd: boolean;
  gpu: number | null;
  capacityBytes: number | null;
  freeBytes: number | null;
  /** "Including non-PyTorch memory, this process has U memory in use" (2.x). */
  processBytes: number | null;
  allocatedBytes: number | null;
  /** Reserved by the caching allocator but not handed to a tensor. */
  reservedUnallocatedBytes: number | null;
  /** "Process P has M memory in use": other processes on the card, as listed. */
  processes: ProcessUse[];
}

/** vLLM (V0): "The model's max seq len (L) is larger than the maximum number of tokens that can be stored in KV cache (K)". */
export interface VllmKvTokens {
  kind: 'vllm-kv-tokens';
  maxSeqLen: number;
  kvTokens: number;
}

/** vLLM (V1): "… (N GiB KV cache is needed, which is larger than the available KV cache memory (Y GiB). … the estimated maximum model length is K." */
export interface VllmKvMemory {
  kind: 'vllm-kv-memory';
  maxSeqLen: number;
  neededBytes: number;
  availableBytes: number;
  estimatedMaxLen: number | null;
}

/** vLLM: "No available memory for the cache blocks." */
export interface VllmNoCacheBlocks {
  kind: 'vllm-no-cache-blocks';
}

/** vLLM's profiling line, when pasted with the error: "total_gpu_memory=… kv_cache_size=… gpu_memory_utilization=…". */
export interface VllmProfile {
  kind: 'vllm-profile';
  totalBytes: number | null;
  kvCacheBytes: number | null;
  gpuMemoryUtilization: number | null;
}

/** TGI warmup: "Not enough memory to handle [T total tokens with] P prefill tokens." */
export interface TgiPrefill {
  kind: 'tgi-prefill';
  prefillTokens: number;
  totalTokens: number | null;
}

/** llama.cpp / ggml: "allocating X MiB on device N: cudaMalloc failed: out of memory", "failed to allocate CUDA0 buffer of size B". */
export interface LlamaCppAlloc {
  kind: 'llamacpp-alloc';
  device: string;
  bytes: number | null;
  /** Which buffer: model weights, KV cache or the compute graph, from the log line around it. */
  stage: 'weights' | 'kv' | 'compute' | 'unknown';
}

export interface CublasAlloc {
  kind: 'cublas-alloc';
}

export interface NcclOom {
  kind: 'nccl-oom';
  bytes: number | null;
}

/** "CUDA error: out of memory" with no numbers: an allocation outside PyTorch's caching allocator. */
export interface BareCudaOom {
  kind: 'cuda-oom';
}

/** Dynamic loss scaling halving its scale (DeepSpeed "OVERFLOW! … Attempted loss scale: S, reducing to S/2", apex, fairseq). */
export interface LossScale {
  kind: 'loss-scale';
  source: 'deepspeed' | 'apex' | 'fairseq';
  /** The scales tried, in log order (each halving's "attempted" value), then the last one set. */
  scales: number[];
  halvings: number;
  /** DeepSpeed at min_loss_scale ("reducing to 1" from 1, or "already at minimum"). */
  atMinimum: boolean;
}

/** Training-log lines with a NaN/Inf loss or gradient norm. */
export interface NanLines {
  kind: 'nan';
  lines: number;
  fields: ('loss' | 'grad_norm')[];
  /** First line that has it, trimmed. */
  first: string;
  /** Learning rate printed on that line, if any. */
  learningRate: number | null;
  /** Whether the loss itself was finite before going NaN (a spike rather than NaN from step 1). */
  finiteBefore: boolean;
}

export type Finding =
  | TorchOom
  | VllmKvTokens
  | VllmKvMemory
  | VllmNoCacheBlocks
  | VllmProfile
  | TgiPrefill
  | LlamaCppAlloc
  | CublasAlloc
  | NcclOom
  | BareCudaOom
  | LossScale
  | NanLines;

/** Precision the log mentions (flags, dtypes), for NaN triage. */
export type PrecisionHint = 'fp16' | 'bf16' | null;

export interface Reading {
  findings: Finding[];
  /** The text looks like an error or a traceback, whether or not a detector could read it. */
  errorLike: boolean;
  precision: PrecisionHint;
}
