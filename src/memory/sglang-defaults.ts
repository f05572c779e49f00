import type { Scenario } from '../scenario/schema.js';
import { GiB } from './format.js';

/**
 * SGLang's memory defaults by card, as its server sets them when they are not given
 * (sgl-project/sglang, python/sglang/srt/server_args.py `ServerArgs._handle_gpu_memory_settings`,
 * written by sglang#10975 "Use more general heuristics to set the default value of
 * --mem-fraction-static", merged 2025-09-27, with sglang#11076's constants, 2025-09-30).
 * `gpu_mem` is the card's memory in MiB (utils/common.py `get_device_memory_capacity`). The card
 * first sets `chunked_prefill_size` and `cuda_graph_max_bs`, and these then set the static
 * fraction: `mem_fraction_static = (gpu_mem − reserved_mem) / gpu_mem` (rounded to 3 places), where
 * reserved_mem = 512 MiB of attention-backend metadata + max(chunked_prefill_size, 2048) × 1.5 MiB of
 * prefill activations + cuda_graph_max_bs × 2 MiB of graph buffers + tp × pp ÷ 8 × 1024 MiB, and at
 * least 10 GiB on a card over 60 GiB. sglang#29092 (2026-06-23) reports the value this gives on an
 * H100 (0.828 where the documentation said 0.9). Data-parallel attention and speculative decoding,
 * which reserve more, cannot be said.
 */

/** The card's memory as SGLang reads it, in MiB. */
export function sglangGpuMemMiB(s: Scenario): number {
  return (s.hardware?.capacityBytes ?? 80 * GiB) / 2 ** 20;
}

/** `chunked_prefill_size` by card: 2,048 under 35 GiB, 4,096 under 60 GiB, 8,192 under 160 GiB, else 16,384. */
export function sglangDefaultChunkedPrefill(gpuMemMiB: number): number {
  if (gpuMemMiB < 35 * 1024) return 2048;
  if (gpuMemMiB < 60 * 1024) return 4096;
  if (gpuMemMiB < 160 * 1024) return 8192;
  return 16384;
}

/** `cuda_graph_max_bs` by card and tensor-parallel size: 8 under 20 GiB; 24 (tp < 4) or 80 under 35 GiB; 32 or 160 under 60 GiB; 256 or 512 under 160 GiB; 512 above. */
export function sglangDefaultCudaGraphMaxBs(gpuMemMiB: number, tp: number): number {
  if (gpuMemMiB < 20 * 1024) return 8;
  if (gpuMemMiB < 35 * 1024) return tp < 4 ? 24 : 80;
  if (gpuMemMiB < 60 * 1024) return tp < 4 ? 32 : 160;
  if (gpuMemMiB < 160 * 1024) return tp < 4 ? 256 : 512;
  return 512;
}

/** The MiB SGLang keeps outside mem_fraction_static when it sets the fraction itself. */
export function sglangReservedMiB(gpuMemMiB: number, tp: number, pp: number, chunkedPrefill = sglangDefaultChunkedPrefill(gpuMemMiB), graphMaxBs = sglangDefaultCudaGraphMaxBs(gpuMemMiB, tp)): number {
  const reserved = 512 + Math.max(chunkedPrefill, 2048) * 1.5 + graphMaxBs * 2 + ((tp * pp) / 8) * 1024;
  return gpuMemMiB > 60 * 1024 ? Math.max(reserved, 10 * 1024) : reserved;
}

/** `mem_fraction_static` when not given: (gpu_mem − reserved_mem) / gpu_mem, to 3 places. */
export function sglangDefaultMemFraction(s: Scenario): number {
  const gpuMem = sglangGpuMemMiB(s);
  const chunked = s.inference.batchedTokens ?? sglangDefaultChunkedPrefill(gpuMem);
  const reserved = sglangReservedMiB(gpuMem, s.parallel.tp, s.parallel.pp, chunked);
  return Math.round(((gpuMem - reserved) / gpuMem) * 1000) / 1000;
}

/** "13,440 MiB (512 + 8,192 × 1.5 + 256 × 2 + 1 ÷ 8 × 1,024; at least 10 GiB on a card over 60 GiB)" for the reply. */
export function sglangReservedWords(s: Scenario): string {
  const gpuMem = sglangGpuMemMiB(s);
  const chunked = s.inference.batchedTokens ?? sglangDefaultChunkedPrefill(gpuMem);
  const bs = sglangDefaultCudaGraphMaxBs(gpuMem, s.parallel.tp);
  const reserved = sglangReservedMiB(gpuMem, s.parallel.tp, s.parallel.pp, chunked);
  const floor = gpuMem > 60 * 1024 ? '; at least 10 GiB on a card over 60 GiB' : '';
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  return `${n(reserved)} MiB (512 + ${n(Math.max(chunked, 2048))} prefill tokens × 1.5 + ${bs} graph batch × 2 + ${s.parallel.tp * s.parallel.pp} GPUs ÷ 8 × 1,024${floor})`;
}
