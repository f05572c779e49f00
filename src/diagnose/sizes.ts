/**
 * Memory sizes as the tools print them. PyTorch's allocator formats with binary units
 * ("bytes", "KiB", "MiB", "GiB"; c10/cuda/CUDACachingAllocator.cpp format_size); vLLM prints
 * "GiB"; llama.cpp "MiB" and raw bytes. Decimal units ("GB") are read as written (10^9).
 */
export const SIZE = String.raw`(\d{1,9}(?:\.\d{1,12})?) ?(bytes|byte|B|KiB|MiB|GiB|TiB|KB|MB|GB|TB)\b`;

const FACTOR: Record<string, number> = {
  bytes: 1,
  byte: 1,
  B: 1,
  KiB: 2 ** 10,
  MiB: 2 ** 20,
  GiB: 2 ** 30,
  TiB: 2 ** 40,
  KB: 1e3,
  MB: 1e6,
  GB: 1e9,
  TB: 1e12,
};

/** Bytes of a (number, unit) pair captured by SIZE. */
export function sizeBytes(value: string | undefined, unit: string | undefined): number {
  return Number(value) * (FACTOR[unit ?? ''] ?? Number.NaN);
}

const GIB = 2 ** 30;
const MIB = 2 ** 20;

/** A size for a reply: "2.00 GiB", "172 MiB", "0 bytes" — in the unit the tools print. */
export function showSize(bytes: number): string {
  if (bytes <= 0) return '0 bytes';
  if (bytes >= GIB) return `${(bytes / GIB).toFixed(2)} GiB`;
  if (bytes >= MIB) return `${Math.round(bytes / MIB)} MiB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KiB`;
}

/** A share of a total as a whole percentage: "38%". */
export function percent(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((100 * part) / whole)}%` : '?%';
}
