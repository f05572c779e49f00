import type { Scenario } from '../scenario/schema.js';
import { gpuById } from '../catalog/index.js';
import { MiB, gib } from './format.js';

/**
 * What sits between allocated bytes and what nvidia-smi shows (DESIGN §3.5).
 */

/**
 * Caching-allocator slack, reserved ÷ allocated − 1. PyTorch rounds blocks up (512 B small, 2 MiB
 * large, splits ≥ 1 MiB) and keeps freed blocks cached; for a training step with fixed shapes
 * this is 5–10 % (DESIGN §3.5). 10 % is fitted on the only reserved rows, GT008–GT012 (PEFT
 * MetaMathQA, Llama 3.2 3B on an L40S): it brings their median error to zero (from −3.1 % at 7 %).
 */
export const ALLOCATOR_SLACK = 0.1;

/** CUDA context and loaded kernels when the card is not in the catalog (CUDA ≥ 11.7 lazy loading). */
export const DEFAULT_CONTEXT_BYTES = 500 * MiB;

/**
 * NCCL communicator buffers per GPU in multi-GPU runs: NCCL_BUFFSIZE 4 MiB per channel and
 * peer direction, tens of channels on NVLink systems, plus proxy and work FIFOs ≈ 0.5 GiB.
 */
export const NCCL_BYTES = 512 * MiB;

export function reservedBytes(allocated: number): number {
  return allocated * (1 + ALLOCATOR_SLACK);
}

export function contextBytes(s: Scenario): number {
  return s.hardware?.gpuId ? gpuById(s.hardware.gpuId).contextMiB * MiB : DEFAULT_CONTEXT_BYTES;
}

/** Only GPUs that talk to each other hold communicators: inference replicas (tp 1, pp 1) do not. */
export function ncclBytes(s: Scenario): number {
  const communicates = s.mode !== 'inference' || s.parallel.tp > 1 || s.parallel.pp > 1;
  return (s.hardware?.count ?? 1) > 1 && communicates ? NCCL_BYTES : 0;
}

export function slackFormula(allocated: number): string {
  return `${Math.round(ALLOCATOR_SLACK * 100)}% of ${gib(allocated)} GiB allocated`;
}
