import type { GpuSpec } from './types.js';

/** Accelerators with the memory a process can use (MiB) and their number-format support. */
export const GPUS: readonly GpuSpec[] = [
  {
    id: 'a100-80g',
    name: 'A100 80GB',
    aliases: ['a100-80gb', 'a100 80', 'a100-sxm4-80gb'],
    totalMiB: 81920,
    usableMiB: 81050,
    bf16: true,
    fp8: false,
    vendor: 'nvidia',
    contextMiB: 500,
    priceRank: 6,
    source: 'NVIDIA A100 datasheet; nvidia-smi total 81920 MiB',
  },
];
