import type { LlamaCppAlloc, TgiPrefill, VllmKvMemory, VllmKvTokens, VllmNoCacheBlocks, VllmProfile } from '../findings.js';
import { SIZE, sizeBytes } from '../sizes.js';
import type { Paste } from '../text.js';

/** vLLM V0 (vllm/worker/worker.py raise_if_cache_size_invalid). */
const KV_TOKENS = /The model's max seq len \((\d{1,9})\) is larger than the maximum number of tokens that can be stored in KV cache \((\d{1,12})\)/;
/** vLLM V1 (vllm/v1/core/kv_cache_utils.py check_enough_kv_cache_memory); "models's" is vLLM's spelling. */
const KV_MEMORY = new RegExp(
  String.raw`max seq len \((\d{1,9})\), \(${SIZE} KV cache is needed, which is larger than the available KV cache memory \(${SIZE}\)`,
);
const ESTIMATED_MAX = /the estimated maximum model length is (\d{1,9})/;
const NO_BLOCKS = /No available memory for the cache blocks/;
const PROFILE_TOTAL = new RegExp(String.raw`total_gpu_memory=${SIZE}`);
const PROFILE_KV = new RegExp(String.raw`kv_cache_size=${SIZE}`);
const UTILIZATION = /gpu_memory_utilization[=:' ]{1,3}(0?\.\d{1,4}|1(?:\.0{1,4})?)\b/;
const GPU_KV_TOKENS = /GPU KV cache size: ([\d,]{1,15}) tokens/;

export function detectVllm(paste: Paste): (VllmKvTokens | VllmKvMemory | VllmNoCacheBlocks)[] {
  const flat = paste.flat;
  const out: (VllmKvTokens | VllmKvMemory | VllmNoCacheBlocks)[] = [];
  for (const at of paste.anchors(flat, /max seq len \(/)) {
    const window = paste.window(flat, Math.max(0, at - 20), 800);
    const tokens = paste.match(window, KV_TOKENS);
    if (tokens) {
      out.push({ kind: 'vllm-kv-tokens', maxSeqLen: Number(tokens[1]), kvTokens: Number(tokens[2]) });
      continue;
    }
    const memory = paste.match(window, KV_MEMORY);
    if (memory) {
      const estimated = paste.match(window, ESTIMATED_MAX);
      out.push({
        kind: 'vllm-kv-memory',
        maxSeqLen: Number(memory[1]),
        neededBytes: sizeBytes(memory[2], memory[3]),
        availableBytes: sizeBytes(memory[4], memory[5]),
        estimatedMaxLen: estimated ? Number(estimated[1]) : null,
      });
    }
  }
  if (paste.anchors(flat, NO_BLOCKS).length > 0) out.push({ kind: 'vllm-no-cache-blocks' });
  return out;
}

/** The profiling numbers vLLM logs before the error, when they were pasted too. */
export function detectVllmProfile(paste: Paste): VllmProfile | null {
  const flat = paste.flat;
  const total = paste.match(flat, PROFILE_TOTAL);
  const kv = paste.match(flat, PROFILE_KV);
  const utilization = paste.match(flat, UTILIZATION);
  const kvTokens = paste.match(flat, GPU_KV_TOKENS);
  if (!total && !kv && !utilization && !kvTokens) return null;
  return {
    kind: 'vllm-profile',
    totalBytes: total ? sizeBytes(total[1], total[2]) : null,
    kvCacheBytes: kv ? sizeBytes(kv[1], kv[2]) : null,
    gpuMemoryUtilization: utilization ? Number(utilization[1]) : null,
  };
}

/** TGI's warmup (server/text_generation_server/models/flash_causal_lm.py, "Not enough memory to handle …"). */
const TGI = /Not enough memory to handle (?:(\d{1,12}) total tokens with )?(\d{1,12}) prefill tokens/;

export function detectTgi(paste: Paste): TgiPrefill[] {
  const flat = paste.flat;
  const out: TgiPrefill[] = [];
  for (const at of paste.anchors(flat, /Not enough memory to handle /)) {
    const m = paste.match(paste.window(flat, at, 200), TGI);
    if (m) out.push({ kind: 'tgi-prefill', prefillTokens: Number(m[2]), totalTokens: m[1] ? Number(m[1]) : null });
  }
  return out;
}

/**
 * llama.cpp / ggml (ggml-cuda.cu ggml_backend_cuda_buffer_type_alloc_buffer, llama-model.cpp):
 * "allocating X MiB on device N: cudaMalloc failed: out of memory", then
 * "failed to allocate CUDA0 buffer of size B" and which buffer it was for.
 */
const ALLOCATING = new RegExp(String.raw`allocating ${SIZE} on device (\d{1,3}): cudaMalloc failed: out of memory`);
const FAILED_BUFFER = /failed to allocate (CUDA\d{1,3}|ROCm\d{1,3}|Vulkan\d{1,3}|Metal|SYCL\d{1,3}) buffer(?: of size (\d{1,15}))?/;

const STAGES: [LlamaCppAlloc['stage'], RegExp][] = [
  ['compute', /compute buffer|gallocr|graph_reserve|sched_reserve/],
  ['kv', /kv_cache_init|KV buffer|kv cache/i],
  ['weights', /load_tensors|error loading model|model buffer|alloc_tensor_range/],
];

function stageIn(paste: Paste, context: string): LlamaCppAlloc['stage'] | null {
  for (const [stage, pattern] of STAGES) if (paste.match(context, pattern)) return stage;
  return null;
}

/** The lines after the failed cudaMalloc name the buffer ("unable to allocate CUDA0 buffer", "failed to allocate compute buffers"); the lines before, what was being built. */
function stageAt(paste: Paste, at: number): LlamaCppAlloc['stage'] {
  return stageIn(paste, paste.window(paste.raw, at, 600)) ?? stageIn(paste, paste.raw.slice(Math.max(0, at - 300), at)) ?? 'unknown';
}

export function detectLlamaCpp(paste: Paste): LlamaCppAlloc[] {
  const out: LlamaCppAlloc[] = [];
  const lines = paste.linesWith('cudaMalloc failed: out of memory', 16);
  const failed = paste.linesWith('failed to allocate', 16).filter((l) => / buffer/.test(l));
  for (const line of lines) {
    const m = paste.match(line, ALLOCATING);
    if (!m) continue;
    out.push({ kind: 'llamacpp-alloc', device: `CUDA${m[3]}`, bytes: sizeBytes(m[1], m[2]), stage: stageAt(paste, paste.raw.indexOf(line)) });
  }
  if (out.length === 0) {
    for (const line of failed) {
      const m = paste.match(line, FAILED_BUFFER);
      if (!m) continue;
      out.push({ kind: 'llamacpp-alloc', device: m[1]!, bytes: m[2] ? Number(m[2]) : null, stage: stageAt(paste, paste.raw.indexOf(line)) });
    }
  }
  return out;
}

/** Every pattern these detectors run (test/diagnose/patterns.test.ts lints them for backtracking). */
export const SERVING_PATTERNS = [KV_TOKENS, KV_MEMORY, ESTIMATED_MAX, NO_BLOCKS, PROFILE_TOTAL, PROFILE_KV, UTILIZATION, GPU_KV_TOKENS, TGI, ALLOCATING, FAILED_BUFFER, ...STAGES.map(([, p]) => p)];
