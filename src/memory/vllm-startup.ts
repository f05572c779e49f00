import type { Scenario } from '../scenario/schema.js';
import { gib } from './format.js';
import { vllmAtLeast, vllmEngine } from './vllm-release.js';
import { v1Baseline } from './vllm-v1-baseline.js';

/**
 * vLLM V1 from 0.9.1 checks its fraction against the memory free when the worker starts
 * (vllm/v1/worker/gpu_worker.py `init_device`: after `torch.cuda.set_device`, a `MemorySnapshot`;
 * `requested_memory = total_memory × gpu_memory_utilization`; when `free_memory < requested_memory`
 * it raises "Free memory on device (free/total GiB) on startup is less than desired GPU memory
 * utilization (u, requested GiB)"). The check is absent from V1's worker of 0.9.0 (init_gpu_memory
 * only) and first met in 0.9.1 (llm-compressor#1560: "starting from version 0.9.1"; vllm#20305's
 * 0.9.1 log). The CUDA context exists when the snapshot is taken, so a fraction above
 * 1 − context ÷ card cannot start, whatever the model. From 0.11.0 the snapshot is taken after
 * NCCL's communicators too (vllm#25359; vllm-v1-baseline.ts v1TakenAtSnapshot), so `taken` holds both.
 */
export function vllmChecksStartupFraction(s: Scenario): boolean {
  // Aphrodite's worker (a V0-era fork, aphrodite.ts) has no such check.
  return s.mode === 'inference' && s.inference.engine === 'vllm' && !s.inference.server && !s.inference.fork && s.framework !== 'tgi' && vllmEngine(s) === 'v1' && vllmAtLeast(s, 9, 1);
}

/** Bytes by which the fraction asks more than is free at start (positive: the server refuses to start). */
export function vllmStartupShortfall(s: Scenario, capacity: number, taken: number): number {
  if (!vllmChecksStartupFraction(s)) return 0;
  return capacity * s.inference.gpuMemoryUtilization - (capacity - taken);
}

/** vLLM's own words, with the context that makes up the difference. */
export function vllmStartupNote(s: Scenario, capacity: number, context: number): string {
  const util = s.inference.gpuMemoryUtilization;
  const what = v1Baseline(s) === 'context and NCCL' ? 'the CUDA context and NCCL' : 'the CUDA context';
  return `vLLM V1 checks the fraction at start (gpu_worker init_device, from 0.9.1): ${what} (${gib(context)} GiB) already ${v1Baseline(s) === 'context and NCCL' ? 'hold' : 'holds'} part of the card, so "Free memory on device (${gib(capacity - context, 2)}/${gib(capacity, 2)} GiB) on startup is less than desired GPU memory utilization (${util}, ${gib(capacity * util, 2)} GiB)": the server does not start (lower --gpu-memory-utilization to ${Math.floor(((capacity - context) / capacity) * 100) / 100} or less).`;
}
