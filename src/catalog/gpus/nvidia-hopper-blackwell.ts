import type { GpuSpec } from '../types.js';
import { lessReservation, CONTEXT_MIB } from './card-memory.js';

/** NVIDIA Hopper (sm_90): bf16 and fp8 (Transformer Engine). */
export const NVIDIA_HOPPER_BLACKWELL: readonly GpuSpec[] = [
  {
    id: 'h100-80g', name: 'H100 80GB SXM', nominalGB: 80,
    // "h100" alone means the SXM5 80 GB part, the one in HGX/DGX nodes and most clouds.
    aliases: ['h100', 'h100-80gb', 'h100 80gb', 'h100-sxm', 'h100 sxm', 'h100-sxm5', 'h100-sxm5-80gb', 'h100 80gb hbm3', 'nvidia h100 80gb hbm3'],
    totalMiB: 81559, usableMiB: lessReservation(81559), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.hopper, priceRank: 3.0,
    source: 'NVIDIA H100 datasheet (SXM5, 80 GB HBM3); nvidia-smi 81559 MiB',
  },
  {
    id: 'h100-pcie', name: 'H100 80GB PCIe', nominalGB: 80,
    aliases: ['h100 pcie', 'h100-pcie-80gb', 'h100 pcie 80gb', 'nvidia h100 pcie'],
    totalMiB: 81559, usableMiB: lessReservation(81559), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.hopper, priceRank: 2.4,
    source: 'NVIDIA H100 datasheet (PCIe, 80 GB HBM2e); nvidia-smi 81559 MiB',
  },
  {
    id: 'h100-nvl', name: 'H100 NVL 94GB', nominalGB: 94,
    aliases: ['h100 nvl', 'h100-nvl-94gb', 'h100 nvl 94gb', 'h100-94gb', 'h100 94gb', 'nvidia h100 nvl'],
    totalMiB: 95830, usableMiB: lessReservation(95830), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.hopper, priceRank: 3.2,
    source: 'NVIDIA H100 NVL datasheet (94 GB HBM3 per GPU); nvidia-smi 95830 MiB',
  },
  {
    id: 'h800', name: 'H800 80GB', nominalGB: 80,
    // The H100 SXM for the Chinese market with NVLink cut to 400 GB/s: same memory and fp8.
    aliases: ['h800', 'h800-80gb', 'h800 80gb', 'h800-sxm', 'h800 sxm', 'h800-sxm5', 'nvidia h800', 'nvidia h800 80gb hbm3'],
    totalMiB: 81559, usableMiB: lessReservation(81559), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.hopper, priceRank: 2.8,
    source: 'NVIDIA H800 SXM5 product brief (80 GB HBM3, H100 silicon); nvidia-smi as H100 SXM, 81559 MiB',
  },
  {
    id: 'h20', name: 'H20 96GB', nominalGB: 96,
    aliases: ['h20', 'h20-96gb', 'h20 96gb', 'nvidia h20'],
    totalMiB: 97871, usableMiB: lessReservation(97871), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.hopper, priceRank: 1.5,
    source: 'NVIDIA H20 product brief (96 GB HBM3, Hopper with cut compute); nvidia-smi 97871 MiB as the 96 GB GH200',
  },
  {
    id: 'gh200', name: 'GH200 96GB', nominalGB: 96,
    aliases: ['gh200-96gb', 'gh200 96gb', 'gh200 480gb', 'nvidia gh200 480gb', 'grace hopper'],
    totalMiB: 97871, usableMiB: lessReservation(97871), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.hopper, priceRank: 3.2,
    source: 'NVIDIA GH200 Grace Hopper datasheet (96 GB HBM3 GPU memory; the 480 GB is LPDDR5X CPU memory); nvidia-smi 97871 MiB',
  },
  {
    id: 'h200', name: 'H200 141GB', nominalGB: 141,
    aliases: ['h200-141gb', 'h200 141gb', 'h200 sxm', 'h200-sxm', 'nvidia h200'],
    totalMiB: 143771, usableMiB: lessReservation(143771), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.hopper, priceRank: 3.8,
    source: 'NVIDIA H200 datasheet (141 GB HBM3e); nvidia-smi 143771 MiB',
  },
  // ---- NVIDIA Blackwell (sm_100/120): bf16, fp8 (and fp4).
  {
    id: 'rtx-5090', name: 'RTX 5090 32GB', nominalGB: 32,
    aliases: ['5090', 'rtx5090', 'rtx 5090', 'geforce rtx 5090', 'nvidia geforce rtx 5090'],
    totalMiB: 32607, usableMiB: lessReservation(32607), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.blackwell, priceRank: 0.8,
    source: 'NVIDIA GeForce RTX 5090 specs (32 GB GDDR7); nvidia-smi 32607 MiB',
  },
  {
    id: 'rtx-5070-ti', name: 'RTX 5070 Ti 16GB', nominalGB: 16,
    aliases: ['5070 ti', '5070ti', 'rtx 5070 ti', 'rtx5070ti', 'geforce rtx 5070 ti', 'nvidia geforce rtx 5070 ti'],
    totalMiB: 16303, usableMiB: lessReservation(16303), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.blackwell, priceRank: 0.4,
    source: 'NVIDIA GeForce RTX 5070 Ti specs (16 GB GDDR7); nvidia-smi 16303 MiB',
  },
  {
    id: 'rtx-5080', name: 'RTX 5080 16GB', nominalGB: 16,
    aliases: ['5080', 'rtx5080', 'rtx 5080', 'geforce rtx 5080', 'nvidia geforce rtx 5080'],
    totalMiB: 16303, usableMiB: lessReservation(16303), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.blackwell, priceRank: 0.5,
    source: 'NVIDIA GeForce RTX 5080 specs (16 GB GDDR7); nvidia-smi 16303 MiB',
  },
  {
    id: 'rtx-pro-6000', name: 'RTX PRO 6000 Blackwell 96GB', nominalGB: 96,
    // "two RTX 6000 Pro" (lmstudio-ai/lms#41, c1230): the PRO word after the number is still the
    // Blackwell card, never the 48 GB RTX 6000 Ada that "rtx 6000" alone names.
    aliases: ['rtx pro 6000', 'rtx 6000 pro', 'rtx6000 pro', 'rtx 6000 pro blackwell', 'rtx pro 6000 blackwell', 'rtx pro 6000 blackwell workstation edition', 'rtx pro 6000 blackwell server edition', 'pro 6000', 'nvidia rtx pro 6000 blackwell workstation edition', 'nvidia rtx pro 6000 blackwell server edition'],
    totalMiB: 97887, usableMiB: lessReservation(97887), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.blackwell, priceRank: 1.6,
    source: 'NVIDIA RTX PRO 6000 Blackwell datasheet (96 GB GDDR7 ECC); nvidia-smi 97887 MiB',
  },
  {
    id: 'b200', name: 'B200 180GB', nominalGB: 180,
    aliases: ['b200-180gb', 'b200 180gb', 'b200 192gb', 'nvidia b200'],
    totalMiB: 183359, usableMiB: lessReservation(183359), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.blackwell, priceRank: 5.5,
    source: 'NVIDIA DGX B200 datasheet (1,440 GB over 8 GPUs = 180 GB each of 192 GB HBM3e); nvidia-smi 183359 MiB',
  },
  {
    id: 'b300', name: 'B300 288GB', nominalGB: 288,
    aliases: ['b300-288gb', 'b300 288gb', 'b300', 'blackwell ultra', 'nvidia b300', 'hgx b300'],
    totalMiB: 274658, usableMiB: lessReservation(274658), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.blackwell, priceRank: 6.5,
    source: 'NVIDIA HGX B300 / DGX B300 specs (288 GB HBM3e per GPU, 2.3 TB per 8); total taken as 288e9 B = 274658 MiB (nvidia-smi figure not verified)',
  },
  {
    id: 'gb200', name: 'GB200 186GB', nominalGB: 186,
    // One Blackwell GPU of a GB200 superchip (two GPUs + one Grace CPU); NVL72 racks hold 72.
    aliases: ['gb200-186gb', 'gb200 186gb', 'gb200', 'gb200 nvl72', 'nvidia gb200', 'grace blackwell'],
    totalMiB: 177383, usableMiB: lessReservation(177383), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.blackwell, priceRank: 6.0,
    source: 'NVIDIA GB200 NVL72 specs (13.4 TB HBM3e over 72 GPUs = 186 GB each); total taken as 186e9 B = 177383 MiB (nvidia-smi figure not verified)',
  },
];
