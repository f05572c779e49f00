import type { GpuSpec } from '../types.js';
import { lessReservation, reportedGiB, CONTEXT_MIB } from './card-memory.js';

/** NVIDIA Pascal / Volta / Turing: no bf16 tensor cores (bf16 arrived with Ampere, sm_80). */
export const NVIDIA_PRE_AMPERE: readonly GpuSpec[] = [
  {
    id: 'p100-16g', name: 'Tesla P100 16GB', nominalGB: 16,
    aliases: ['p100', 'p100-16gb', 'p100 16gb', 'tesla p100', 'tesla p100-pcie-16gb', 'p100-pcie-16gb'],
    totalMiB: 16280, usableMiB: reportedGiB(15.89), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.pascal, priceRank: 0.45,
    source: 'NVIDIA Tesla P100 datasheet (16 GB HBM2); nvidia-smi 16280 MiB; PyTorch OOM "15.89 GiB total capacity"',
  },
  {
    // Still a common budget card for llama.cpp; ECC is on by default on Tesla boards, which is
    // what nvidia-smi's 22919 MiB shows (24451 MiB with ECC off).
    id: 'p40-24g', name: 'Tesla P40 24GB', nominalGB: 24,
    aliases: ['p40', 'p40-24gb', 'p40 24gb', 'tesla p40', 'nvidia tesla p40'],
    totalMiB: 22919, usableMiB: lessReservation(22919), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.pascal, priceRank: 0.2,
    source: 'NVIDIA Tesla P40 datasheet (24 GB GDDR5); nvidia-smi 22919 MiB with ECC on (24451 MiB with it off), in pasted nvidia-smi tables',
  },
  {
    id: 'gtx-1080-ti', name: 'GTX 1080 Ti 11GB', nominalGB: 11,
    aliases: ['1080 ti', '1080ti', 'gtx 1080 ti', 'gtx1080ti', 'geforce gtx 1080 ti', 'nvidia geforce gtx 1080 ti'],
    totalMiB: 11264, usableMiB: lessReservation(11264), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.pascal, priceRank: 0.15,
    source: 'NVIDIA GeForce GTX 1080 Ti specs (11 GB GDDR5X); nvidia-smi 11264 MiB',
  },
  {
    id: 'gtx-1060', name: 'GTX 1060 6GB', nominalGB: 6,
    // The 3 GB GTX 1060 is too small for any model here; "1060" means the 6 GB card.
    aliases: ['1060', 'gtx 1060', 'gtx1060', 'gtx 1060 6gb', 'geforce gtx 1060', 'geforce gtx 1060 6gb', 'nvidia geforce gtx 1060 6gb'],
    totalMiB: 6144, usableMiB: lessReservation(6144), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.pascal, priceRank: 0.08,
    source: 'NVIDIA GeForce GTX 1060 specs (6 GB GDDR5); nvidia-smi 6144 MiB',
  },
  {
    id: 'v100-16g', name: 'V100 16GB', nominalGB: 16,
    aliases: ['v100', 'v100-16gb', 'v100 16gb', 'v100 16', 'v100-sxm2-16gb', 'v100-pcie-16gb', 'tesla v100', 'tesla v100-sxm2-16gb', 'tesla v100-pcie-16gb'],
    totalMiB: 16160, usableMiB: reportedGiB(15.78), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.volta, priceRank: 0.9,
    source: 'NVIDIA V100 datasheet (16 GB HBM2, SXM2 and PCIe); nvidia-smi 16160 MiB; PyTorch OOM "15.78 GiB total capacity". "v100" alone means this card, the common cloud size (AWS p3)',
  },
  {
    id: 'v100-32g', name: 'V100 32GB', nominalGB: 32,
    aliases: ['v100-32gb', 'v100 32gb', 'v100 32', 'v100-sxm2-32gb', 'v100-pcie-32gb', 'v100s', 'v100s-pcie-32gb', 'tesla v100-sxm2-32gb'],
    totalMiB: 32510, usableMiB: reportedGiB(31.74), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.volta, priceRank: 1.2,
    source: 'NVIDIA V100 datasheet (32 GB HBM2); nvidia-smi 32510 MiB; PyTorch OOM "31.74 GiB total capacity"',
  },
  {
    id: 't4', name: 'T4 16GB', nominalGB: 16,
    aliases: ['t4-16gb', 't4 16gb', 'tesla t4', 'nvidia t4'],
    totalMiB: 15360, usableMiB: reportedGiB(14.75), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.turing, priceRank: 0.35,
    source: 'NVIDIA T4 datasheet (16 GB GDDR6); nvidia-smi 15360 MiB; PyTorch OOM "14.75 GiB total capacity" (Colab)',
  },
  {
    id: 'rtx-2060', name: 'RTX 2060 6GB', nominalGB: 6,
    aliases: ['2060', 'rtx2060', 'rtx 2060', 'geforce rtx 2060', 'nvidia geforce rtx 2060'],
    totalMiB: 6144, usableMiB: lessReservation(6144), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.turing, priceRank: 0.1,
    source: 'NVIDIA GeForce RTX 2060 specs (6 GB GDDR6, Turing); nvidia-smi 6144 MiB',
  },
  {
    id: 'rtx-2060-12g', name: 'RTX 2060 12GB', nominalGB: 12,
    aliases: ['rtx 2060 12gb', '2060 12gb', 'rtx2060 12gb', 'geforce rtx 2060 12gb'],
    totalMiB: 12288, usableMiB: lessReservation(12288), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.turing, priceRank: 0.11,
    source: 'NVIDIA GeForce RTX 2060 12 GB (2021, GDDR6, Turing); nvidia-smi 12288 MiB',
  },
  {
    id: 'rtx-2070', name: 'RTX 2070 8GB', nominalGB: 8,
    aliases: ['2070', 'rtx2070', 'rtx 2070', 'geforce rtx 2070', 'nvidia geforce rtx 2070'],
    totalMiB: 8192, usableMiB: lessReservation(8192), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.turing, priceRank: 0.12,
    source: 'NVIDIA GeForce RTX 2070 specs (8 GB GDDR6, Turing); nvidia-smi 8192 MiB',
  },
  {
    id: 'rtx-2080', name: 'RTX 2080 8GB', nominalGB: 8,
    aliases: ['2080', 'rtx2080', 'rtx 2080', 'geforce rtx 2080', 'nvidia geforce rtx 2080'],
    totalMiB: 8192, usableMiB: lessReservation(8192), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.turing, priceRank: 0.14,
    source: 'NVIDIA GeForce RTX 2080 specs (8 GB GDDR6, Turing); nvidia-smi 8192 MiB',
  },
  {
    id: 'rtx-2080-ti', name: 'RTX 2080 Ti 11GB', nominalGB: 11,
    aliases: ['2080 ti', '2080ti', 'rtx2080ti', 'rtx 2080 ti', 'geforce rtx 2080 ti', 'nvidia geforce rtx 2080 ti'],
    totalMiB: 11264, usableMiB: lessReservation(11264), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.turing, priceRank: 0.16,
    source: 'NVIDIA GeForce RTX 2080 Ti specs (11 GB GDDR6, Turing); nvidia-smi 11264 MiB',
  },
  {
    id: 'titan-rtx', name: 'Titan RTX 24GB', nominalGB: 24,
    aliases: ['titan rtx', 'titanrtx', 'nvidia titan rtx'],
    totalMiB: 24576, usableMiB: lessReservation(24576), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.turing, priceRank: 0.3,
    source: 'NVIDIA TITAN RTX specs (24 GB GDDR6, Turing); nvidia-smi 24576 MiB',
  },
];
