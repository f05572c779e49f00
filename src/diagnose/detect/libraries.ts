import type { BareCudaOom, CublasAlloc, NcclOom } from '../findings.js';
import { sizeBytes } from '../sizes.js';
import type { Paste } from '../text.js';

/** cuBLAS could not allocate its handle or workspace: "CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`". */
export function detectCublas(paste: Paste): CublasAlloc[] {
  return paste.anchors(paste.flat, /CUBLAS_STATUS_ALLOC_FAILED/).length > 0 ? [{ kind: 'cublas-alloc' }] : [];
}

/** NCCL's allocation failure: "NCCL WARN Cuda failure 'out of memory'" / "Failed to CUDA calloc 6291456 bytes". */
const NCCL_OOM = /NCCL WARN (?:Cuda failure (?:\d{1,3} )?'out of memory'|Failed to CUDA calloc)/;
const CALLOC = /Failed to CUDA calloc (\d{1,15}) bytes/;

export function detectNccl(paste: Paste): NcclOom[] {
  if (paste.anchors(paste.flat, NCCL_OOM).length === 0) return [];
  const calloc = paste.match(paste.flat, CALLOC);
  return [{ kind: 'nccl-oom', bytes: calloc ? sizeBytes(calloc[1], 'B') : null }];
}

/** "CUDA error: out of memory" (or "CUDA error 2 … out of memory", "cuda runtime error (2) : out of memory") without the allocator's numbers. */
const BARE = /CUDA error(?::| \d{1,3}\b[^\n]{0,80}?:) out of memory|cuda runtime error \(2\) ?: out of memory|CUDA_ERROR_OUT_OF_MEMORY/;

export function detectBareCudaOom(paste: Paste): BareCudaOom[] {
  return paste.anchors(paste.raw, BARE).length > 0 ? [{ kind: 'cuda-oom' }] : [];
}

/** Every pattern these detectors run (test/diagnose/patterns.test.ts lints them for backtracking). */
export const LIBRARY_PATTERNS = [NCCL_OOM, CALLOC, BARE, /CUBLAS_STATUS_ALLOC_FAILED/];
