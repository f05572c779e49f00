import type { GpuSpec } from './types.js';
import { NVIDIA_PRE_AMPERE } from './gpus/nvidia-pre-ampere.js';
import { NVIDIA_AMPERE } from './gpus/nvidia-ampere.js';
import { NVIDIA_ADA } from './gpus/nvidia-ada.js';
import { NVIDIA_HOPPER_BLACKWELL } from './gpus/nvidia-hopper-blackwell.js';
import { AMD_INSTINCT } from './gpus/amd-instinct.js';

/**
 * Accelerators with the memory a process can use (MiB) and their number-format support.
 *
 * totalMiB: what nvidia-smi (rocm-smi for AMD) prints as total memory.
 * usableMiB: the device total the CUDA runtime reports (cudaMemGetInfo; PyTorch prints it as
 *   "GPU 0; X GiB total capacity" in its OOM message), which is below nvidia-smi's number by
 *   the driver / ECC reservation. Where that figure is well known we use it (converted from
 *   GiB); elsewhere we take nvidia-smi total less 1% (`lessReservation`), slightly more than
 *   the 0.6–1.0% gap seen on A100/H100, so a borderline verdict errs towards "does not fit".
 *   The CUDA context is NOT subtracted here: it is contextMiB, added to the estimate instead.
 * contextMiB: CUDA context + loaded kernels (cuBLAS/cuDNN/NCCL modules) after the first
 *   kernels run, with CUDA 12 lazy loading: ≈300–600 MiB, growing with architecture generation
 *   (more kernel variants per module); ROCm's HIP context is similar in size.
 * priceRank: approximate on-demand USD per GPU-hour on 2024–25 public clouds and GPU
 *   marketplaces; only the ordering matters ("cheapest card that fits").
 */

/** Every card, by vendor and generation (one file each under gpus/), in the order aliases are tried. */
export const GPUS: readonly GpuSpec[] = [...NVIDIA_PRE_AMPERE, ...NVIDIA_AMPERE, ...NVIDIA_ADA, ...NVIDIA_HOPPER_BLACKWELL, ...AMD_INSTINCT];
