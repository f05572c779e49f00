/**
 * How a card's memory is counted in the catalog (gpus.ts explains each field): the runtime's
 * total below nvidia-smi's, and the CUDA context each generation adds to an estimate.
 */

/** nvidia-smi total less 1% for the driver / ECC reservation (gpus.ts, its header). */
export function lessReservation(totalMiB: number): number {
  return totalMiB - Math.ceil(totalMiB * 0.01);
}

/** PyTorch's "X GiB total capacity" (cudaMemGetInfo total) in MiB. */
export function reportedGiB(gib: number): number {
  return Math.floor(gib * 1024);
}

/*
 * Volta is measured: HF's "Model training anatomy" run on a V100 16GB shows 1343 MiB in
 * nvidia-smi after `torch.ones((1, 1)).to("cuda")` alone (reference row GT121's notes): CUDA 11
 * stacks without lazy module loading, which is what V100 fleets typically still run.
 */
export const CONTEXT_MIB = { pascal: 300, volta: 1343, turing: 350, ampere: 450, ada: 450, hopper: 550, blackwell: 600, rocm: 500 } as const;

/**
 * Volta under lazy module loading (memory/overhead.ts lazyLoadedContextMiB): no measured V100 figure
 * is in ../shared/reference, so the neighbouring generation's catalog value (Turing, sm75, whose
 * kernel modules are built like sm70's) stands in. An estimate, like the other generations' ≈ figures.
 */
export const VOLTA_LAZY_CONTEXT_MIB = CONTEXT_MIB.turing;
