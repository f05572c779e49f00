import type { GpuSpec } from '../types.js';
import { lessReservation, CONTEXT_MIB } from './card-memory.js';

/** AMD Instinct (CDNA2/3): bf16; fp8 from CDNA3 (MI300). */
export const AMD_INSTINCT: readonly GpuSpec[] = [
  {
    id: 'mi210', name: 'MI210 64GB', nominalGB: 64,
    aliases: ['mi210-64gb', 'mi210 64gb', 'mi210', 'instinct mi210', 'amd instinct mi210'],
    totalMiB: 65520, usableMiB: lessReservation(65520), bf16: true, fp8: false, vendor: 'amd',
    contextMiB: CONTEXT_MIB.rocm, priceRank: 1.0,
    source: 'AMD Instinct MI210 datasheet (64 GB HBM2e, CDNA2); rocm-smi 65520 MiB as one MI250X GCD',
  },
  {
    id: 'mi250x', name: 'MI250X 64GB (one GCD)', nominalGB: 64,
    // An MI250X module is two GCDs of 64 GB; ROCm and PyTorch see each GCD as its own device.
    aliases: ['mi250x', 'mi250', 'instinct mi250x', 'amd instinct mi250x', 'mi250x gcd'],
    totalMiB: 65520, usableMiB: lessReservation(65520), bf16: true, fp8: false, vendor: 'amd',
    contextMiB: CONTEXT_MIB.rocm, priceRank: 1.8,
    source: 'AMD Instinct MI250X datasheet (128 GB HBM2e as 2 × 64 GB GCDs); rocm-smi 65520 MiB per GCD',
  },
  {
    id: 'mi300x', name: 'MI300X 192GB', nominalGB: 192,
    aliases: ['mi300x-192gb', 'mi300x 192gb', 'mi300', 'instinct mi300x', 'amd instinct mi300x'],
    totalMiB: 196288, usableMiB: lessReservation(196288), bf16: true, fp8: true, vendor: 'amd',
    contextMiB: CONTEXT_MIB.rocm, priceRank: 2.6,
    source: 'AMD Instinct MI300X datasheet (192 GB HBM3); rocm-smi VRAM total 205,822,885,888 B = 196288 MiB',
  },
  {
    id: 'mi325x', name: 'MI325X 256GB', nominalGB: 256,
    aliases: ['mi325x-256gb', 'mi325x 256gb', 'mi325', 'instinct mi325x', 'amd instinct mi325x'],
    totalMiB: 262144, usableMiB: lessReservation(262144), bf16: true, fp8: true, vendor: 'amd',
    contextMiB: CONTEXT_MIB.rocm, priceRank: 3.2,
    source: 'AMD Instinct MI325X datasheet (256 GB HBM3E); total taken as 256 GiB (rocm-smi figure not verified)',
  },
  {
    id: 'mi355x', name: 'MI355X 288GB', nominalGB: 288,
    aliases: ['mi355x-288gb', 'mi355x 288gb', 'mi355x', 'mi355', 'instinct mi355x', 'amd instinct mi355x'],
    totalMiB: 294912, usableMiB: lessReservation(294912), bf16: true, fp8: true, vendor: 'amd',
    contextMiB: CONTEXT_MIB.rocm, priceRank: 4.0,
    source: 'AMD Instinct MI355X datasheet (288 GB HBM3E, CDNA4); total taken as 288 GiB like the MI325X entry (rocm-smi figure not verified)',
  },
];
