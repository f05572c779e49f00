import type { GpuSpec } from '../types.js';
import { lessReservation, reportedGiB, CONTEXT_MIB } from './card-memory.js';

/** NVIDIA Ada Lovelace (sm_89): bf16 and fp8 tensor cores. */
export const NVIDIA_ADA: readonly GpuSpec[] = [
  {
    id: 'l4', name: 'L4 24GB', nominalGB: 24,
    aliases: ['l4-24gb', 'l4 24gb', 'nvidia l4'],
    totalMiB: 23034, usableMiB: lessReservation(23034), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.7,
    source: 'NVIDIA L4 datasheet (24 GB GDDR6); nvidia-smi 23034 MiB',
  },
  {
    id: 'rtx-4090', name: 'RTX 4090 24GB', nominalGB: 24,
    aliases: ['4090', 'a 4090', 'rtx4090', 'rtx 4090', 'geforce rtx 4090', 'nvidia geforce rtx 4090', '4090-24gb'],
    totalMiB: 24564, usableMiB: reportedGiB(23.65), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.45,
    source: 'NVIDIA GeForce RTX 4090 specs (24 GB GDDR6X); nvidia-smi 24564 MiB; PyTorch OOM "23.65 GiB total capacity"',
  },
  {
    id: 'rtx-4060', name: 'RTX 4060 8GB', nominalGB: 8,
    aliases: ['4060', 'rtx4060', 'rtx 4060', 'geforce rtx 4060', 'nvidia geforce rtx 4060'],
    totalMiB: 8188, usableMiB: lessReservation(8188), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.13,
    source: 'NVIDIA GeForce RTX 4060 specs (8 GB GDDR6); nvidia-smi 8188 MiB',
  },
  {
    id: 'rtx-4070', name: 'RTX 4070 12GB', nominalGB: 12,
    aliases: ['4070', 'rtx4070', 'rtx 4070', 'geforce rtx 4070', 'nvidia geforce rtx 4070', '4070 super', 'rtx 4070 super', 'rtx4070super'],
    totalMiB: 12282, usableMiB: lessReservation(12282), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.2,
    source: 'NVIDIA GeForce RTX 4070 / 4070 SUPER specs (12 GB GDDR6X both); nvidia-smi 12282 MiB',
  },
  {
    id: 'rtx-4060-ti-16g', name: 'RTX 4060 Ti 16GB', nominalGB: 16,
    // The 8 GB 4060 Ti exists too; people training models mean the 16 GB one.
    aliases: ['4060 ti', '4060ti', 'rtx 4060 ti', 'rtx4060ti', 'rtx 4060 ti 16gb', '4060 ti 16gb', 'geforce rtx 4060 ti', 'nvidia geforce rtx 4060 ti'],
    totalMiB: 16380, usableMiB: lessReservation(16380), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.15,
    source: 'NVIDIA GeForce RTX 4060 Ti 16 GB specs (GDDR6); nvidia-smi 16380 MiB',
  },
  {
    // The 4060 Ti's other size: "The GPU is an RTX4060TI with 8GB of Vram" (ollama/ollama, c1370) has this one.
    id: 'rtx-4060-ti-8g', name: 'RTX 4060 Ti 8GB', nominalGB: 8,
    aliases: ['rtx 4060 ti 8gb', '4060 ti 8gb', 'rtx4060ti 8gb', '4060ti 8gb'],
    totalMiB: 8188, usableMiB: lessReservation(8188), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.14,
    source: 'NVIDIA GeForce RTX 4060 Ti 8 GB specs (GDDR6, AD106 as the 16 GB one); nvidia-smi 8188 MiB as the RTX 4060',
  },
  {
    id: 'rtx-4070-ti', name: 'RTX 4070 Ti 12GB', nominalGB: 12,
    aliases: ['4070 ti', '4070ti', 'rtx 4070 ti', 'rtx4070ti', 'geforce rtx 4070 ti', 'nvidia geforce rtx 4070 ti'],
    totalMiB: 12282, usableMiB: lessReservation(12282), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.25,
    source: 'NVIDIA GeForce RTX 4070 Ti specs (12 GB GDDR6X); nvidia-smi 12282 MiB',
  },
  {
    id: 'rtx-4070-ti-super', name: 'RTX 4070 Ti SUPER 16GB', nominalGB: 16,
    aliases: ['4070 ti super', '4070ti super', '4070tisuper', 'rtx 4070 ti super', 'rtx4070tisuper', 'geforce rtx 4070 ti super', 'nvidia geforce rtx 4070 ti super'],
    totalMiB: 16376, usableMiB: lessReservation(16376), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.3,
    source: 'NVIDIA GeForce RTX 4070 Ti SUPER specs (16 GB GDDR6X on AD103, as the 4080); nvidia-smi 16376 MiB as the 4080',
  },
  {
    id: 'rtx-4080', name: 'RTX 4080 16GB', nominalGB: 16,
    aliases: ['4080', 'rtx4080', 'rtx 4080', 'rtx 4080 super', '4080 super', 'geforce rtx 4080', 'nvidia geforce rtx 4080'],
    totalMiB: 16376, usableMiB: lessReservation(16376), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.35,
    source: 'NVIDIA GeForce RTX 4080 / 4080 SUPER specs (16 GB GDDR6X); nvidia-smi 16376 MiB',
  },
  {
    id: 'l20', name: 'L20 48GB', nominalGB: 48,
    aliases: ['l20-48gb', 'l20 48gb', 'nvidia l20'],
    totalMiB: 46068, usableMiB: lessReservation(46068), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.8,
    source: 'NVIDIA L20 product brief (48 GB GDDR6 ECC, AD102 like the L40); nvidia-smi as L40, 46068 MiB',
  },
  {
    id: 'l40', name: 'L40 48GB', nominalGB: 48,
    aliases: ['l40-48gb', 'l40 48gb', 'nvidia l40'],
    totalMiB: 46068, usableMiB: lessReservation(46068), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 1.0,
    source: 'NVIDIA L40 datasheet (48 GB GDDR6 ECC); nvidia-smi 46068 MiB',
  },
  {
    id: 'l40s', name: 'L40S 48GB', nominalGB: 48,
    aliases: ['l40s-48gb', 'l40s 48gb', 'nvidia l40s'],
    totalMiB: 46068, usableMiB: lessReservation(46068), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 1.1,
    source: 'NVIDIA L40S datasheet (48 GB GDDR6 ECC); nvidia-smi 46068 MiB',
  },
  {
    id: 'rtx-6000-ada', name: 'RTX 6000 Ada 48GB', nominalGB: 48,
    // "RTX 6000" alone: the Ada card, the one sold under that name since 2022 (the 24 GB Turing
    // Quadro RTX 6000 is older; the 96 GB Blackwell is the "RTX PRO 6000").
    // "A6000 ada (48G)" (OpenRLHF/OpenRLHF#901): the Ada card, named after the Ampere RTX A6000 it replaced.
    aliases: ['rtx 6000 ada', 'rtx6000 ada', 'rtx 6000 ada generation', 'nvidia rtx 6000 ada generation', '6000 ada', 'rtx 6000', 'rtx6000', 'a6000 ada', 'rtx a6000 ada', 'a6000ada', 'a6000-ada'],
    totalMiB: 49140, usableMiB: lessReservation(49140), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.9,
    source: 'NVIDIA RTX 6000 Ada Generation datasheet (48 GB GDDR6 ECC); nvidia-smi 49140 MiB',
  },
];
