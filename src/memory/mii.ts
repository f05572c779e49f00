/**
 * DeepSpeed-MII's FastGen (the v2 ragged engine, deepspeed/inference/v2) sizes its KV blocks from
 * the memory free after the weights load, keeping a fixed reserve for everything else:
 * deepspeed/inference/v2/ragged/manager_configs.py `MemoryConfig` — mode RESERVE, size
 * 1_000_000_000: "the amount of memory in bytes to reserve after allocating the KV-cache. If in a
 * tensor-parallel regime, this amount is guaranteed to be reserved on all devices." The forward
 * passes' activations and the sampler run out of that reserve.
 */
export const MII_RESERVE_BYTES = 1_000_000_000;

/** KV bytes: the card less the weights, the non-torch memory and the reserve (negative: it cannot start). */
export function miiKvBudget(card: number, residentBytes: number, nonTorch: number): number {
  return card - residentBytes - nonTorch - MII_RESERVE_BYTES;
}

/**
 * mii/config.py `ModelConfig.tensor_parallel = int(os.getenv("WORLD_SIZE", "1"))` and `replica_num = 1`
 * (microsoft/DeepSpeed-MII, commit 6628d0c): a deployment that names no tensor_parallel and is not
 * started by the deepspeed launcher puts the whole model on one GPU, one replica per GPU.
 */
export const MII_DEFAULT_TP = 1;
