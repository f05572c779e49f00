import type { GpuSpec } from './types.js';

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

/** nvidia-smi total less 1% for the driver / ECC reservation (see header). */
function lessReservation(totalMiB: number): number {
  return totalMiB - Math.ceil(totalMiB * 0.01);
}

/** PyTorch's "X GiB total capacity" (cudaMemGetInfo total) in MiB. */
function reportedGiB(gib: number): number {
  return Math.floor(gib * 1024);
}

/*
 * Volta is measured: HF's "Model training anatomy" run on a V100 16GB shows 1343 MiB in
 * nvidia-smi after `torch.ones((1, 1)).to("cuda")` alone (reference row GT121's notes): CUDA 11
 * stacks without lazy module loading, which is what V100 fleets typically still run.
 */
const CONTEXT_MIB = { pascal: 300, volta: 1343, turing: 350, ampere: 450, ada: 450, hopper: 550, blackwell: 600, rocm: 500 } as const;

export const GPUS: readonly GpuSpec[] = [
  // ---- NVIDIA Pascal / Volta / Turing: no bf16 tensor cores (bf16 arrived with Ampere, sm_80).
  {
    id: 'p100-16g', name: 'Tesla P100 16GB',
    aliases: ['p100', 'p100-16gb', 'p100 16gb', 'tesla p100', 'tesla p100-pcie-16gb', 'p100-pcie-16gb'],
    totalMiB: 16280, usableMiB: reportedGiB(15.89), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.pascal, priceRank: 0.45,
    source: 'NVIDIA Tesla P100 datasheet (16 GB HBM2); nvidia-smi 16280 MiB; PyTorch OOM "15.89 GiB total capacity"',
  },
  {
    // Still a common budget card for llama.cpp; ECC is on by default on Tesla boards, which is
    // what nvidia-smi's 22919 MiB shows (24451 MiB with ECC off).
    id: 'p40-24g', name: 'Tesla P40 24GB',
    aliases: ['p40', 'p40-24gb', 'p40 24gb', 'tesla p40', 'nvidia tesla p40'],
    totalMiB: 22919, usableMiB: lessReservation(22919), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.pascal, priceRank: 0.2,
    source: 'NVIDIA Tesla P40 datasheet (24 GB GDDR5); nvidia-smi 22919 MiB with ECC on (24451 MiB with it off), in pasted nvidia-smi tables',
  },
  {
    id: 'gtx-1080-ti', name: 'GTX 1080 Ti 11GB',
    aliases: ['1080 ti', '1080ti', 'gtx 1080 ti', 'gtx1080ti', 'geforce gtx 1080 ti', 'nvidia geforce gtx 1080 ti'],
    totalMiB: 11264, usableMiB: lessReservation(11264), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.pascal, priceRank: 0.15,
    source: 'NVIDIA GeForce GTX 1080 Ti specs (11 GB GDDR5X); nvidia-smi 11264 MiB',
  },
  {
    id: 'gtx-1060', name: 'GTX 1060 6GB',
    // The 3 GB GTX 1060 is too small for any model here; "1060" means the 6 GB card.
    aliases: ['1060', 'gtx 1060', 'gtx1060', 'gtx 1060 6gb', 'geforce gtx 1060', 'geforce gtx 1060 6gb', 'nvidia geforce gtx 1060 6gb'],
    totalMiB: 6144, usableMiB: lessReservation(6144), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.pascal, priceRank: 0.08,
    source: 'NVIDIA GeForce GTX 1060 specs (6 GB GDDR5); nvidia-smi 6144 MiB',
  },
  {
    id: 'v100-16g', name: 'V100 16GB',
    aliases: ['v100', 'v100-16gb', 'v100 16gb', 'v100 16', 'v100-sxm2-16gb', 'v100-pcie-16gb', 'tesla v100', 'tesla v100-sxm2-16gb', 'tesla v100-pcie-16gb'],
    totalMiB: 16160, usableMiB: reportedGiB(15.78), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.volta, priceRank: 0.9,
    source: 'NVIDIA V100 datasheet (16 GB HBM2, SXM2 and PCIe); nvidia-smi 16160 MiB; PyTorch OOM "15.78 GiB total capacity". "v100" alone means this card, the common cloud size (AWS p3)',
  },
  {
    id: 'v100-32g', name: 'V100 32GB',
    aliases: ['v100-32gb', 'v100 32gb', 'v100 32', 'v100-sxm2-32gb', 'v100-pcie-32gb', 'v100s', 'v100s-pcie-32gb', 'tesla v100-sxm2-32gb'],
    totalMiB: 32510, usableMiB: reportedGiB(31.74), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.volta, priceRank: 1.2,
    source: 'NVIDIA V100 datasheet (32 GB HBM2); nvidia-smi 32510 MiB; PyTorch OOM "31.74 GiB total capacity"',
  },
  {
    id: 't4', name: 'T4 16GB',
    aliases: ['t4-16gb', 't4 16gb', 'tesla t4', 'nvidia t4'],
    totalMiB: 15360, usableMiB: reportedGiB(14.75), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.turing, priceRank: 0.35,
    source: 'NVIDIA T4 datasheet (16 GB GDDR6); nvidia-smi 15360 MiB; PyTorch OOM "14.75 GiB total capacity" (Colab)',
  },
  {
    id: 'rtx-2060', name: 'RTX 2060 6GB',
    aliases: ['2060', 'rtx2060', 'rtx 2060', 'geforce rtx 2060', 'nvidia geforce rtx 2060'],
    totalMiB: 6144, usableMiB: lessReservation(6144), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.turing, priceRank: 0.1,
    source: 'NVIDIA GeForce RTX 2060 specs (6 GB GDDR6, Turing); nvidia-smi 6144 MiB',
  },
  {
    id: 'rtx-2060-12g', name: 'RTX 2060 12GB',
    aliases: ['rtx 2060 12gb', '2060 12gb', 'rtx2060 12gb', 'geforce rtx 2060 12gb'],
    totalMiB: 12288, usableMiB: lessReservation(12288), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.turing, priceRank: 0.11,
    source: 'NVIDIA GeForce RTX 2060 12 GB (2021, GDDR6, Turing); nvidia-smi 12288 MiB',
  },
  {
    id: 'rtx-2070', name: 'RTX 2070 8GB',
    aliases: ['2070', 'rtx2070', 'rtx 2070', 'geforce rtx 2070', 'nvidia geforce rtx 2070'],
    totalMiB: 8192, usableMiB: lessReservation(8192), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.turing, priceRank: 0.12,
    source: 'NVIDIA GeForce RTX 2070 specs (8 GB GDDR6, Turing); nvidia-smi 8192 MiB',
  },
  {
    id: 'rtx-2080', name: 'RTX 2080 8GB',
    aliases: ['2080', 'rtx2080', 'rtx 2080', 'geforce rtx 2080', 'nvidia geforce rtx 2080'],
    totalMiB: 8192, usableMiB: lessReservation(8192), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.turing, priceRank: 0.14,
    source: 'NVIDIA GeForce RTX 2080 specs (8 GB GDDR6, Turing); nvidia-smi 8192 MiB',
  },
  {
    id: 'rtx-2080-ti', name: 'RTX 2080 Ti 11GB',
    aliases: ['2080 ti', '2080ti', 'rtx2080ti', 'rtx 2080 ti', 'geforce rtx 2080 ti', 'nvidia geforce rtx 2080 ti'],
    totalMiB: 11264, usableMiB: lessReservation(11264), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.turing, priceRank: 0.16,
    source: 'NVIDIA GeForce RTX 2080 Ti specs (11 GB GDDR6, Turing); nvidia-smi 11264 MiB',
  },
  {
    id: 'titan-rtx', name: 'Titan RTX 24GB',
    aliases: ['titan rtx', 'titanrtx', 'nvidia titan rtx'],
    totalMiB: 24576, usableMiB: lessReservation(24576), bf16: false, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.turing, priceRank: 0.3,
    source: 'NVIDIA TITAN RTX specs (24 GB GDDR6, Turing); nvidia-smi 24576 MiB',
  },
  // ---- NVIDIA Ampere (sm_80/86): bf16, no fp8.
  {
    id: 'rtx-3090', name: 'RTX 3090 24GB',
    aliases: ['3090', 'rtx3090', 'rtx 3090', 'geforce rtx 3090', 'nvidia geforce rtx 3090', '3090-24gb'],
    totalMiB: 24576, usableMiB: reportedGiB(23.69), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 0.3,
    source: 'NVIDIA GeForce RTX 3090 specs (24 GB GDDR6X); nvidia-smi 24576 MiB; PyTorch OOM "23.69 GiB total capacity"',
  },
  {
    id: 'rtx-3060', name: 'RTX 3060 12GB',
    aliases: ['3060', 'rtx3060', 'rtx 3060', 'rtx 3060 12gb', '3060 12gb', 'geforce rtx 3060', 'nvidia geforce rtx 3060'],
    totalMiB: 12288, usableMiB: lessReservation(12288), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 0.12,
    source: 'NVIDIA GeForce RTX 3060 specs (12 GB GDDR6; the 8 GB variant is rarer); nvidia-smi 12288 MiB',
  },
  {
    id: 'rtx-3080', name: 'RTX 3080 10GB',
    aliases: ['3080', 'rtx3080', 'rtx 3080', 'rtx 3080 10gb', '3080 10gb', 'geforce rtx 3080', 'nvidia geforce rtx 3080'],
    totalMiB: 10240, usableMiB: lessReservation(10240), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 0.2,
    source: 'NVIDIA GeForce RTX 3080 specs (10 GB GDDR6X); nvidia-smi 10240 MiB',
  },
  {
    id: 'rtx-3080-12g', name: 'RTX 3080 12GB',
    aliases: ['rtx 3080 12gb', '3080 12gb', 'rtx3080 12gb', 'geforce rtx 3080 12gb'],
    totalMiB: 12288, usableMiB: lessReservation(12288), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 0.22,
    source: 'NVIDIA GeForce RTX 3080 12 GB specs (GDDR6X); nvidia-smi 12288 MiB',
  },
  {
    id: 'rtx-3060-8g', name: 'RTX 3060 8GB',
    aliases: ['rtx 3060 8gb', '3060 8gb', 'rtx3060 8gb', 'geforce rtx 3060 8gb'],
    totalMiB: 8192, usableMiB: lessReservation(8192), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 0.11,
    source: 'NVIDIA GeForce RTX 3060 8 GB variant (GDDR6, 128-bit); nvidia-smi 8192 MiB',
  },
  {
    id: 'rtx-3060-ti', name: 'RTX 3060 Ti 8GB',
    aliases: ['3060 ti', '3060ti', 'rtx3060ti', 'rtx 3060 ti', 'geforce rtx 3060 ti', 'nvidia geforce rtx 3060 ti'],
    totalMiB: 8192, usableMiB: lessReservation(8192), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 0.13,
    source: 'NVIDIA GeForce RTX 3060 Ti specs (8 GB GDDR6); nvidia-smi 8192 MiB',
  },
  {
    id: 'rtx-3070', name: 'RTX 3070 8GB',
    aliases: ['3070', 'rtx3070', 'rtx 3070', 'geforce rtx 3070', 'nvidia geforce rtx 3070'],
    totalMiB: 8192, usableMiB: lessReservation(8192), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 0.15,
    source: 'NVIDIA GeForce RTX 3070 specs (8 GB GDDR6); nvidia-smi 8192 MiB',
  },
  {
    id: 'rtx-3070-ti', name: 'RTX 3070 Ti 8GB',
    aliases: ['3070 ti', '3070ti', 'rtx3070ti', 'rtx 3070 ti', 'geforce rtx 3070 ti', 'nvidia geforce rtx 3070 ti'],
    totalMiB: 8192, usableMiB: lessReservation(8192), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 0.16,
    source: 'NVIDIA GeForce RTX 3070 Ti specs (8 GB GDDR6X); nvidia-smi 8192 MiB',
  },
  {
    id: 'rtx-3080-ti', name: 'RTX 3080 Ti 12GB',
    aliases: ['3080 ti', '3080ti', 'rtx3080ti', 'rtx 3080 ti', 'geforce rtx 3080 ti', 'nvidia geforce rtx 3080 ti'],
    totalMiB: 12288, usableMiB: lessReservation(12288), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 0.23,
    source: 'NVIDIA GeForce RTX 3080 Ti specs (12 GB GDDR6X); nvidia-smi 12288 MiB',
  },
  {
    id: 'rtx-3090-ti', name: 'RTX 3090 Ti 24GB',
    aliases: ['3090 ti', '3090ti', 'rtx3090ti', 'rtx 3090 ti', 'geforce rtx 3090 ti', 'nvidia geforce rtx 3090 ti'],
    totalMiB: 24576, usableMiB: lessReservation(24576), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 0.27,
    source: 'NVIDIA GeForce RTX 3090 Ti specs (24 GB GDDR6X); nvidia-smi 24576 MiB',
  },
  {
    id: 'a30', name: 'A30 24GB',
    aliases: ['a30-24gb', 'a30 24gb', 'nvidia a30'],
    totalMiB: 24576, usableMiB: lessReservation(24576), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 0.6,
    source: 'NVIDIA A30 datasheet (24 GB HBM2); total taken as 24 GiB',
  },
  {
    id: 'rtx-a4000', name: 'RTX A4000 16GB',
    aliases: ['a4000', 'rtx a4000', 'nvidia rtx a4000'],
    totalMiB: 16376, usableMiB: lessReservation(16376), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 0.2,
    source: 'NVIDIA RTX A4000 datasheet (16 GB GDDR6 ECC); nvidia-smi 16376 MiB',
  },
  {
    id: 'rtx-a5000', name: 'RTX A5000 24GB',
    aliases: ['a5000', 'rtx a5000', 'nvidia rtx a5000'],
    totalMiB: 24564, usableMiB: lessReservation(24564), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 0.3,
    source: 'NVIDIA RTX A5000 datasheet (24 GB GDDR6 ECC); nvidia-smi 24564 MiB',
  },
  {
    id: 'rtx-a6000', name: 'RTX A6000 48GB',
    aliases: ['a6000', 'rtx a6000', 'nvidia rtx a6000', 'a6000-48gb'],
    totalMiB: 49140, usableMiB: lessReservation(49140), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 0.8,
    source: 'NVIDIA RTX A6000 datasheet (48 GB GDDR6 ECC); nvidia-smi 49140 MiB',
  },
  {
    id: 'a10', name: 'A10 24GB',
    aliases: ['a10-24gb', 'a10 24gb', 'nvidia a10'],
    totalMiB: 23028, usableMiB: lessReservation(23028), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 0.75,
    source: 'NVIDIA A10 datasheet (24 GB GDDR6); nvidia-smi 23028 MiB',
  },
  {
    id: 'a10g', name: 'A10G 24GB',
    aliases: ['a10g-24gb', 'a10g 24gb', 'nvidia a10g'],
    totalMiB: 23028, usableMiB: lessReservation(23028), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 1.0,
    source: 'AWS EC2 G5 instance specs (A10G, 24 GB GDDR6); nvidia-smi 23028 MiB',
  },
  {
    id: 'a40', name: 'A40 48GB',
    aliases: ['a40-48gb', 'a40 48gb', 'nvidia a40'],
    totalMiB: 46068, usableMiB: lessReservation(46068), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 0.55,
    source: 'NVIDIA A40 datasheet (48 GB GDDR6 ECC); nvidia-smi 46068 MiB',
  },
  {
    id: 'a100-40g', name: 'A100 40GB',
    aliases: ['a100-40gb', 'a100 40gb', 'a100-40', 'a100 40', 'a100-sxm4-40gb', 'a100-pcie-40gb', 'nvidia a100-sxm4-40gb', 'nvidia a100-pcie-40gb'],
    totalMiB: 40960, usableMiB: reportedGiB(39.59), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 1.3,
    source: 'NVIDIA A100 datasheet (40 GB HBM2, SXM4 and PCIe); nvidia-smi 40960 MiB; PyTorch OOM "39.59 GiB total capacity"',
  },
  {
    id: 'a100-80g', name: 'A100 80GB',
    // "a100" alone is ambiguous (40 or 80 GB); it means the 80 GB card, today's common rental.
    aliases: ['a100', 'a100-80gb', 'a100 80gb', 'a100-80', 'a100 80', 'a100-sxm4-80gb', 'a100-pcie-80gb', 'nvidia a100-sxm4-80gb', 'nvidia a100 80gb pcie'],
    totalMiB: 81920, usableMiB: reportedGiB(79.15), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 1.8,
    source: 'NVIDIA A100 datasheet (80 GB HBM2e); nvidia-smi 81920 MiB; PyTorch OOM "79.15 GiB total capacity"',
  },
  {
    id: 'a800-40g', name: 'A800 40GB',
    // The A800 is the A100 for the Chinese market with NVLink cut to 400 GB/s: same memory.
    aliases: ['a800-40gb', 'a800 40gb', 'a800-40', 'a800 40', 'a800-pcie-40gb', 'nvidia a800-pcie-40gb', 'nvidia a800 40gb'],
    totalMiB: 40960, usableMiB: reportedGiB(39.59), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 1.25,
    source: 'NVIDIA A800 40GB PCIe product brief (40 GB HBM2, A100 silicon); memory as A100 40GB: nvidia-smi 40960 MiB, 39.59 GiB usable',
  },
  {
    id: 'a800-80g', name: 'A800 80GB',
    // "a800" alone means the 80 GB SXM part of HGX A800 servers.
    aliases: ['a800', 'a800-80gb', 'a800 80gb', 'a800-80', 'a800 80', 'a800-sxm4-80gb', 'a800-pcie-80gb', 'nvidia a800-sxm4-80gb', 'nvidia a800 80gb pcie'],
    totalMiB: 81920, usableMiB: reportedGiB(79.15), bf16: true, fp8: false, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ampere, priceRank: 1.75,
    source: 'NVIDIA A800 80GB product brief (80 GB HBM2e, A100 silicon); memory as A100 80GB: nvidia-smi 81920 MiB, PyTorch "79.15 GiB total capacity"',
  },
  // ---- NVIDIA Ada Lovelace (sm_89): bf16 and fp8 tensor cores.
  {
    id: 'l4', name: 'L4 24GB',
    aliases: ['l4-24gb', 'l4 24gb', 'nvidia l4'],
    totalMiB: 23034, usableMiB: lessReservation(23034), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.7,
    source: 'NVIDIA L4 datasheet (24 GB GDDR6); nvidia-smi 23034 MiB',
  },
  {
    id: 'rtx-4090', name: 'RTX 4090 24GB',
    aliases: ['4090', 'a 4090', 'rtx4090', 'rtx 4090', 'geforce rtx 4090', 'nvidia geforce rtx 4090', '4090-24gb'],
    totalMiB: 24564, usableMiB: reportedGiB(23.65), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.45,
    source: 'NVIDIA GeForce RTX 4090 specs (24 GB GDDR6X); nvidia-smi 24564 MiB; PyTorch OOM "23.65 GiB total capacity"',
  },
  {
    id: 'rtx-4060', name: 'RTX 4060 8GB',
    aliases: ['4060', 'rtx4060', 'rtx 4060', 'geforce rtx 4060', 'nvidia geforce rtx 4060'],
    totalMiB: 8188, usableMiB: lessReservation(8188), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.13,
    source: 'NVIDIA GeForce RTX 4060 specs (8 GB GDDR6); nvidia-smi 8188 MiB',
  },
  {
    id: 'rtx-4070', name: 'RTX 4070 12GB',
    aliases: ['4070', 'rtx4070', 'rtx 4070', 'geforce rtx 4070', 'nvidia geforce rtx 4070', '4070 super', 'rtx 4070 super', 'rtx4070super'],
    totalMiB: 12282, usableMiB: lessReservation(12282), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.2,
    source: 'NVIDIA GeForce RTX 4070 / 4070 SUPER specs (12 GB GDDR6X both); nvidia-smi 12282 MiB',
  },
  {
    id: 'rtx-4060-ti-16g', name: 'RTX 4060 Ti 16GB',
    // The 8 GB 4060 Ti exists too; people training models mean the 16 GB one.
    aliases: ['4060 ti', '4060ti', 'rtx 4060 ti', 'rtx4060ti', 'rtx 4060 ti 16gb', '4060 ti 16gb', 'geforce rtx 4060 ti', 'nvidia geforce rtx 4060 ti'],
    totalMiB: 16380, usableMiB: lessReservation(16380), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.15,
    source: 'NVIDIA GeForce RTX 4060 Ti 16 GB specs (GDDR6); nvidia-smi 16380 MiB',
  },
  {
    id: 'rtx-4070-ti', name: 'RTX 4070 Ti 12GB',
    aliases: ['4070 ti', '4070ti', 'rtx 4070 ti', 'rtx4070ti', 'geforce rtx 4070 ti', 'nvidia geforce rtx 4070 ti'],
    totalMiB: 12282, usableMiB: lessReservation(12282), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.25,
    source: 'NVIDIA GeForce RTX 4070 Ti specs (12 GB GDDR6X); nvidia-smi 12282 MiB',
  },
  {
    id: 'rtx-4070-ti-super', name: 'RTX 4070 Ti SUPER 16GB',
    aliases: ['4070 ti super', '4070ti super', '4070tisuper', 'rtx 4070 ti super', 'rtx4070tisuper', 'geforce rtx 4070 ti super', 'nvidia geforce rtx 4070 ti super'],
    totalMiB: 16376, usableMiB: lessReservation(16376), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.3,
    source: 'NVIDIA GeForce RTX 4070 Ti SUPER specs (16 GB GDDR6X on AD103, as the 4080); nvidia-smi 16376 MiB as the 4080',
  },
  {
    id: 'rtx-4080', name: 'RTX 4080 16GB',
    aliases: ['4080', 'rtx4080', 'rtx 4080', 'rtx 4080 super', '4080 super', 'geforce rtx 4080', 'nvidia geforce rtx 4080'],
    totalMiB: 16376, usableMiB: lessReservation(16376), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.35,
    source: 'NVIDIA GeForce RTX 4080 / 4080 SUPER specs (16 GB GDDR6X); nvidia-smi 16376 MiB',
  },
  {
    id: 'l20', name: 'L20 48GB',
    aliases: ['l20-48gb', 'l20 48gb', 'nvidia l20'],
    totalMiB: 46068, usableMiB: lessReservation(46068), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.8,
    source: 'NVIDIA L20 product brief (48 GB GDDR6 ECC, AD102 like the L40); nvidia-smi as L40, 46068 MiB',
  },
  {
    id: 'l40', name: 'L40 48GB',
    aliases: ['l40-48gb', 'l40 48gb', 'nvidia l40'],
    totalMiB: 46068, usableMiB: lessReservation(46068), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 1.0,
    source: 'NVIDIA L40 datasheet (48 GB GDDR6 ECC); nvidia-smi 46068 MiB',
  },
  {
    id: 'l40s', name: 'L40S 48GB',
    aliases: ['l40s-48gb', 'l40s 48gb', 'nvidia l40s'],
    totalMiB: 46068, usableMiB: lessReservation(46068), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 1.1,
    source: 'NVIDIA L40S datasheet (48 GB GDDR6 ECC); nvidia-smi 46068 MiB',
  },
  {
    id: 'rtx-6000-ada', name: 'RTX 6000 Ada 48GB',
    // "RTX 6000" alone: the Ada card, the one sold under that name since 2022 (the 24 GB Turing
    // Quadro RTX 6000 is older; the 96 GB Blackwell is the "RTX PRO 6000").
    // "A6000 ada (48G)" (OpenRLHF/OpenRLHF#901): the Ada card, named after the Ampere RTX A6000 it replaced.
    aliases: ['rtx 6000 ada', 'rtx6000 ada', 'rtx 6000 ada generation', 'nvidia rtx 6000 ada generation', '6000 ada', 'rtx 6000', 'rtx6000', 'a6000 ada', 'rtx a6000 ada', 'a6000ada', 'a6000-ada'],
    totalMiB: 49140, usableMiB: lessReservation(49140), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.ada, priceRank: 0.9,
    source: 'NVIDIA RTX 6000 Ada Generation datasheet (48 GB GDDR6 ECC); nvidia-smi 49140 MiB',
  },
  // ---- NVIDIA Hopper (sm_90): bf16 and fp8 (Transformer Engine).
  {
    id: 'h100-80g', name: 'H100 80GB SXM',
    // "h100" alone means the SXM5 80 GB part, the one in HGX/DGX nodes and most clouds.
    aliases: ['h100', 'h100-80gb', 'h100 80gb', 'h100-sxm', 'h100 sxm', 'h100-sxm5', 'h100-sxm5-80gb', 'h100 80gb hbm3', 'nvidia h100 80gb hbm3'],
    totalMiB: 81559, usableMiB: lessReservation(81559), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.hopper, priceRank: 3.0,
    source: 'NVIDIA H100 datasheet (SXM5, 80 GB HBM3); nvidia-smi 81559 MiB',
  },
  {
    id: 'h100-pcie', name: 'H100 80GB PCIe',
    aliases: ['h100 pcie', 'h100-pcie-80gb', 'h100 pcie 80gb', 'nvidia h100 pcie'],
    totalMiB: 81559, usableMiB: lessReservation(81559), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.hopper, priceRank: 2.4,
    source: 'NVIDIA H100 datasheet (PCIe, 80 GB HBM2e); nvidia-smi 81559 MiB',
  },
  {
    id: 'h100-nvl', name: 'H100 NVL 94GB',
    aliases: ['h100 nvl', 'h100-nvl-94gb', 'h100 nvl 94gb', 'h100-94gb', 'h100 94gb', 'nvidia h100 nvl'],
    totalMiB: 95830, usableMiB: lessReservation(95830), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.hopper, priceRank: 3.2,
    source: 'NVIDIA H100 NVL datasheet (94 GB HBM3 per GPU); nvidia-smi 95830 MiB',
  },
  {
    id: 'h800', name: 'H800 80GB',
    // The H100 SXM for the Chinese market with NVLink cut to 400 GB/s: same memory and fp8.
    aliases: ['h800', 'h800-80gb', 'h800 80gb', 'h800-sxm', 'h800 sxm', 'h800-sxm5', 'nvidia h800', 'nvidia h800 80gb hbm3'],
    totalMiB: 81559, usableMiB: lessReservation(81559), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.hopper, priceRank: 2.8,
    source: 'NVIDIA H800 SXM5 product brief (80 GB HBM3, H100 silicon); nvidia-smi as H100 SXM, 81559 MiB',
  },
  {
    id: 'h20', name: 'H20 96GB',
    aliases: ['h20', 'h20-96gb', 'h20 96gb', 'nvidia h20'],
    totalMiB: 97871, usableMiB: lessReservation(97871), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.hopper, priceRank: 1.5,
    source: 'NVIDIA H20 product brief (96 GB HBM3, Hopper with cut compute); nvidia-smi 97871 MiB as the 96 GB GH200',
  },
  {
    id: 'gh200', name: 'GH200 96GB',
    aliases: ['gh200-96gb', 'gh200 96gb', 'gh200 480gb', 'nvidia gh200 480gb', 'grace hopper'],
    totalMiB: 97871, usableMiB: lessReservation(97871), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.hopper, priceRank: 3.2,
    source: 'NVIDIA GH200 Grace Hopper datasheet (96 GB HBM3 GPU memory; the 480 GB is LPDDR5X CPU memory); nvidia-smi 97871 MiB',
  },
  {
    id: 'h200', name: 'H200 141GB',
    aliases: ['h200-141gb', 'h200 141gb', 'h200 sxm', 'h200-sxm', 'nvidia h200'],
    totalMiB: 143771, usableMiB: lessReservation(143771), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.hopper, priceRank: 3.8,
    source: 'NVIDIA H200 datasheet (141 GB HBM3e); nvidia-smi 143771 MiB',
  },
  // ---- NVIDIA Blackwell (sm_100/120): bf16, fp8 (and fp4).
  {
    id: 'rtx-5090', name: 'RTX 5090 32GB',
    aliases: ['5090', 'rtx5090', 'rtx 5090', 'geforce rtx 5090', 'nvidia geforce rtx 5090'],
    totalMiB: 32607, usableMiB: lessReservation(32607), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.blackwell, priceRank: 0.8,
    source: 'NVIDIA GeForce RTX 5090 specs (32 GB GDDR7); nvidia-smi 32607 MiB',
  },
  {
    id: 'rtx-5070-ti', name: 'RTX 5070 Ti 16GB',
    aliases: ['5070 ti', '5070ti', 'rtx 5070 ti', 'rtx5070ti', 'geforce rtx 5070 ti', 'nvidia geforce rtx 5070 ti'],
    totalMiB: 16303, usableMiB: lessReservation(16303), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.blackwell, priceRank: 0.4,
    source: 'NVIDIA GeForce RTX 5070 Ti specs (16 GB GDDR7); nvidia-smi 16303 MiB',
  },
  {
    id: 'rtx-5080', name: 'RTX 5080 16GB',
    aliases: ['5080', 'rtx5080', 'rtx 5080', 'geforce rtx 5080', 'nvidia geforce rtx 5080'],
    totalMiB: 16303, usableMiB: lessReservation(16303), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.blackwell, priceRank: 0.5,
    source: 'NVIDIA GeForce RTX 5080 specs (16 GB GDDR7); nvidia-smi 16303 MiB',
  },
  {
    id: 'rtx-pro-6000', name: 'RTX PRO 6000 Blackwell 96GB',
    aliases: ['rtx pro 6000', 'rtx pro 6000 blackwell', 'rtx pro 6000 blackwell workstation edition', 'rtx pro 6000 blackwell server edition', 'pro 6000', 'nvidia rtx pro 6000 blackwell workstation edition', 'nvidia rtx pro 6000 blackwell server edition'],
    totalMiB: 97887, usableMiB: lessReservation(97887), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.blackwell, priceRank: 1.6,
    source: 'NVIDIA RTX PRO 6000 Blackwell datasheet (96 GB GDDR7 ECC); nvidia-smi 97887 MiB',
  },
  {
    id: 'b200', name: 'B200 180GB',
    aliases: ['b200-180gb', 'b200 180gb', 'b200 192gb', 'nvidia b200'],
    totalMiB: 183359, usableMiB: lessReservation(183359), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.blackwell, priceRank: 5.5,
    source: 'NVIDIA DGX B200 datasheet (1,440 GB over 8 GPUs = 180 GB each of 192 GB HBM3e); nvidia-smi 183359 MiB',
  },
  {
    id: 'b300', name: 'B300 288GB',
    aliases: ['b300-288gb', 'b300 288gb', 'b300', 'blackwell ultra', 'nvidia b300', 'hgx b300'],
    totalMiB: 274658, usableMiB: lessReservation(274658), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.blackwell, priceRank: 6.5,
    source: 'NVIDIA HGX B300 / DGX B300 specs (288 GB HBM3e per GPU, 2.3 TB per 8); total taken as 288e9 B = 274658 MiB (nvidia-smi figure not verified)',
  },
  {
    id: 'gb200', name: 'GB200 186GB',
    // One Blackwell GPU of a GB200 superchip (two GPUs + one Grace CPU); NVL72 racks hold 72.
    aliases: ['gb200-186gb', 'gb200 186gb', 'gb200', 'gb200 nvl72', 'nvidia gb200', 'grace blackwell'],
    totalMiB: 177383, usableMiB: lessReservation(177383), bf16: true, fp8: true, vendor: 'nvidia',
    contextMiB: CONTEXT_MIB.blackwell, priceRank: 6.0,
    source: 'NVIDIA GB200 NVL72 specs (13.4 TB HBM3e over 72 GPUs = 186 GB each); total taken as 186e9 B = 177383 MiB (nvidia-smi figure not verified)',
  },
  // ---- AMD Instinct (CDNA2/3): bf16; fp8 from CDNA3 (MI300).
  {
    id: 'mi210', name: 'MI210 64GB',
    aliases: ['mi210-64gb', 'mi210 64gb', 'mi210', 'instinct mi210', 'amd instinct mi210'],
    totalMiB: 65520, usableMiB: lessReservation(65520), bf16: true, fp8: false, vendor: 'amd',
    contextMiB: CONTEXT_MIB.rocm, priceRank: 1.0,
    source: 'AMD Instinct MI210 datasheet (64 GB HBM2e, CDNA2); rocm-smi 65520 MiB as one MI250X GCD',
  },
  {
    id: 'mi250x', name: 'MI250X 64GB (one GCD)',
    // An MI250X module is two GCDs of 64 GB; ROCm and PyTorch see each GCD as its own device.
    aliases: ['mi250x', 'mi250', 'instinct mi250x', 'amd instinct mi250x', 'mi250x gcd'],
    totalMiB: 65520, usableMiB: lessReservation(65520), bf16: true, fp8: false, vendor: 'amd',
    contextMiB: CONTEXT_MIB.rocm, priceRank: 1.8,
    source: 'AMD Instinct MI250X datasheet (128 GB HBM2e as 2 × 64 GB GCDs); rocm-smi 65520 MiB per GCD',
  },
  {
    id: 'mi300x', name: 'MI300X 192GB',
    aliases: ['mi300x-192gb', 'mi300x 192gb', 'mi300', 'instinct mi300x', 'amd instinct mi300x'],
    totalMiB: 196288, usableMiB: lessReservation(196288), bf16: true, fp8: true, vendor: 'amd',
    contextMiB: CONTEXT_MIB.rocm, priceRank: 2.6,
    source: 'AMD Instinct MI300X datasheet (192 GB HBM3); rocm-smi VRAM total 205,822,885,888 B = 196288 MiB',
  },
  {
    id: 'mi325x', name: 'MI325X 256GB',
    aliases: ['mi325x-256gb', 'mi325x 256gb', 'mi325', 'instinct mi325x', 'amd instinct mi325x'],
    totalMiB: 262144, usableMiB: lessReservation(262144), bf16: true, fp8: true, vendor: 'amd',
    contextMiB: CONTEXT_MIB.rocm, priceRank: 3.2,
    source: 'AMD Instinct MI325X datasheet (256 GB HBM3E); total taken as 256 GiB (rocm-smi figure not verified)',
  },
  {
    id: 'mi355x', name: 'MI355X 288GB',
    aliases: ['mi355x-288gb', 'mi355x 288gb', 'mi355x', 'mi355', 'instinct mi355x', 'amd instinct mi355x'],
    totalMiB: 294912, usableMiB: lessReservation(294912), bf16: true, fp8: true, vendor: 'amd',
    contextMiB: CONTEXT_MIB.rocm, priceRank: 4.0,
    source: 'AMD Instinct MI355X datasheet (288 GB HBM3E, CDNA4); total taken as 288 GiB like the MI325X entry (rocm-smi figure not verified)',
  },
];
